import * as Menu from '@radix-ui/react-dropdown-menu';
import { Bookmark, BookmarkCheck, ChevronDown, Settings2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { menuItemClass } from './bookmark-menu-items';
import { useBookmarkFilter } from './bookmark-filter-store';
import { LazyBookmarksManagerDialog } from './lazy-bookmarks-manager';
import { MountOnFirstOpen } from '../../components/ui/mount-on-first-open';
import { useTagsQuery } from './use-bookmarks';

/**
 * The sidebar's bookmark filter (SPEC 2): pick bookmarks to list only the conversations that
 * carry one of them. Shown once the user has a bookmark (or a filter is on).
 */
export function BookmarkFilter() {
  const { t } = useTranslation('bookmarks');
  const tags = useTagsQuery();
  const selected = useBookmarkFilter((s) => s.tags);
  const toggle = useBookmarkFilter((s) => s.toggle);
  const clear = useBookmarkFilter((s) => s.clear);
  const [isManagerOpen, setIsManagerOpen] = useState(false);
  const list = tags.data ?? [];
  if (list.length === 0 && selected.length === 0) return null;

  return (
    <div className="pb-1" data-testid="bookmark-filter">
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          className={cn(
            'focus-ring flex h-9 w-full items-center gap-2.5 rounded-lg px-2.5 text-sm text-fg transition-colors hover:bg-surface-hover data-[state=open]:bg-surface-hover',
            selected.length > 0 && 'font-medium',
          )}
          data-testid="bookmark-filter-trigger"
        >
          {selected.length ? (
            <BookmarkCheck className="size-[18px] text-accent" aria-hidden />
          ) : (
            <Bookmark className="size-[18px] text-fg-secondary" aria-hidden />
          )}
          <span className="flex-1 truncate text-left">{t('bookmarks')}</span>
          {selected.length ? (
            <span className="rounded-full bg-accent-soft px-1.5 text-xs font-semibold text-accent tabular-nums">
              {selected.length}
            </span>
          ) : null}
          <ChevronDown className="size-4 text-fg-tertiary" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          className="w-[calc(var(--radix-dropdown-menu-trigger-width)+1rem)] max-w-[18rem]"
          data-testid="bookmark-filter-menu"
        >
          <div className="scrollbar-thin max-h-72 overflow-y-auto">
            {list.map((item) => (
              <Menu.CheckboxItem
                key={item.tag}
                checked={selected.includes(item.tag)}
                onSelect={(event) => {
                  event.preventDefault();
                  toggle(item.tag);
                }}
                className={menuItemClass}
                data-testid="bookmark-filter-option"
                data-tag={item.tag}
              >
                {selected.includes(item.tag) ? (
                  <BookmarkCheck className="!text-accent" aria-hidden />
                ) : (
                  <Bookmark aria-hidden />
                )}
                <span className="min-w-0 flex-1 truncate">{item.tag}</span>
                <span className="text-xs text-fg-tertiary tabular-nums">{item.count}</span>
              </Menu.CheckboxItem>
            ))}
          </div>
          <DropdownMenuSeparator />
          {selected.length ? (
            <DropdownMenuItem onSelect={clear} data-testid="bookmark-filter-clear">
              <X aria-hidden />
              {t('clear_filter')}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => setIsManagerOpen(true)} data-testid="bookmarks-manage">
            <Settings2 aria-hidden />
            {t('manage')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {selected.length ? (
        <div className="flex flex-wrap gap-1 px-1 pt-1.5" data-testid="bookmark-filter-chips">
          {selected.map((tag) => (
            <button
              key={tag}
              type="button"
              onClick={() => toggle(tag)}
              className="focus-ring group flex max-w-full items-center gap-1 rounded-full border border-accent/30 bg-accent-soft py-0.5 pr-1 pl-2.5 text-xs font-medium text-fg transition-colors hover:border-accent/60"
              aria-label={t('remove_filter', { tag })}
            >
              <span className="truncate">{tag}</span>
              <X className="size-3.5 text-fg-tertiary group-hover:text-fg" aria-hidden />
            </button>
          ))}
        </div>
      ) : null}
      <MountOnFirstOpen isOpen={isManagerOpen}>
        <LazyBookmarksManagerDialog isOpen={isManagerOpen} onOpenChange={setIsManagerOpen} />
      </MountOnFirstOpen>
    </div>
  );
}
