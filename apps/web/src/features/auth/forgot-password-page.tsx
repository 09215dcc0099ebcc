import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
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

  return (
    <>
      <AuthHeading title={t('forgot_title')} subtitle={request.isSuccess ? undefined : t('forgot_subtitle')} />
      {request.isSuccess ? (
        request.data.link ? (
          <Alert tone="success" title={t('forgot_link_ready')}>
            <a href={request.data.link} className="focus-ring rounded-sm font-medium text-accent hover:underline">
              {t('forgot_open_link')}
            </a>
          </Alert>
        ) : (
          <Alert tone="success">{t('forgot_sent')}</Alert>
        )
      ) : (
        <>
          {request.error ? (
            <Alert tone="error" className="mb-5" testId="forgot-error">
              {t('status_message', describeApiError(request.error))}
            </Alert>
          ) : null}
          <form noValidate onSubmit={handleSubmit((values) => request.mutate(values))} className="flex flex-col gap-4">
            <TextField label={t('email')} type="email" autoComplete="email" placeholder={t('email_placeholder')} error={errors.email?.message} {...register('email')} />
            <Button type="submit" size="lg" className="mt-2 w-full rounded-xl" isLoading={request.isPending} disabled={Object.keys(errors).length > 0}>
              {t('forgot_submit')}
            </Button>
          </form>
        </>
      )}
      <AuthSwitchLink prompt="" label={t('back_to_login')} to="/login" />
    </>
  );
}
