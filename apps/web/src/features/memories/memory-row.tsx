import type { MemoryEntry } from '@confab/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/ui/icon-button';
import { MemoryForm } from './memory-form';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Updated today", "Updated yesterday", "Updated 3 days ago" for a week, then the date. */
function updatedLabel(
  iso: string,
  language: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(new Date()) - startOf(date)) / DAY_MS);
  if (days <= 0) return t('updated_today');
  const when =
    days < 7
      ? new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-days, 'day')
      : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  return t('updated_at', { date: when });
}

/** One memory: its key, value and when it changed, with edit (in place) and delete. */
export function MemoryRow({
  memory,
  charLimit,
  hasTokenLimit,
  isEditing,
  canEdit,
  isDeleting,
  onEdit,
  onEditDone,
  onDelete,
}: {
  memory: MemoryEntry;
  charLimit: number;
  /** With a token limit each memory's share of it is worth showing. */
  hasTokenLimit: boolean;
  isEditing: boolean;
  canEdit: boolean;
  isDeleting: boolean;
  onEdit(): void;
  onEditDone(savedKey?: string): void;
  onDelete(): void;
}) {
  const { t, i18n } = useTranslation('memories');
  if (isEditing) {
    return (
      <li
        className="bg-surface-secondary px-3.5 py-3.5 sm:px-4 dark:bg-surface"
        data-testid="memory-row"
        data-key={memory.key}
      >
        <MemoryForm original={memory} charLimit={charLimit} onDone={onEditDone} />
      </li>
    );
  }
  return (
    <li
      className="group/memory flex items-start gap-2 px-3.5 py-3 sm:px-4"
      data-testid="memory-row"
      data-key={memory.key}
      aria-busy={isDeleting || undefined}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate font-mono text-[13px] font-medium text-fg" title={memory.key} data-testid="memory-key">
          {memory.key}
        </p>
        <p
          className="mt-0.5 line-clamp-4 text-sm leading-relaxed break-words whitespace-pre-wrap text-fg-secondary"
          data-testid="memory-value"
        >
          {memory.value}
        </p>
        <p className="mt-1 text-xs text-fg-tertiary">
          {updatedLabel(memory.updated_at, i18n.language, t)}
          {hasTokenLimit ? (
            <>
              <span aria-hidden> · </span>
              {t('tokens', { count: memory.tokenCount })}
            </>
          ) : null}
        </p>
      </div>
      {canEdit ? (
        <div className="-my-1 -me-1.5 flex shrink-0 items-center">
          <IconButton
            label={t('edit', { key: memory.key })}
            size="icon-sm"
            onClick={onEdit}
            className="text-fg-secondary"
            data-testid="memory-edit"
          >
            <Pencil />
          </IconButton>
          <IconButton
            label={t('delete', { key: memory.key })}
            size="icon-sm"
            onClick={onDelete}
            disabled={isDeleting}
            className="text-fg-secondary hover:text-danger"
            data-testid="memory-delete"
          >
            <Trash2 />
          </IconButton>
        </div>
      ) : null}
    </li>
  );
}
