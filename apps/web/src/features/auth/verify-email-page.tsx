import { TIMING } from '@confab/shared';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { postResendVerification, postVerifyEmail } from './auth-api';
import { AuthHeading } from './auth-heading';
import { AuthSwitchLink } from './auth-switch-link';
import { useCountdown } from './use-countdown';

type VerifyState = 'verifying' | 'missing_token' | 'invalid_link' | 'failed' | 'success';
type ResendState = 'idle' | 'sending' | 'sent' | 'failed';

const MESSAGE_KEYS: Record<Exclude<VerifyState, 'verifying'>, string> = {
  missing_token: 'verify_missing_token',
  invalid_link: 'verify_invalid_link',
  failed: 'verify_failed',
  success: 'verify_success',
};

export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email') ?? '';
  const [state, setState] = useState<VerifyState>(token ? 'verifying' : 'missing_token');
  const [resend, setResend] = useState<ResendState>('idle');
  const hasStarted = useRef(false);

  useEffect(() => {
    // Verification tokens are single-use: never send one twice (StrictMode runs effects twice).
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    postVerifyEmail({ email, token })
      .then(() => setState('success'))
      .catch((err: unknown) => setState(err instanceof ApiError && (err.status === 400 || err.status === 404) ? 'invalid_link' : 'failed'));
  }, [email, token]);

  const seconds = useCountdown(TIMING.redirectCountdownMs / 1000, state === 'success', () => void navigate('/c/new', { replace: true }));
  const resendEmail = async () => {
    setResend('sending');
    try {
      await postResendVerification(email);
      setResend('sent');
    } catch {
      setResend('failed');
    }
  };

  return (
    <>
      <AuthHeading title={t('verify_title')} />
      <div className="flex flex-col items-center gap-4 text-center" role="status">
        {state === 'verifying' ? (
          <>
            <Spinner className="size-7 text-fg-tertiary" />
            <p className="text-fg-secondary">{t('verify_in_progress')}</p>
          </>
        ) : state === 'success' ? (
          <>
            <CircleCheck className="size-10 text-accent" aria-hidden />
            <p className="text-fg">{t(MESSAGE_KEYS.success)}</p>
            <p className="text-sm text-fg-secondary">{t('verify_redirect', { count: seconds })}</p>
          </>
        ) : (
          <>
            <CircleAlert className="size-10 text-danger" aria-hidden />
            <p className="text-fg">{t(MESSAGE_KEYS[state])}</p>
            {state !== 'missing_token' && email ? (
              resend === 'sent' ? (
                <p className="text-sm text-fg-secondary">{t('verify_resend_success')}</p>
              ) : (
                <>
                  {resend === 'failed' ? <p className="text-sm text-danger">{t('verify_resend_failed')}</p> : null}
                  <Button variant="outline" onClick={resendEmail} isLoading={resend === 'sending'}>
                    {t('verify_resend')}
                  </Button>
                </>
              )
            ) : null}
          </>
        )}
      </div>
      {state !== 'success' ? <AuthSwitchLink prompt="" label={t('back_to_login')} to="/login" /> : null}
    </>
  );
}
