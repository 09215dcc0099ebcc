import type { EnableTwoFactorResponse, TwoFactorCodeInput } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { showToast } from '../../../../components/ui/toast-store';
import { BackupCodesList } from './backup-codes-list';
import { CodeEntryForm } from './code-entry-form';
import { QrStep } from './qr-step';
import { SetupProgress } from './setup-progress';
import { disableTwoFactor, enableTwoFactor, reloadUser } from './two-factor-api';
import { twoFactorErrorMessage } from './two-factor-errors';
import { VerifyStep } from './verify-step';

/** SPEC 4: setup → qr → verify → backup → enabled; with two-factor on, the dialog only disables. */
type Phase = 'setup' | 'qr' | 'verify' | 'backup' | 'enabled' | 'disable';

/** Phases where the server holds a half-enabled state that closing must roll back. */
const MID_SETUP: Phase[] = ['qr', 'verify', 'backup'];

function IconBadge({ tone, children }: { tone: 'accent' | 'danger'; children: ReactNode }) {
  return (
    <span
      className={
        tone === 'accent'
          ? 'flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent'
          : 'flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger'
      }
    >
      {children}
    </span>
  );
}

export function TwoFactorDialog({
  isOpen,
  isEnabled,
  onOpenChange,
}: {
  isOpen: boolean;
  /** Read when the dialog mounts: it picks setup or disable mode. */
  isEnabled: boolean;
  onOpenChange(isOpen: boolean): void;
}) {
  const { t } = useTranslation('twoFactor');
  // The section mounts a fresh dialog for each opening, so this is read once per opening and
  // closing needs no reset.
  const [phase, setPhase] = useState<Phase>(isEnabled ? 'disable' : 'setup');
  const [setup, setSetup] = useState<EnableTwoFactorResponse | null>(null);
  const [hasDownloaded, setHasDownloaded] = useState(false);

  const start = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (result) => {
      setSetup(result);
      setPhase('qr');
    },
    onError: (error) =>
      showToast({ message: twoFactorErrorMessage(error, t, 'com_ui_2fa_generate_error'), status: 'error' }),
  });

  const disable = useMutation({
    mutationFn: (input: TwoFactorCodeInput) => disableTwoFactor(input),
    onSuccess: async () => {
      showToast({ message: t('com_ui_2fa_disabled'), status: 'success' });
      await reloadUser().catch(() => undefined);
      onOpenChange(false);
    },
    onError: (error) =>
      showToast({ message: twoFactorErrorMessage(error, t, 'com_ui_2fa_disable_error'), status: 'error' }),
  });

  const close = (nextOpen: boolean) => {
    if (nextOpen) return onOpenChange(true);
    // Closing mid-setup turns the half-enabled state back off (the session that confirmed
    // may do so without another code), so the account is never left with codes nobody saved.
    if (MID_SETUP.includes(phase)) {
      void disableTwoFactor()
        .then(() => reloadUser())
        .catch((error: unknown) =>
          showToast({ message: twoFactorErrorMessage(error, t, 'com_ui_2fa_disable_error'), status: 'error' }),
        );
    }
    onOpenChange(false);
  };

  const complete = () => {
    showToast({ message: t('com_ui_2fa_enabled'), status: 'success' });
    setPhase('enabled');
  };

  const title = phase === 'disable' ? t('disable_title') : phase === 'backup' ? t('backup_title') : t('setup_title');
  return (
    <Dialog open={isOpen} onOpenChange={close}>
      <DialogContent title={title} className="max-w-md" data-testid="twofa-dialog" data-phase={phase}>
        <div className="overflow-y-auto px-6 pb-6">
          {phase === 'qr' || phase === 'verify' || phase === 'backup' ? (
            <SetupProgress current={phase === 'qr' ? 0 : phase === 'verify' ? 1 : 2} />
          ) : null}

          {phase === 'setup' ? (
            <div className="flex flex-col items-center text-center" data-testid="twofa-step-setup">
              <IconBadge tone="accent">
                <ShieldCheck className="size-6" aria-hidden />
              </IconBadge>
              <p className="mt-4 text-[15px] leading-relaxed text-fg-secondary">{t('intro')}</p>
              <p className="mt-2 text-[15px] leading-relaxed text-fg-secondary">{t('intro_backup')}</p>
              <Button
                className="mt-6 w-full"
                onClick={() => start.mutate()}
                isLoading={start.isPending}
                data-testid="twofa-start"
              >
                {t('get_started')}
              </Button>
            </div>
          ) : null}

          {phase === 'qr' && setup ? <QrStep otpauthUrl={setup.otpauthUrl} onNext={() => setPhase('verify')} /> : null}

          {phase === 'verify' ? (
            <VerifyStep onBack={() => setPhase('qr')} onVerified={() => setPhase('backup')} />
          ) : null}

          {phase === 'backup' && setup ? (
            <div data-testid="twofa-step-backup">
              <Alert tone="info" className="mb-4">
                {t('backup_hint')}
              </Alert>
              <BackupCodesList
                codes={setup.backupCodes}
                hasDownloaded={hasDownloaded}
                onDownloaded={() => setHasDownloaded(true)}
              />
              <div className="mt-5 flex items-center justify-end gap-3">
                {!hasDownloaded ? <p className="text-[13px] text-fg-tertiary">{t('download_first')}</p> : null}
                <Button onClick={complete} disabled={!hasDownloaded} data-testid="twofa-complete">
                  {t('complete')}
                </Button>
              </div>
            </div>
          ) : null}

          {phase === 'enabled' ? (
            <div className="flex flex-col items-center text-center" data-testid="twofa-step-enabled">
              <IconBadge tone="accent">
                <CircleCheck className="size-6" aria-hidden />
              </IconBadge>
              <p className="mt-4 font-medium text-fg">{t('enabled_title')}</p>
              <p className="mt-1 text-[15px] leading-relaxed text-fg-secondary">{t('enabled_hint')}</p>
              <Button className="mt-6 w-full" onClick={() => close(false)} data-testid="twofa-done">
                {t('done')}
              </Button>
            </div>
          ) : null}

          {phase === 'disable' ? (
            <CodeEntryForm
              testId="twofa-disable-form"
              hint={
                <div className="flex gap-3">
                  <IconBadge tone="danger">
                    <ShieldOff className="size-6" aria-hidden />
                  </IconBadge>
                  <p className="min-w-0 flex-1">
                    {t('disable_hint')} {t('disable_warning')}
                  </p>
                </div>
              }
              submitLabel={t('disable')}
              submitVariant="danger"
              isPending={disable.isPending}
              error={disable.error ? twoFactorErrorMessage(disable.error, t, 'com_ui_2fa_disable_error') : undefined}
              onSubmit={(input) => disable.mutate(input)}
              onCancel={() => close(false)}
              onEdit={() => disable.isError && disable.reset()}
            />
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
