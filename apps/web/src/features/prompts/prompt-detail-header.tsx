import type { PromptGroup } from '@confab/shared';
import { MessageSquarePlus, Trash2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { IconButton } from '../../components/ui/icon-button';

/** The open prompt's title, who wrote it and how often it was used, and its actions. */
export function PromptDetailHeader({
  group,
  isShared,
  isMine,
  canStartChat,
  onStartChat,
  onDelete,
}: {
  group: PromptGroup;
  isShared: boolean;
  isMine: boolean;
  canStartChat: boolean;
  onStartChat(): void;
  /** Absent when the user may not delete it. */
  onDelete?: () => void;
}) {
  const { t, i18n } = useTranslation('prompts');
  const updated = new Date(group.updatedAt);
  const updatedText = Number.isNaN(updated.getTime())
    ? ''
    : updated.toLocaleDateString(i18n.language, { month: 'short', day: 'numeric', year: 'numeric' });
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between" data-testid="prompt-header">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 text-xl font-semibold tracking-tight break-words text-fg" data-testid="prompt-title">
            {group.name}
          </h2>
          {isShared ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent"
              data-testid="prompt-shared-badge"
            >
              <Users className="size-3" aria-hidden />
              {t('shared_badge')}
            </span>
          ) : null}
        </div>
        <p className="mt-1 text-[13px] text-fg-tertiary" data-testid="prompt-meta">
          {[
            isMine ? null : t('by_author', { name: group.authorName || t('someone') }),
            t('uses', { count: group.numberOfGenerations ?? 0 }),
            updatedText ? t('updated_on', { date: updatedText }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {/* The main action first on a phone (left, under the title); beside the title, it ends the row. */}
      <div className="flex shrink-0 items-center gap-1.5 sm:flex-row-reverse">
        <Button onClick={onStartChat} disabled={!canStartChat} data-testid="prompt-start-chat">
          <MessageSquarePlus className="size-4" aria-hidden />
          {t('start_chat')}
        </Button>
        {onDelete ? (
          <IconButton
            label={t('delete_prompt')}
            variant="ghost"
            size="icon"
            onClick={onDelete}
            className="text-fg-secondary hover:text-danger"
            data-testid="prompt-delete"
          >
            <Trash2 />
          </IconButton>
        ) : null}
      </div>
    </header>
  );
}
