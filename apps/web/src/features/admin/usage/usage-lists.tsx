import type { AdminUsageEventCount, AdminUsageReport, AdminUsageUser } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { formatCompact, formatCount, formatDateTime } from './format';

function Empty({ children }: { children: string }) {
  return <p className="py-6 text-center text-sm text-fg-tertiary">{children}</p>;
}

/** The most active users of the range: who, messages sent, tokens of their replies, credits. */
export function TopUsersTable({ users, showCredits }: { users: AdminUsageUser[]; showCredits: boolean }) {
  const { t, i18n } = useTranslation('admin-usage');
  const locale = i18n.language;
  if (users.length === 0) return <Empty>{t('users_empty')}</Empty>;
  const cell = 'px-3 py-2.5 text-end whitespace-nowrap tabular-nums';
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0">
      <table className="w-full min-w-[18rem] text-sm" data-testid="usage-top-users">
        <thead>
          <tr className="border-b border-line text-xs text-fg-tertiary">
            <th scope="col" className="px-3 py-2 text-start font-medium">{t('users_col_user')}</th>
            <th scope="col" className="px-3 py-2 text-end font-medium whitespace-nowrap">{t('users_col_messages')}</th>
            <th scope="col" className="px-3 py-2 text-end font-medium whitespace-nowrap">{t('users_col_tokens')}</th>
            {showCredits ? <th scope="col" className="px-3 py-2 text-end font-medium whitespace-nowrap">{t('users_col_credits')}</th> : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {users.map((u) => (
            <tr key={u.id} data-testid="usage-top-user">
              <th scope="row" className="w-full max-w-0 px-3 py-2.5 text-start font-normal">
                <span className="block truncate font-medium text-fg">{u.name || u.email || t('users_deleted')}</span>
                {u.email && u.name ? <span className="block truncate text-xs text-fg-tertiary">{u.email}</span> : null}
              </th>
              <td className={`${cell} text-fg`}>{formatCount(u.messages, locale)}</td>
              <td className={`${cell} text-fg-secondary`} title={formatCount(u.promptTokens + u.completionTokens, locale)}>
                {formatCompact(u.promptTokens + u.completionTokens, locale)}
              </td>
              {showCredits ? <td className={`${cell} text-fg-secondary`}>{formatCompact(u.credits, locale)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** SPEC 7's analytics events by name, each with a bar against the most frequent. */
export function EventCounts({ events }: { events: AdminUsageEventCount[] }) {
  const { t, i18n } = useTranslation('admin-usage');
  if (events.length === 0) return <Empty>{t('events_empty')}</Empty>;
  const max = Math.max(1, ...events.map((e) => e.count));
  return (
    <ul className="flex flex-col gap-2" data-testid="usage-events">
      {events.map((e) => (
        <li key={e.event} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 text-sm">
          <code className="truncate font-mono text-[13px] text-fg">{e.event}</code>
          <span className="text-end text-fg-secondary tabular-nums">{formatCount(e.count, i18n.language)}</span>
          <div className="col-span-2 h-1.5 overflow-hidden rounded-full bg-surface-tertiary" aria-hidden>
            <div className="h-full rounded-full bg-sky-500/80 dark:bg-sky-400/80" style={{ width: `${(e.count / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Violations of the range by type (SPEC 8), then the latest ones with who and when. */
export function ViolationsList({ violations }: { violations: AdminUsageReport['violations'] }) {
  const { t, i18n } = useTranslation('admin-usage');
  const locale = i18n.language;
  if (violations.byType.length === 0) return <Empty>{t('violations_empty')}</Empty>;
  return (
    <div className="flex flex-col gap-4" data-testid="usage-violations">
      <ul className="flex flex-wrap gap-2">
        {violations.byType.map((v) => (
          <li key={v.type} className="inline-flex items-center gap-2 rounded-lg border border-danger-line bg-danger-soft px-2.5 py-1 text-sm">
            <code className="font-mono text-[13px] text-fg">{v.type}</code>
            <span className="font-semibold text-danger tabular-nums">{formatCount(v.count, locale)}</span>
            {v.users > 0 ? <span className="text-xs text-fg-tertiary">{t('violations_users', { count: v.users })}</span> : null}
          </li>
        ))}
      </ul>
      <div>
        <h3 className="mb-1 text-xs font-medium text-fg-tertiary">{t('violations_recent')}</h3>
        <ul className="divide-y divide-line text-sm">
          {violations.recent.map((v) => (
            <li key={v.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
              <span className="flex min-w-0 items-baseline gap-2">
                <code className="shrink-0 font-mono text-[13px] text-fg">{v.type}</code>
                <span className="truncate text-fg-secondary">{v.user ? v.user.email || v.user.name || v.user.id : t('violations_visitor')}</span>
              </span>
              <time dateTime={v.createdAt} className="shrink-0 text-xs text-fg-tertiary tabular-nums">
                {formatDateTime(v.createdAt, locale)}
              </time>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
