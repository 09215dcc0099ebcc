import type { AdminUser } from '@confab/shared';
import { ChevronRight, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RoleBadge, StatusBadge, UserInitials } from './user-badges';
import { formatAgo, formatBalance, formatDay, formatMoment } from './user-format';

interface UserListProps {
  users: readonly AdminUser[];
  onOpen: (user: AdminUser) => void;
}

function useProviderLabel() {
  const { t } = useTranslation('admin-users');
  return (provider: string) =>
    provider === 'local' ? t('provider_local') : provider.charAt(0).toUpperCase() + provider.slice(1);
}

function TwoFactorCell({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin-users');
  return user.twoFactorEnabled ? (
    <span className="inline-flex items-center gap-1 text-fg" title={t('two_factor_on')}>
      <ShieldCheck className="size-4 text-accent" aria-hidden />
      {t('two_factor_on_short')}
    </span>
  ) : (
    <span className="text-fg-tertiary">{t('two_factor_off_short')}</span>
  );
}

/** The users as a table (a wide screen). A row opens the user. */
function UserTable({ users, onOpen }: UserListProps) {
  const { t, i18n } = useTranslation('admin-users');
  const providerLabel = useProviderLabel();
  const hasBalance = users.some((u) => u.balance !== null);
  const head = 'pb-2.5 pr-4 text-left text-xs font-medium text-fg-tertiary';
  return (
    <table className="hidden w-full table-fixed border-collapse text-sm lg:table" data-testid="admin-users-table">
      <colgroup>
        <col />
        <col className="w-[7.5rem]" />
        <col className="w-[5.5rem]" />
        <col className="w-[7rem]" />
        <col className="w-[7rem]" />
        {hasBalance ? <col className="w-[6.5rem]" /> : null}
        <col className="w-[3.5rem]" />
        <col className="w-[7rem]" />
        <col className="w-[1.75rem]" />
      </colgroup>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className={`${head} pl-3`}>
            {t('col_user')}
          </th>
          <th scope="col" className={head}>
            {t('col_role')}
          </th>
          <th scope="col" className={head}>
            {t('col_provider')}
          </th>
          <th scope="col" className={head}>
            {t('col_created')}
          </th>
          <th scope="col" className={head}>
            {t('col_last_active')}
          </th>
          {hasBalance ? (
            <th scope="col" className={`${head} text-right`}>
              {t('col_balance')}
            </th>
          ) : null}
          <th scope="col" className={head}>
            {t('col_two_factor')}
          </th>
          <th scope="col" className={head}>
            {t('col_status')}
          </th>
          <th scope="col" className="w-8">
            <span className="sr-only">{t('open_user')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr
            key={user.id}
            onClick={() => onOpen(user)}
            className="group cursor-pointer border-b border-line transition-colors last:border-b-0 hover:bg-surface-hover"
            data-testid="admin-user-row"
            data-email={user.email}
          >
            <td className="max-w-0 py-2.5 pr-4 pl-3">
              <div className="flex min-w-0 items-center gap-3">
                <UserInitials user={user} />
                <div className="min-w-0">
                  <button
                    type="button"
                    className="focus-ring block max-w-full truncate rounded text-left font-medium text-fg"
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(user);
                    }}
                    data-testid="admin-user-open"
                  >
                    {user.name}
                  </button>
                  <div className="truncate text-xs text-fg-tertiary" title={user.email}>
                    {user.email}
                  </div>
                </div>
              </div>
            </td>
            <td className="py-2.5 pr-4">
              <RoleBadge user={user} />
            </td>
            <td className="truncate py-2.5 pr-4 whitespace-nowrap text-fg-secondary">{providerLabel(user.provider)}</td>
            <td className="py-2.5 pr-4 whitespace-nowrap text-fg-secondary tabular-nums">
              {formatDay(user.createdAt, i18n.language)}
            </td>
            <td
              className="truncate py-2.5 pr-4 whitespace-nowrap text-fg-secondary"
              title={user.lastActiveAt ? formatMoment(user.lastActiveAt, i18n.language) : undefined}
            >
              {user.lastActiveAt ? (
                formatAgo(user.lastActiveAt, i18n.language, { isShort: true })
              ) : (
                <span className="text-fg-tertiary">{t('never')}</span>
              )}
            </td>
            {hasBalance ? (
              <td
                className="py-2.5 pr-4 text-right whitespace-nowrap text-fg tabular-nums"
                data-testid="admin-user-balance"
              >
                {user.balance === null ? '—' : formatBalance(user.balance, i18n.language)}
              </td>
            ) : null}
            <td className="py-2.5 pr-4 whitespace-nowrap">
              <TwoFactorCell user={user} />
            </td>
            <td className="py-2.5 pr-4">
              <StatusBadge user={user} />
            </td>
            <td className="py-2.5 pr-2 text-fg-tertiary">
              <ChevronRight className="size-4 opacity-0 transition-opacity group-hover:opacity-100" aria-hidden />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The users as cards (a phone or a narrow window). */
function UserCards({ users, onOpen }: UserListProps) {
  const { t, i18n } = useTranslation('admin-users');
  const providerLabel = useProviderLabel();
  return (
    <ul className="flex flex-col gap-2 lg:hidden" data-testid="admin-users-cards">
      {users.map((user) => (
        <li key={user.id}>
          <button
            type="button"
            onClick={() => onOpen(user)}
            className="focus-ring flex w-full flex-col gap-2.5 rounded-xl border border-line bg-surface px-3.5 py-3 text-left transition-colors hover:bg-surface-hover"
            data-testid="admin-user-card"
            data-email={user.email}
          >
            <div className="flex w-full min-w-0 items-center gap-3">
              <UserInitials user={user} />
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium text-fg">{user.name}</div>
                <div className="truncate text-xs text-fg-tertiary">{user.email}</div>
              </div>
              <StatusBadge user={user} />
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-secondary">
              <RoleBadge user={user} />
              <span>{providerLabel(user.provider)}</span>
              {user.balance !== null ? (
                <span className="tabular-nums">
                  {t('card_balance', { credits: formatBalance(user.balance, i18n.language) })}
                </span>
              ) : null}
              {user.twoFactorEnabled ? <TwoFactorCell user={user} /> : null}
              <span className="ml-auto text-fg-tertiary">
                {user.lastActiveAt
                  ? t('card_active', { when: formatAgo(user.lastActiveAt, i18n.language) })
                  : t('never_active')}
              </span>
            </div>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function UserList(props: UserListProps) {
  return (
    <>
      <UserTable {...props} />
      <UserCards {...props} />
    </>
  );
}
