import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { buttonClasses } from '../../components/ui/button-variants';
import { PasswordField } from '../../components/ui/password-field';
import { ApiError } from '../../lib/api-client';
import { postResetPassword } from './auth-api';
import { resetPasswordSchema } from './auth-form-schemas';
import { AuthHeading } from './auth-heading';
import { AuthSwitchLink } from './auth-switch-link';
import { describeApiError } from './login-error';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const userId = params.get('userId') ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirm_password: '' },
  });
  const reset = useMutation({
    mutationFn: (values: { password: string; confirm_password: string }) =>
      postResetPassword({ ...values, token, userId }),
  });

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col items-center py-4 text-center" role="status" data-testid="reset-success">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft">
          <CircleCheck className="size-7 text-accent" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight text-fg">{t('reset_success_title')}</h1>
        <p className="mt-2 text-[15px] text-fg-secondary">{t('reset_success')}</p>
        <Link to="/login" className={buttonClasses('primary', 'lg', 'mt-7 w-full rounded-xl')}>
          {t('sign_in')}
        </Link>
      </div>
    );
  }
  // A bad link says so and offers a new one; other refusals (a weak password, reset turned off) show as they are.
  const isInvalidLink = reset.error instanceof ApiError && reset.error.code === 'invalid_token';
  const missing = [!token && t('reset_missing_token'), !userId && t('reset_missing_user')].filter(Boolean);
  return (
    <>
      <AuthHeading title={t('reset_title')} subtitle={t('reset_subtitle')} />
      {missing.length > 0 ? (
        <Alert tone="error" className="mb-5">
          {missing.map((m) => (
            <p key={String(m)}>{m}</p>
          ))}
        </Alert>
      ) : null}
      {reset.error ? (
        <Alert
          tone="error"
          title={isInvalidLink ? t('reset_invalid_token') : undefined}
          className="mb-5"
          testId="reset-error"
        >
          <p className="text-[13px]">{t('status_message', describeApiError(reset.error))}</p>
          {isInvalidLink ? (
            <Link
              to="/forgot-password"
              className="focus-ring mt-1 inline-block rounded-sm text-[13px] font-medium text-accent hover:underline"
            >
              {t('reset_try_again')}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <form noValidate onSubmit={handleSubmit((values) => reset.mutate(values))} className="flex flex-col gap-4">
        <PasswordField
          label={t('new_password')}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={t('confirm_password')}
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <Button
          type="submit"
          size="lg"
          className="mt-2 w-full rounded-xl"
          isLoading={reset.isPending}
          disabled={Object.keys(errors).length > 0 || missing.length > 0}
        >
          {t('reset_submit')}
        </Button>
      </form>
      <AuthSwitchLink prompt="" label={t('back_to_login')} to="/login" />
    </>
  );
}
