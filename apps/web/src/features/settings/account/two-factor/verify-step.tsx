import { TWO_FACTOR } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { showToast } from '../../../../components/ui/toast-store';
import { confirmTwoFactor, reloadUser } from './two-factor-api';
import { twoFactorErrorMessage } from './two-factor-errors';
import { TwoFactorCodeField } from './two-factor-code-field';

/** The first code from the app: confirming it turns two-factor on. */
export function VerifyStep({ onBack, onVerified }: { onBack(): void; onVerified(): void }) {
  const { t } = useTranslation('twoFactor');
  const [code, setCode] = useState('');
  const confirm = useMutation({
    mutationFn: () => confirmTwoFactor(code),
    onSuccess: async () => {
      showToast({ message: t('com_ui_2fa_verified'), status: 'success' });
      onVerified();
      await reloadUser().catch(() => undefined);
    },
    onError: (error) => showToast({ message: twoFactorErrorMessage(error, t, 'com_ui_2fa_invalid'), status: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length === TWO_FACTOR.codeDigits) confirm.mutate();
  };
  const error = confirm.error ? twoFactorErrorMessage(confirm.error, t, 'com_ui_2fa_invalid') : undefined;
  return (
    <form noValidate onSubmit={submit} data-testid="twofa-step-verify">
      <p className="mb-4 text-[15px] leading-relaxed text-fg-secondary">{t('verify_hint')}</p>
      <TwoFactorCodeField
        mode="code"
        value={code}
        onChange={(next) => {
          setCode(next);
          if (confirm.isError) confirm.reset();
        }}
        error={error}
      />
      <div className="mt-6 flex justify-between gap-2">
        <Button variant="ghost" onClick={onBack} data-testid="twofa-back">
          {t('back')}
        </Button>
        <Button
          type="submit"
          isLoading={confirm.isPending}
          disabled={code.length !== TWO_FACTOR.codeDigits}
          data-testid="twofa-verify"
        >
          {t('verify')}
        </Button>
      </div>
    </form>
  );
}
