import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleDashed, Clock, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { queryClient } from '../../lib/query-client';
import { cn } from '../../lib/cn';
import { describeKey } from './key-expiry';
import { revokeKey } from './keys-api';
import { keyKeys, useKeyStatusQuery } from './use-endpoint-key';

/** The stored key of an endpoint in one line: its expiry (SPEC 2) and a Revoke button. */
export function KeyStatusRow({ endpoint, label, isOpen }: { endpoint: string; label: string; isOpen: boolean }) {
  const { t, i18n } = useTranslation('endpoints');
  const status = useKeyStatusQuery(endpoint, isOpen);
  const state = describeKey(status.data, Date.now());
  const revoke = useMutation({
    mutationFn: () => revokeKey(endpoint),
    onSuccess: () => {
      // Every ['userKey', …] query: the key prompts and selector buttons update at once.
      void queryClient.invalidateQueries({ queryKey: keyKeys.all });
      showToast({ message: t('keys.revoked', { endpoint: label }), status: 'success' });
    },
    onError: () => showToast({ message: t('keys.revoke_failed'), status: 'error' }),
  });
  if (status.isPending) return <div className="h-12 animate-pulse rounded-xl bg-surface-tertiary" aria-hidden />;

  const format = (at: Date) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  const text =
    state.kind === 'none'
      ? t('keys.status_none')
      : state.kind === 'never'
        ? t('keys.status_never')
        : state.kind === 'expired'
          ? t('keys.status_expired', { date: format(state.at) })
          : t('keys.status_expires', { date: format(state.at) });
  const Icon =
    state.kind === 'none'
      ? CircleDashed
      : state.kind === 'expired'
        ? TriangleAlert
        : state.kind === 'never'
          ? CircleCheck
          : Clock;

  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-xl border px-3.5 py-2.5',
        state.kind === 'expired' ? 'border-danger-line bg-danger-soft' : 'border-line bg-surface-tertiary/60',
      )}
      data-testid="key-status"
      data-state={state.kind}
    >
      <Icon
        className={cn(
          'size-[18px] shrink-0',
          state.kind === 'expired' ? 'text-danger' : state.kind === 'none' ? 'text-fg-tertiary' : 'text-accent',
        )}
        aria-hidden
      />
      <span className="min-w-0 flex-1 text-sm text-fg" data-testid="key-status-text">
        {text}
      </span>
      {state.kind !== 'none' ? (
        <Button
          variant="ghost"
          size="sm"
          className="-my-1 -mr-1.5 text-danger hover:bg-danger-soft"
          isLoading={revoke.isPending}
          onClick={() => revoke.mutate()}
          data-testid="key-revoke"
        >
          {t('keys.revoke')}
        </Button>
      ) : null}
    </div>
  );
}
