import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { buttonClasses } from '../../components/ui/button-variants';
import { postResendVerification } from './auth-api';
import { describeApiError } from './login-error';

type ResendState = { step: 'idle' | 'sending' | 'sent' } | { step: 'failed'; message: string };

/** After a registration that needs the address verified first: where the link went, and a resend. */
export function RegistrationCheckEmail({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const [resend, setResend] = useState<ResendState>({ step: 'idle' });
  const sendAgain = async () => {
    setResend({ step: 'sending' });
    try {
      await postResendVerification(email);
      setResend({ step: 'sent' });
    } catch (err) {
      setResend({ step: 'failed', message: t('status_message', describeApiError(err)) });
    }
  };
  return (
    <div className="flex flex-col items-center py-4 text-center" role="status" data-testid="registration-check-email">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft">
        <MailCheck className="size-7 text-accent" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-fg">{t('check_email_title')}</h1>
      <p className="mt-2 text-[15px] text-fg-secondary">{t('check_email_sent_to')}</p>
      <p
        className="mt-1 max-w-full text-[15px] font-medium break-all text-fg"
        data-testid="registration-check-email-address"
      >
        {email}
      </p>
      <p className="mt-3 text-[15px] text-fg-secondary">{t('check_email_next')}</p>
      <Link to="/login" className={buttonClasses('primary', 'lg', 'mt-7 w-full rounded-xl')}>
        {t('sign_in')}
      </Link>
      <div className="mt-5 min-h-10 text-sm" aria-live="polite">
        {resend.step === 'sent' ? (
          <p className="text-fg-secondary" data-testid="registration-resend-sent">
            {t('verify_resend_success')}
          </p>
        ) : (
          <>
            {resend.step === 'failed' ? <p className="mb-1 text-danger">{resend.message}</p> : null}
            <span className="text-fg-secondary">{t('check_email_missing')} </span>
            <Button
              variant="link"
              onClick={() => void sendAgain()}
              isLoading={resend.step === 'sending'}
              data-testid="registration-resend"
            >
              {t('check_email_resend')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
