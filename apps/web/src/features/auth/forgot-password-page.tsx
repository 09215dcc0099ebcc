import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { buttonClasses } from '../../components/ui/button-variants';
import { TextField } from '../../components/ui/text-field';
import { useStartupConfig } from '../config/use-startup-config';
import { postRequestPasswordReset } from './auth-api';
import { forgotPasswordSchema } from './auth-form-schemas';
import { AuthHeading } from './auth-heading';
import { AuthSwitchLink } from './auth-switch-link';
import { describeApiError } from './login-error';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), mode: 'onTouched', defaultValues: { email: '' } });
  const request = useMutation({ mutationFn: (values: { email: string }) => postRequestPasswordReset(values.email) });
  const { data: config } = useStartupConfig();
  const isDisabled = config?.passwordResetEnabled === false;

  if (request.isSuccess) {
    const { link } = request.data;
    return (
      <div
        className="flex flex-col items-center py-4 text-center"
        role="status"
        data-testid={link ? 'forgot-link' : 'forgot-sent'}
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft">
          {link ? (
            <KeyRound className="size-7 text-accent" aria-hidden />
          ) : (
            <MailCheck className="size-7 text-accent" aria-hidden />
          )}
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight text-fg">
          {link ? t('forgot_link_ready') : t('check_email_title')}
        </h1>
        <p className="mt-2 text-[15px] text-fg-secondary">{link ? t('forgot_link_hint') : t('forgot_sent')}</p>
        {link ? (
          // The server's own link (DOMAIN_CLIENT): a full load, as if it had come by mail.
          <a
            href={link}
            className={buttonClasses('primary', 'lg', 'mt-7 w-full rounded-xl')}
            data-testid="forgot-open-link"
          >
            {t('forgot_open_link')}
          </a>
        ) : null}
        <AuthSwitchLink prompt="" label={t('back_to_login')} to="/login" />
      </div>
    );
  }
  return (
    <>
      <AuthHeading title={t('forgot_title')} subtitle={isDisabled ? undefined : t('forgot_subtitle')} />
      {isDisabled ? (
        <Alert tone="info" title={t('forgot_disabled')} testId="forgot-disabled" />
      ) : (
        <>
          {request.error ? (
            <Alert tone="error" className="mb-5" testId="forgot-error">
              {t('status_message', describeApiError(request.error))}
            </Alert>
          ) : null}
          <form noValidate onSubmit={handleSubmit((values) => request.mutate(values))} className="flex flex-col gap-4">
            <TextField
              label={t('email')}
              type="email"
              autoComplete="email"
              placeholder={t('email_placeholder')}
              error={errors.email?.message}
              {...register('email')}
            />
            <Button
              type="submit"
              size="lg"
              className="mt-2 w-full rounded-xl"
              isLoading={request.isPending}
              disabled={Object.keys(errors).length > 0}
            >
              {t('forgot_submit')}
            </Button>
          </form>
        </>
      )}
      <AuthSwitchLink prompt="" label={t('back_to_login')} to="/login" />
    </>
  );
}
