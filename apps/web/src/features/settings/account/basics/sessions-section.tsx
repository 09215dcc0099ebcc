import type { AccountSession } from '@confab/shared';
import type { TFunction } from 'i18next';
import { Globe, Laptop, LogOut, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { showToast } from '../../../../components/ui/toast-store';
import { ConfirmDialog } from '../../../conversations/confirm-dialog';
import { endSession } from '../../../auth/auth-store';
import { useAccountSessions, useEndOtherSessions, useEndSession } from './account-basics-api';

function deviceName(session: AccountSession, t: TFunction<'account-settings'>): string {
  if (session.browser && session.os) return t('device_on', { browser: session.browser, os: session.os });
  return session.browser ?? session.os ?? t('device_unknown');
}

/** "just now", "5 minutes ago", "yesterday", then the date: one short line per device. */
function whenLabel(iso: string, language: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const minutes = Math.round((Date.now() - ms) / 60_000);
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (minutes < 2) return relative.format(0, 'minute');
  if (minutes < 60) return relative.format(-minutes, 'minute');
  if (minutes < 24 * 60) return relative.format(-Math.round(minutes / 60), 'hour');
  if (minutes < 7 * 24 * 60) return relative.format(-Math.round(minutes / (24 * 60)), 'day');
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(ms));
}

function SessionRow({ session, onEnd }: { session: AccountSession; onEnd(): void }) {
  const { t, i18n } = useTranslation('account-settings');
  const Icon = session.isMobile ? Smartphone : session.browser ? Laptop : Globe;
  return (
    <li className="flex items-center gap-3 px-3.5 py-3 sm:px-4" data-testid="session-row" data-current={session.isCurrent}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent" aria-hidden>
        <Icon className="size-[18px]" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <p className="truncate text-sm font-medium text-fg" data-testid="session-device">
            {deviceName(session, t)}
          </p>
          {session.isCurrent ? (
            <span className="shrink-0 rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-medium text-accent" data-testid="session-this-device">
              {t('this_device')}
            </span>
          ) : null}
        </div>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-[13px] text-fg-tertiary">
          <span>{t('signed_in_at', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(session.createdAt)) })}</span>
          <span>{session.isCurrent ? t('active_now') : t('active_at', { when: whenLabel(session.lastActiveAt, i18n.language) })}</span>
        </p>
      </div>
      {session.isCurrent ? null : (
        <Button variant="ghost" size="sm" className="shrink-0 text-fg-secondary hover:text-danger" onClick={onEnd} data-testid="session-end">
          {t('session_end')}
        </Button>
      )}
    </li>
  );
}

/** Settings → Account → Signed-in devices: one row per sign-in, end any, or all but this one. */
export function SessionsSection() {
  const { t } = useTranslation(['account-settings', 'common']);
  const sessions = useAccountSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<AccountSession | 'others' | null>(null);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.isCurrent);

  const confirm = () => {
    if (!ending) return;
    const done = {
      onSuccess: () => showToast({ message: ending === 'others' ? t('others_ended') : t('session_ended'), status: 'success' }),
      onError: () => showToast({ message: t('generic_error'), status: 'error' }),
      onSettled: () => setEnding(null),
    };
    if (ending === 'others') endOthers.mutate(undefined, done);
    else end.mutate(ending.id, done);
  };

  return (
    <section className="border-b border-line py-4" aria-labelledby="sessions-title" data-testid="sessions-section">
      <h3 id="sessions-title" className="text-sm font-medium text-fg">
        {t('sessions_title')}
      </h3>
      <p className="mt-0.5 text-[13px] leading-snug text-fg-tertiary">{t('sessions_description')}</p>
      {sessions.isPending ? (
        <div className="flex justify-center py-6 text-fg-tertiary">
          <Spinner className="size-5" label={t('sessions_title')} />
        </div>
      ) : sessions.isError ? (
        <Alert tone="error" className="mt-3">
          <span>{t('sessions_load_error')} </span>
          <Button variant="link" className="text-sm" onClick={() => void sessions.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <ul className="mt-3 divide-y divide-line overflow-hidden rounded-xl border border-line" data-testid="session-list">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={() => setEnding(session)} />
          ))}
          {list.length === 0 ? (
            <li className="px-4 py-3 text-[13px] text-fg-tertiary">
              <Button variant="link" className="text-[13px]" onClick={() => void endSession()}>
                {t('sign_out')}
              </Button>
            </li>
          ) : null}
        </ul>
      )}
      {others.length > 0 ? (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setEnding('others')} data-testid="sessions-end-others">
          <LogOut className="size-3.5" aria-hidden />
          {t('end_others')}
        </Button>
      ) : null}
      <ConfirmDialog
        isOpen={ending !== null}
        onOpenChange={(isOpen) => !isOpen && setEnding(null)}
        title={ending === 'others' ? t('end_others_title') : t('session_end_title')}
        confirmLabel={ending === 'others' ? t('end_others') : t('session_end')}
        onConfirm={confirm}
        isPending={end.isPending || endOthers.isPending}
        testId="session-end-confirm"
      >
        {ending === 'others'
          ? t('end_others_body', { count: others.length })
          : ending
            ? t('session_end_body', { device: deviceName(ending, t) })
            : null}
      </ConfirmDialog>
    </section>
  );
}
