import { PROMPT_SYSTEM_CATEGORIES } from '@confab/shared';
import { ChevronDown, ChevronRight, Plus, Search, SquareSlash, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useMatch } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePromptGroupsPage, usePromptPermissions } from './prompt-queries';
import { isSharedGlobally, toGroupsFilter } from './prompt-rules';

const rowClass =
  'focus-ring flex h-9 w-full items-center gap-2.5 rounded-lg px-2.5 text-sm text-fg transition-colors hover:bg-surface-hover';

/**
 * The sidebar's "Prompts" entry: it unfolds into a search and the first page of the user's and
 * shared prompts, each opening its page, with the way to the whole library.
 */
export function PromptsSidebarSection({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('prompts');
  const { canUse, canCreate, instanceProjectId, isKnown } = usePromptPermissions();
  const [isOpen, setIsOpen] = useState(false);
  const [name, setName] = useState('');
  const debouncedName = useDebouncedValue(name, 300);
  const isOnLibrary = useMatch('/d/prompts/*') !== null;
  const page = usePromptGroupsPage(
    toGroupsFilter({ category: PROMPT_SYSTEM_CATEGORIES.ALL, name: debouncedName, pageNumber: 1 }),
    canUse && isOpen,
  );
  // Drawn while the role is read (USE is on by default), so the list under it does not shift
  // when the answer comes (issue 35); gone once it says no.
  if (isKnown && !canUse) return null;
  const groups = page.data?.promptGroups ?? [];

  return (
    <div className="pt-0.5" data-testid="sidebar-prompts">
      <button
        type="button"
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
        className={cn(rowClass, 'font-medium', isOnLibrary && 'bg-surface-active hover:bg-surface-active')}
        data-testid="sidebar-prompts-toggle"
      >
        <SquareSlash className="size-[18px]" aria-hidden />
        <span className="flex-1 truncate text-left">{t('title')}</span>
        {isOpen ? (
          <ChevronDown className="size-4 text-fg-tertiary" aria-hidden />
        ) : (
          <ChevronRight className="size-4 text-fg-tertiary rtl:-scale-x-100" aria-hidden />
        )}
      </button>
      {isOpen ? (
        <div className="mt-1 mb-1 ml-[1.1rem] border-l border-line pl-2" data-testid="sidebar-prompts-panel">
          <div className="relative mb-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-fg-tertiary"
              aria-hidden
            />
            <input
              type="search"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={t('search')}
              aria-label={t('search')}
              className="focus-ring h-8 w-full rounded-lg border border-transparent bg-surface-tertiary/70 pr-2 pl-8 text-[13px] text-fg outline-none placeholder:text-fg-tertiary focus:border-line-strong focus:bg-surface [&::-webkit-search-cancel-button]:hidden"
              data-testid="sidebar-prompts-search"
            />
          </div>
          {page.isPending ? (
            <div className="flex justify-center py-3 text-fg-tertiary">
              <Spinner className="size-4" />
            </div>
          ) : groups.length === 0 ? (
            <p className="px-2.5 py-2 text-[13px] text-fg-tertiary" data-testid="sidebar-prompts-empty">
              {debouncedName.trim() ? t('empty_filtered') : t('empty_title')}
            </p>
          ) : (
            <ul className="scrollbar-thin flex max-h-72 flex-col overflow-y-auto">
              {groups.map((group) => (
                <li key={group._id}>
                  <NavLink
                    to={`/d/prompts/${group._id}`}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      cn(
                        'focus-ring flex h-8 items-center gap-2 rounded-lg px-2.5 text-[13px] text-fg transition-colors hover:bg-surface-hover',
                        isActive && 'bg-surface-active hover:bg-surface-active',
                      )
                    }
                    data-testid="sidebar-prompt"
                    data-group-id={group._id}
                  >
                    <span className="min-w-0 flex-1 truncate">{group.name}</span>
                    {isSharedGlobally(group, instanceProjectId) ? (
                      <Users className="size-3 shrink-0 text-fg-tertiary" aria-label={t('shared_badge')} />
                    ) : null}
                    {group.command ? (
                      <span className="max-w-[35%] shrink-0 truncate font-mono text-[11px] text-fg-tertiary">
                        /{group.command}
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-0.5 flex items-center gap-1">
            <Link
              to="/d/prompts"
              onClick={onNavigate}
              className="focus-ring flex h-8 flex-1 items-center rounded-lg px-2.5 text-[13px] font-medium text-accent hover:bg-surface-hover"
              data-testid="sidebar-prompts-all"
            >
              {t('all_prompts')}
            </Link>
            {canCreate ? (
              <Tooltip content={t('new')}>
                <Link
                  to="/d/prompts/new"
                  onClick={onNavigate}
                  aria-label={t('new')}
                  className="focus-ring flex size-8 items-center justify-center rounded-lg text-fg-secondary hover:bg-surface-hover hover:text-fg"
                  data-testid="sidebar-prompts-new"
                >
                  <Plus className="size-4" aria-hidden />
                </Link>
              </Tooltip>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
