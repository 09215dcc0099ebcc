import { TIMING } from '@confab/shared';
import { CircleAlert, CircleCheck, MailX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { buttonClasses } from '../../components/ui/button-variants';
import { Spinner } from '../../components/ui/spinner';
import type { PublicUser } from '@confab/shared';
import { ApiError, apiJson } from '../../lib/api-client';
import { postConfirmEmailChange } from '../settings/account/basics/account-basics-api';
import { useAuthStore } from './auth-store';
import { cn } from '../../lib/cn';
import { postResendVerification, postVerifyEmail } from './auth-api';
import { AuthSwitchLink } from './auth-switch-link';
import { describeApiError } from './login-error';
import { useCountdown } from './use-countdown';

type VerifyState = 'verifying' | 'missing_token' | 'invalid_link' | 'failed' | 'success';
type ResendState = { step: 'idle' | 'sending' | 'sent' } | { step: 'failed'; detail: string };

const MESSAGE_KEYS: Record<Exclude<VerifyState, 'verifying'>, string> = {
  missing_token: 'verify_missing_token',
  invalid_link: 'verify_invalid_link',
  failed: 'verify_failed',
  success: 'verify_success',
};

function StatusIcon({ tone, children }: { tone: 'accent' | 'danger' | 'muted'; children: ReactNode }) {
  const tones = {
    accent: 'bg-accent-soft text-accent',
    danger: 'bg-danger-soft text-danger',
    muted: 'bg-surface-tertiary text-fg-tertiary',
  };
  return <span className={cn('flex size-14 items-center justify-center rounded-full', tones[tone])}>{children}</span>;
}

/** SPEC 2's /verify: in progress, then success (on to /c/new in 3 s) or a failure that offers a new link. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email') ?? '';
  const isEmailChange = params.get('change') === '1';
  const [state, setState] = useState<VerifyState>(token ? 'verifying' : 'missing_token');
  const [resend, setResend] = useState<ResendState>({ step: 'idle' });
  const hasStarted = useRef(false);

  useEffect(() => {
    // Verification tokens are single-use: never send one twice (StrictMode runs effects twice).
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    // Issue 40: a link that confirms a new address of an existing account, not a new account's.
    const verify = isEmailChange
      ? postConfirmEmailChange(token).then(async () => {
          if (useAuthStore.getState().status === 'authenticated') {
            useAuthStore.getState().setUser(await apiJson<PublicUser>('/api/user'));
          }
        })
      : postVerifyEmail({ email, token });
    verify
      .then(() => setState('success'))
      .catch((err: unknown) =>
        setState(err instanceof ApiError && (err.status === 400 || err.status === 404) ? 'invalid_link' : 'failed'),
      );
  }, [email, token, isEmailChange]);

  const goOn = () => void navigate('/c/new', { replace: true });
  const seconds = useCountdown(TIMING.redirectCountdownMs / 1000, state === 'success', goOn);
  const resendEmail = async () => {
    setResend({ step: 'sending' });
    try {
      await postResendVerification(email);
      setResend({ step: 'sent' });
    } catch (err) {
      setResend({ step: 'failed', detail: t('status_message', describeApiError(err)) });
    }
  };

  if (state === 'verifying') {
    return (
      <div
        className="flex flex-col items-center py-8 text-center"
        role="status"
        data-testid="verify-state"
        data-state={state}
      >
        <Spinner className="size-7 text-fg-tertiary" />
        <p className="mt-4 text-[15px] text-fg-secondary">{t('verify_in_progress')}</p>
      </div>
    );
  }
  const isSuccess = state === 'success';
  return (
    <div className="flex flex-col items-center py-4 text-center" data-testid="verify-state" data-state={state}>
      {isSuccess ? (
        <StatusIcon tone="accent">
          <CircleCheck className="size-7" aria-hidden />
        </StatusIcon>
      ) : state === 'missing_token' ? (
        <StatusIcon tone="muted">
          <MailX className="size-7" aria-hidden />
        </StatusIcon>
      ) : (
        <StatusIcon tone="danger">
          <CircleAlert className="size-7" aria-hidden />
        </StatusIcon>
      )}
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-fg">
        {isSuccess ? t('verify_success_title') : t('verify_title')}
      </h1>
      <p className="mt-2 text-[15px] text-fg-secondary" role={isSuccess ? 'status' : 'alert'}>
        {t(MESSAGE_KEYS[state])}
      </p>
      {isSuccess ? (
        <>
          <p className="mt-1 text-sm text-fg-tertiary" aria-live="polite">
            {t('verify_redirect', { count: seconds })}
          </p>
          <Button size="lg" className="mt-7 w-full rounded-xl" onClick={goOn}>
            {t('continue')}
          </Button>
        </>
      ) : null}
      {!isSuccess && state !== 'missing_token' && email && !isEmailChange ? (
        <div className="mt-6 flex w-full flex-col items-center gap-2" aria-live="polite">
          {resend.step === 'sent' ? (
            <p className="text-sm text-fg-secondary" data-testid="verify-resend-sent">
              {t('verify_resend_success')}
            </p>
          ) : (
            <>
              {resend.step === 'failed' ? (
                <p className="text-sm text-danger">
                  {t('verify_resend_failed')} <span className="text-[13px] opacity-90">{resend.detail}</span>
                </p>
              ) : null}
              <Button
                variant="outline"
                size="lg"
                className="w-full rounded-xl"
                onClick={() => void resendEmail()}
                isLoading={resend.step === 'sending'}
                data-testid="verify-resend"
              >
                {t('verify_resend')}
              </Button>
            </>
          )}
        </div>
      ) : null}
      {state === 'missing_token' ? (
        <Link to="/login" className={buttonClasses('primary', 'lg', 'mt-7 w-full rounded-xl')}>
          {t('sign_in')}
        </Link>
      ) : null}
      {!isSuccess && state !== 'missing_token' ? (
        <AuthSwitchLink prompt="" label={t('back_to_login')} to="/login" />
      ) : null}
    </div>
  );
}
