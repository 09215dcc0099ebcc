import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/password-field';
import { TextField } from '../../components/ui/text-field';
import { describeApiError } from './login-error';
import { postRegister, type RegisterResponse } from './auth-api';

const EMPTY: z.input<typeof registerSchema> = { name: '', username: '', email: '', password: '', confirm_password: '' };

/** `onRegistered` gets the answer and the address: a session, or "check your email" with no session. */
export function RegisterForm({
  onRegistered,
  invite,
}: {
  onRegistered: (response: RegisterResponse, email: string) => void;
  /** An administrator's invitation (issue 40): its token goes with the form, its address is filled in. */
  invite?: { token: string; email: string } | undefined;
}) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerSchema),
    mode: 'onTouched',
    defaultValues: invite ? { ...EMPTY, email: invite.email, token: invite.token } : EMPTY,
  });
  const signUp = useMutation({
    mutationFn: postRegister,
    onSuccess: (response, input) => onRegistered(response, input.email.trim()),
  });
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <>
      {signUp.error ? (
        <Alert tone="error" className="mb-5" testId="register-error">
          {t('create_error')} {describeApiError(signUp.error).message}
        </Alert>
      ) : null}
      <form
        noValidate
        onSubmit={handleSubmit((values) => signUp.mutate(values))}
        className="flex flex-col gap-4"
        aria-label={t('sign_up')}
      >
        <TextField
          label={t('full_name')}
          autoComplete="name"
          placeholder={t('full_name_placeholder')}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('username_optional')}
          autoComplete="username"
          placeholder={t('username_placeholder')}
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label={t('email')}
          type="email"
          autoComplete="email"
          placeholder={t('email_placeholder')}
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={t('password')}
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
          isLoading={signUp.isPending}
          disabled={hasErrors}
        >
          {t('continue')}
        </Button>
      </form>
    </>
  );
}
