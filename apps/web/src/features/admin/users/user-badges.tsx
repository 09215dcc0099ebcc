import type { AdminUser } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { initialsOf, statusOf, type UserStatus } from './user-format';

const STATUS_CLASS: Record<UserStatus, string> = {
  active: 'bg-accent-soft text-accent',
  banned: 'bg-danger-soft text-danger',
  invited: 'bg-sky-500/12 text-sky-800 dark:text-sky-300',
  unverified: 'bg-amber-500/15 text-amber-800 dark:text-amber-400',
};

/** Active, banned, invited or unverified, as a small pill. */
export function StatusBadge({ user, className }: { user: AdminUser; className?: string }) {
  const { t } = useTranslation('admin-users');
  const status = statusOf(user);
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium whitespace-nowrap',
        STATUS_CLASS[status],
        className,
      )}
      data-testid="admin-user-status"
      data-status={status}
    >
      <span className="size-1.5 rounded-full bg-current" aria-hidden />
      {t(`status_${status}`)}
    </span>
  );
}

export function RoleBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin-users');
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center rounded-md border px-2 text-xs font-medium whitespace-nowrap',
        user.role === 'ADMIN' ? 'border-accent/30 text-accent' : 'border-line-strong text-fg-secondary',
      )}
      data-testid="admin-user-role"
    >
      {t(`role_${user.role}`)}
    </span>
  );
}

/** The person's initials in a circle (admins get the accent). */
export function UserInitials({ user, className }: { user: AdminUser; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
        user.role === 'ADMIN' ? 'bg-accent-soft text-accent' : 'bg-surface-tertiary text-fg-secondary',
        className,
      )}
    >
      {initialsOf(user)}
    </span>
  );
}
