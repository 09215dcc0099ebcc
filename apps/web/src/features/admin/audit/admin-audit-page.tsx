import { ADMIN_AUDIT_ACTIONS, type AdminAuditAction, type AdminAuditEntry } from '@confab/shared';
import {
  Ban,
  Coins,
  KeyRound,
  Megaphone,
  ScrollText,
  ShieldCheck,
  Terminal,
  UserCog,
  UserMinus,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDocumentTitle } from '../../config/use-document-title';
import { describeDetails } from './audit-details';
import { useAdminAudit } from './use-admin-audit';

const ICONS: Partial<Record<AdminAuditAction, LucideIcon>> = {
  'user.create': UserPlus,
  'user.invite': UserPlus,
  'user.role': UserCog,
  'user.ban': Ban,
  'user.unban': Ban,
  'user.verify_email': ShieldCheck,
  'user.reset_two_factor': KeyRound,
  'user.reset_password': KeyRound,
  'user.credits': Coins,
  'user.delete': UserMinus,
  'role.permissions': ShieldCheck,
  'banner.create': Megaphone,
  'banner.update': Megaphone,
  'banner.delete': Megaphone,
};

function Entry({ entry }: { entry: AdminAuditEntry }) {
  const { t, i18n } = useTranslation('admin-audit');
  const Icon = ICONS[entry.action] ?? ScrollText;
  const details = describeDetails(entry, t, i18n.language);
  const isCommandLine = entry.actor.id === null;
  const when = new Date(entry.createdAt);
  return (
    <li className="flex gap-3 py-3" data-testid="admin-audit-entry" data-action={entry.action}>
      <span
        className={
          entry.action === 'user.delete' || entry.action === 'user.ban'
            ? 'flex size-8 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger'
            : 'flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-tertiary text-fg-secondary'
        }
        aria-hidden
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <p className="min-w-0 text-sm text-fg">
            <span className="inline-flex items-center gap-1 font-medium">
              {isCommandLine ? <Terminal className="size-3.5 text-fg-tertiary" aria-hidden /> : null}
              {isCommandLine ? t('command_line') : entry.actor.label}
            </span>{' '}
            <span className="text-fg-secondary">{t(`verb_${entry.action.replace('.', '_')}`)}</span>{' '}
            {entry.target.label ? <span className="font-medium break-words">{entry.target.label}</span> : null}
          </p>
          <time
            dateTime={entry.createdAt}
            className="shrink-0 text-xs text-fg-tertiary tabular-nums"
            title={when.toLocaleString(i18n.language)}
          >
            {when.toLocaleString(i18n.language, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })}
          </time>
        </div>
        {details ? (
          <p className="mt-0.5 text-[13px] leading-snug text-fg-tertiary" data-testid="admin-audit-details">
            {details}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** Admin → Audit (issue 40): every administrator's action, newest first, who did what to whom and when. */
export function AdminAuditPage() {
  const { t } = useTranslation('admin-audit');
  useDocumentTitle(t('title'));
  const [action, setAction] = useState<AdminAuditAction | ''>('');
  const audit = useAdminAudit(action);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6 sm:pt-8"
      data-testid="admin-audit-page"
    >
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-semibold tracking-tight text-fg">{t('title')}</h1>
          <p className="mt-1 max-w-xl text-sm text-fg-secondary">{t('description')}</p>
        </div>
        <Select
          aria-label={t('filter')}
          value={action}
          onValueChange={(value) => setAction(value as AdminAuditAction | '')}
          options={[
            { value: '', label: t('filter_all') },
            ...ADMIN_AUDIT_ACTIONS.map((value) => ({ value, label: t(`action_${value.replace('.', '_')}`) })),
          ]}
          className="w-full sm:w-56"
          data-testid="admin-audit-filter"
        />
      </header>

      {audit.isPending ? (
        <div className="flex flex-col gap-4" aria-hidden>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex gap-3">
              <Skeleton className="size-8 rounded-full" />
              <div className="flex flex-1 flex-col gap-1.5">
                <Skeleton className="h-3.5 w-2/3" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
          ))}
        </div>
      ) : audit.isError ? (
        <div className="flex flex-col items-center rounded-2xl border border-line py-12 text-center">
          <p className="text-[15px] text-fg-secondary">{t('load_failed')}</p>
          <Button variant="outline" className="mt-4" onClick={() => void audit.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <div
          className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong px-6 py-12 text-center"
          data-testid="admin-audit-empty"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-surface-tertiary">
            <ScrollText className="size-5 text-fg-secondary" aria-hidden />
          </span>
          <h2 className="mt-3 text-base font-semibold text-fg">{t(action ? 'empty_filtered_title' : 'empty_title')}</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-fg-secondary">{t('empty_body')}</p>
        </div>
      ) : (
        <>
          <ul
            className="divide-y divide-line rounded-2xl border border-line bg-surface px-4"
            data-testid="admin-audit-list"
          >
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ul>
          {audit.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              isLoading={audit.isFetchingNextPage}
              onClick={() => void audit.fetchNextPage()}
              data-testid="admin-audit-more"
            >
              {t('load_more')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
