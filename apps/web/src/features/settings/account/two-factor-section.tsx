import { TWO_FACTOR } from '@confab/shared';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useAuthStore } from '../../auth/auth-store';
import { RegenerateBackupCodesDialog } from './two-factor/regenerate-backup-codes-dialog';
import { TwoFactorDialog } from './two-factor/two-factor-dialog';

/** Settings → Account: two-factor status and backup codes, for password accounts only (SPEC 6). */
export function TwoFactorSection() {
  const { t } = useTranslation('twoFactor');
  const user = useAuthStore((s) => s.user);
  // Each opening mounts a fresh dialog: it starts in the mode the account is in at that moment.
  const [opening, setOpening] = useState<{ dialog: 'two-factor' | 'regenerate'; key: number } | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  // Password sign-ins only: a local password or a directory's (LDAP).
  if (!user || (user.provider !== 'local' && user.provider !== 'ldap')) return null;

  const isEnabled = user.twoFactorEnabled;
  const unused = (user.backupCodes ?? []).filter((code) => !code.used).length;
  const open = (dialog: 'two-factor' | 'regenerate') => {
    setOpening({ dialog, key: (opening?.key ?? 0) + 1 });
    setIsOpen(true);
  };

  return (
    <div data-testid="two-factor-section">
      <div className="flex items-center justify-between gap-4 border-b border-line py-3.5 last:border-b-0">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-fg">
            {t('title')}
            {isEnabled ? (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent"
                data-testid="twofa-status-on"
              >
                <ShieldCheck className="size-3.5" aria-hidden />
                {t('badge_on')}
              </span>
            ) : null}
          </p>
          <p className="mt-0.5 text-[13px] text-fg-tertiary">{isEnabled ? t('status_on') : t('status_off')}</p>
        </div>
        <Button
          variant={isEnabled ? 'outline' : 'primary'}
          size="sm"
          onClick={() => open('two-factor')}
          data-testid={isEnabled ? 'twofa-disable' : 'twofa-enable'}
        >
          {isEnabled ? t('disable') : t('enable')}
        </Button>
      </div>
      {isEnabled ? (
        <div className="flex items-center justify-between gap-4 border-b border-line py-3.5 last:border-b-0">
          <div className="min-w-0">
            <p className="text-sm font-medium text-fg">{t('backup_codes')}</p>
            <p className="mt-0.5 text-[13px] text-fg-tertiary" data-testid="backup-codes-remaining" data-count={unused}>
              {t('backup_codes_remaining', { count: unused, total: TWO_FACTOR.backupCodeCount })}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => open('regenerate')} data-testid="regenerate-backup-codes">
            {t('regenerate')}
          </Button>
        </div>
      ) : null}
      {opening?.dialog === 'two-factor' ? (
        <TwoFactorDialog key={opening.key} isOpen={isOpen} isEnabled={isEnabled} onOpenChange={setIsOpen} />
      ) : null}
      {opening?.dialog === 'regenerate' ? (
        <RegenerateBackupCodesDialog key={opening.key} isOpen={isOpen} onOpenChange={setIsOpen} />
      ) : null}
    </div>
  );
}
