import type { PromptGroup } from '@confab/shared';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';

/** One prompt of the library's list: name, its "/" command, a line about it, category and sharing. */
export function PromptListRow({
  group,
  isShared,
  isMine,
  categoryLabel,
}: {
  group: PromptGroup;
  isShared: boolean;
  isMine: boolean;
  categoryLabel: string | null;
}) {
  const { t } = useTranslation('prompts');
  const about = group.oneliner || group.productionPrompt?.prompt || '';
  return (
    <li>
      <NavLink
        to={`/d/prompts/${group._id}`}
        className={({ isActive }) =>
          cn(
            'focus-ring group flex flex-col gap-1 rounded-xl px-3 py-2.5 transition-colors hover:bg-surface-hover',
            isActive && 'bg-surface-active hover:bg-surface-active',
          )
        }
        data-testid="prompt-row"
        data-group-id={group._id}
      >
        <span className="flex min-w-0 items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-fg" data-testid="prompt-row-name">
            {group.name}
          </span>
          {group.command ? (
            <span className="max-w-[45%] shrink-0 truncate rounded-md bg-surface-tertiary px-1.5 py-0.5 font-mono text-[11px] text-fg-secondary">
              /{group.command}
            </span>
          ) : null}
        </span>
        {about ? <span className="line-clamp-1 text-[13px] text-fg-secondary">{about}</span> : null}
        {categoryLabel || isShared || !isMine ? (
          <span className="flex min-w-0 items-center gap-2 text-xs text-fg-tertiary">
            {categoryLabel ? <span className="truncate">{categoryLabel}</span> : null}
            {isShared ? (
              <span className="inline-flex shrink-0 items-center gap-1" data-testid="prompt-row-shared">
                <Users className="size-3" aria-hidden />
                {isMine ? t('shared_badge') : t('by_author', { name: group.authorName || t('someone') })}
              </span>
            ) : null}
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}
