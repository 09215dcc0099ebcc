import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { postResendVerification } from './auth-api';
import { describeApiError, getLoginErrorKey } from './login-error';

/** SPEC 8 login error: a message by status, then "status: server message"; 422 offers a resend. */
export function LoginErrorBox({ error, email }: { error: unknown; email: string }) {
  const { t } = useTranslation('auth');
  const [resendState, setResendState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const { status, message } = describeApiError(error);
  const resend = async () => {
    setResendState('sending');
    await postResendVerification(email).catch(() => undefined);
    setResendState('sent');
  };
  return (
    <Alert tone="error" title={t(getLoginErrorKey(status))} testId="login-error" className="mb-5">
      <p className="text-[13px] break-words">{t('status_message', { status, message })}</p>
      {status === 422 ? (
        resendState === 'sent' ? (
          <p className="mt-2 text-[13px] text-fg">{t('verification_resent')}</p>
        ) : (
          <Button variant="link" className="mt-1.5 text-[13px]" onClick={resend} isLoading={resendState === 'sending'}>
            {t('resend_verification')}
          </Button>
        )
      ) : null}
    </Alert>
  );
}
