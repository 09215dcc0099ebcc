import type { AdminUser } from '@confab/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { showToast } from '../../../components/ui/toast-store';
import { adminUserError } from './admin-user-errors';
import { useUserAction } from './admin-users-api';
import { formatMoment, statusOf } from './user-format';
import { UserSection } from './user-section';

const HOUR = 3_600_000;
const DURATIONS: Record<string, number> = { '1h': HOUR, '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR };
const UNITS: Record<string, number> = { minutes: 60_000, hours: HOUR, days: 24 * HOUR };

/** Ban for a chosen time (sessions end at once), or lift a running ban. */
export function UserBanSection({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t, i18n } = useTranslation('admin-users');
  const action = useUserAction(user.id);
  const [choice, setChoice] = useState('24h');
  const [customAmount, setCustomAmount] = useState('3');
  const [customUnit, setCustomUnit] = useState('days');
  const [reason, setReason] = useState('');
  const isBanned = statusOf(user) === 'banned';
  const customMs = Math.round(Number(customAmount) * (UNITS[customUnit] ?? HOUR));
  const durationMs = choice === 'custom' ? customMs : (DURATIONS[choice] ?? HOUR);
  const isValid = Number.isFinite(durationMs) && durationMs >= 60_000;

  const onError = (error: unknown) => showToast({ message: adminUserError(error, t), status: 'error' });

  if (isBanned) {
    return (
      <UserSection
        title={t('ban_title')}
        description={t('banned_until', { when: formatMoment(user.bannedUntil ?? '', i18n.language) })}
        testId="admin-user-ban"
      >
        {user.banReason ? (
          <p className="mb-3 text-sm text-fg-secondary">{t('ban_reason_shown', { reason: user.banReason })}</p>
        ) : null}
        <Button
          variant="outline"
          isLoading={action.isPending}
          onClick={() =>
            action.mutate(
              { type: 'unban' },
              { onSuccess: () => showToast({ message: t('unbanned', { name: user.name }) }), onError },
            )
          }
          data-testid="admin-user-unban"
        >
          {t('unban')}
        </Button>
      </UserSection>
    );
  }

  return (
    <UserSection title={t('ban_title')} description={t('ban_description')} testId="admin-user-ban">
      <div className="flex flex-col gap-2.5">
        <div className="flex flex-wrap gap-2">
          <Select
            aria-label={t('ban_duration')}
            value={choice}
            onValueChange={setChoice}
            options={[...Object.keys(DURATIONS), 'custom'].map((value) => ({ value, label: t(`ban_for_${value}`) }))}
            className="w-40"
            data-testid="admin-user-ban-duration"
          />
          {choice === 'custom' ? (
            <>
              <Input
                type="number"
                min={1}
                inputMode="numeric"
                aria-label={t('ban_custom_amount')}
                value={customAmount}
                onChange={(e) => setCustomAmount(e.target.value)}
                className="h-9 w-20 rounded-lg px-3 text-sm"
                data-testid="admin-user-ban-amount"
              />
              <Select
                aria-label={t('ban_custom_unit')}
                value={customUnit}
                onValueChange={setCustomUnit}
                options={Object.keys(UNITS).map((value) => ({ value, label: t(`unit_${value}`) }))}
                className="w-28"
              />
            </>
          ) : null}
        </div>
        <Input
          placeholder={t('ban_reason_placeholder')}
          aria-label={t('ban_reason')}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          className="h-9 rounded-lg px-3 text-sm"
          data-testid="admin-user-ban-reason"
        />
        <div>
          <Button
            variant="danger"
            disabled={!isValid || isSelf}
            isLoading={action.isPending}
            title={isSelf ? t('ban_self') : undefined}
            onClick={() =>
              action.mutate(
                { type: 'ban', durationMs, ...(reason.trim() ? { reason: reason.trim() } : {}) },
                {
                  onSuccess: () => {
                    setReason('');
                    showToast({ message: t('banned', { name: user.name }) });
                  },
                  onError,
                },
              )
            }
            data-testid="admin-user-ban-submit"
          >
            {t('ban')}
          </Button>
          {isSelf ? <p className="mt-2 text-xs text-fg-tertiary">{t('ban_self')}</p> : null}
        </div>
      </div>
    </UserSection>
  );
}
