import type { MemeTemplate } from '@confab/shared';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { EditTemplateButton } from '../editor/edit-template-button';

export interface TemplateCardProps {
  template: MemeTemplate;
  onChoose(): void;
  /** Absent: the viewer may not delete it (builtin art, or another's template for everyone). */
  onDelete?: (() => void) | undefined;
  isDeleting?: boolean;
}

/** One template in the gallery's grid: its thumbnail and name, a badge on people's own, and their delete button. */
export function TemplateCard({ template, onChoose, onDelete, isDeleting = false }: TemplateCardProps) {
  const { t } = useTranslation('memes-gallery');
  const badge =
    template.scope === 'personal' ? t('badge_personal') : template.scope === 'global' ? t('badge_shared') : null;
  return (
    <li className="relative">
      <button
        type="button"
        onClick={onChoose}
        title={template.description || template.name}
        aria-label={t('choose', { name: template.name })}
        className="group focus-ring flex w-full flex-col gap-2 rounded-xl p-1.5 text-start transition-colors hover:bg-surface-hover"
        data-testid="meme-template"
        data-template={template.id}
      >
        <span className="relative block aspect-[9/16] w-full overflow-hidden rounded-lg border border-line bg-surface-secondary">
          <img
            // The server's 270×480 version: a tenth of the bytes of the full picture.
            src={`${template.url}?thumb=1`}
            alt=""
            width={270}
            height={480}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
          />
          {badge ? (
            <span
              className="absolute start-1.5 top-1.5 rounded-md bg-black/65 px-1.5 py-0.5 text-[11px] font-medium text-white"
              data-testid="meme-template-badge"
            >
              {badge}
            </span>
          ) : null}
        </span>
        <span className="truncate px-0.5 text-sm font-medium text-fg">{template.name}</span>
      </button>
      <EditTemplateButton template={template} />
      {onDelete ? (
        <Tooltip content={t('delete', { name: template.name })}>
          <button
            type="button"
            onClick={onDelete}
            disabled={isDeleting}
            aria-label={t('delete', { name: template.name })}
            className={cn(
              'focus-ring absolute end-3 top-3 flex size-8 items-center justify-center rounded-full bg-black/65 text-white transition-colors hover:bg-danger disabled:opacity-50',
            )}
            data-testid="meme-template-delete"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </Tooltip>
      ) : null}
    </li>
  );
}
