import { ChevronLeft, ChevronRight, Plus, SearchX, SquareSlash } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { buttonClasses } from '../../components/ui/button-variants';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { TableSearchField } from '../../components/ui/table-search-field';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAuth } from '../auth/use-auth';
import { PromptListRow } from './prompt-list-row';
import { usePromptListStore } from './prompt-list-store';
import { usePromptGroupsPage, usePromptPermissions } from './prompt-queries';
import { isSharedGlobally, pageCountOf, toGroupsFilter } from './prompt-rules';
import { usePromptCategoryOptions } from './use-prompt-categories';

const SEARCH_DEBOUNCE_MS = 300;

/** The library's list: search by name, a category filter, ten prompts a page with previous/next. */
export function PromptListPane({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation('prompts');
  const { user } = useAuth();
  const { instanceProjectId } = usePromptPermissions();
  const { category, name, pageNumber, setCategory, setName, setPageNumber } = usePromptListStore();
  const debouncedName = useDebouncedValue(name, SEARCH_DEBOUNCE_MS);
  const page = usePromptGroupsPage(toGroupsFilter({ category, name: debouncedName, pageNumber }));
  const { filterOptions, labelOf } = usePromptCategoryOptions();
  const groups = page.data?.promptGroups ?? [];
  const pages = pageCountOf(page.data?.pages);
  // A deletion can empty the last page: show the one that is now last.
  const lastPage = page.data ? pageCountOf(page.data.pages) : null;
  useEffect(() => {
    if (lastPage !== null && pageNumber > lastPage) setPageNumber(lastPage);
  }, [lastPage, pageNumber, setPageNumber]);
  const isFiltered = category !== filterOptions[0]?.value || debouncedName.trim() !== '';

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="prompt-list">
      <div className="flex shrink-0 flex-col gap-2.5 px-4 pt-4 pb-3 md:pt-5">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-lg font-semibold tracking-tight text-fg">{t('title')}</h1>
          {canCreate ? (
            <Link to="/d/prompts/new" className={buttonClasses('primary', 'sm')} data-testid="prompt-new">
              <Plus className="size-4" aria-hidden />
              {t('new')}
            </Link>
          ) : null}
        </div>
        <div className="flex gap-2">
          <TableSearchField
            value={name}
            onChange={setName}
            label={t('search')}
            className="min-w-0 flex-1"
            data-testid="prompt-search"
          />
          <Select
            options={filterOptions}
            value={category}
            onValueChange={setCategory}
            aria-label={t('filter_label')}
            className="w-36 shrink-0"
            data-testid="prompt-category-filter"
          />
        </div>
      </div>

      <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {page.isPending ? (
          <ul className="flex flex-col gap-1 px-1" aria-hidden>
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="flex flex-col gap-2 px-2 py-3">
                <Skeleton className="h-4 w-2/5" />
                <Skeleton className="h-3 w-4/5" />
              </li>
            ))}
          </ul>
        ) : page.isError ? (
          <div className="flex flex-col items-center px-6 py-12 text-center">
            <p className="text-sm text-fg-secondary">{t('load_failed')}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void page.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : groups.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center" data-testid="prompt-list-empty">
            <span className="flex size-10 items-center justify-center rounded-xl bg-surface-tertiary text-fg-secondary">
              {isFiltered ? <SearchX className="size-5" aria-hidden /> : <SquareSlash className="size-5" aria-hidden />}
            </span>
            <p className="text-sm font-medium text-fg">{isFiltered ? t('empty_filtered') : t('empty_title')}</p>
            {!isFiltered ? <p className="max-w-64 text-[13px] text-fg-secondary">{t('empty_body')}</p> : null}
          </div>
        ) : (
          <ul className="flex flex-col gap-0.5" aria-label={t('list_label')}>
            {groups.map((group) => (
              <PromptListRow
                key={group._id}
                group={group}
                isShared={isSharedGlobally(group, instanceProjectId)}
                isMine={!!user && group.author === user.id}
                categoryLabel={group.category ? labelOf(group.category) : null}
              />
            ))}
          </ul>
        )}
      </div>

      {pages > 1 ? (
        <nav
          className="flex shrink-0 items-center justify-between gap-2 border-t border-line px-4 py-2.5"
          aria-label={t('pages_label')}
          data-testid="prompt-pager"
        >
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setPageNumber(pageNumber - 1)}
            disabled={pageNumber <= 1}
            data-testid="prompt-page-previous"
          >
            <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
            {t('previous')}
          </Button>
          <span className="text-xs text-fg-tertiary tabular-nums" data-testid="prompt-page-status">
            {t('page_of', { page: Math.min(pageNumber, pages), pages })}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setPageNumber(pageNumber + 1)}
            disabled={pageNumber >= pages}
            data-testid="prompt-page-next"
          >
            {t('next')}
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
