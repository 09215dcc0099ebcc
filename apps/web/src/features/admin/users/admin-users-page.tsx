import type { AdminUser } from '@confab/shared';
import { ChevronLeft, ChevronRight, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableSearchField } from '../../../components/ui/table-search-field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../config/use-document-title';
import { useAdminUsers } from './admin-users-api';
import { NewUserDialog } from './new-user-dialog';
import { UserDetailDialog } from './user-detail-dialog';
import { UserList } from './user-list';

const SEARCH_DEBOUNCE_MS = 300;

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden data-testid="admin-users-loading">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border border-line px-3.5 py-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-3.5 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="h-6 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * Admin → Users (issue 40): every account, searched and paged, each opened in a panel with every
 * action an administrator has on it; "New user" creates or invites one.
 */
export function AdminUsersPage() {
  const { t, i18n } = useTranslation('admin-users');
  useDocumentTitle(t('title'));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers(query, page);
  const [opened, setOpened] = useState<AdminUser | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const pagination = users.data?.pagination;
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <div
      className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6 sm:pt-8"
      data-testid="admin-users-page"
    >
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-semibold tracking-tight text-fg">{t('title')}</h1>
          <p className="mt-1 max-w-xl text-sm text-fg-secondary">{t('description')}</p>
        </div>
        <Button onClick={() => setIsCreating(true)} className="self-start sm:self-auto" data-testid="admin-users-new">
          <UserPlus className="size-4" aria-hidden />
          {t('new_user')}
        </Button>
      </header>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <TableSearchField
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          label={t('search')}
          className="w-full sm:max-w-sm"
          data-testid="admin-users-search"
        />
        {pagination ? (
          <p className="text-sm text-fg-tertiary" data-testid="admin-users-count">
            {t(query ? 'count_found' : 'count_total', {
              count: pagination.total,
              formatted: number.format(pagination.total),
            })}
          </p>
        ) : null}
      </div>

      {users.isPending ? (
        <ListSkeleton />
      ) : users.isError ? (
        <div className="flex flex-col items-center rounded-2xl border border-line py-12 text-center">
          <p className="text-[15px] text-fg-secondary">{t('load_failed')}</p>
          <Button variant="outline" className="mt-4" onClick={() => void users.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : users.data.users.length === 0 ? (
        <div
          className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong px-6 py-12 text-center"
          data-testid="admin-users-empty"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-surface-tertiary">
            <Users className="size-5 text-fg-secondary" aria-hidden />
          </span>
          <h2 className="mt-3 text-base font-semibold text-fg">{t(query ? 'empty_search_title' : 'empty_title')}</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-fg-secondary">
            {query ? t('empty_search_body', { search: query }) : t('empty_body')}
          </p>
        </div>
      ) : (
        <div
          className={users.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          aria-busy={users.isFetching}
        >
          <UserList users={users.data.users} onOpen={setOpened} />
        </div>
      )}

      {pagination && pagination.totalPages > 1 ? (
        <nav className="flex items-center justify-between gap-3" aria-label={t('pages')}>
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
            data-testid="admin-users-prev"
          >
            <ChevronLeft className="size-4" aria-hidden />
            {t('previous')}
          </Button>
          <span className="text-sm text-fg-secondary tabular-nums">
            {t('page_of', { page: pagination.page, total: pagination.totalPages })}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pagination.totalPages}
            onClick={() => setPage((p) => p + 1)}
            data-testid="admin-users-next"
          >
            {t('next')}
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </nav>
      ) : null}

      <UserDetailDialog user={opened} onClose={() => setOpened(null)} />
      <NewUserDialog isOpen={isCreating} onOpenChange={setIsCreating} />
    </div>
  );
}
