import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/password-field';
import { TextField } from '../../components/ui/text-field';
import { isTwoFactorPending, postLogin } from './auth-api';
import { useAuthStore } from './auth-store';
import { useLoginFields } from './use-login-fields';
import { LoginErrorBox } from './login-error-box';

export function LoginForm({
  isPasswordResetEnabled,
  usesUsername = false,
}: {
  isPasswordResetEnabled: boolean;
  /** Directory sign-in by user name (LDAP_LOGIN_USES_USERNAME): the first field asks for a user name. */
  usesUsername?: boolean;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const setSession = useAuthStore((s) => s.setSession);
  const { field, errors, handleSubmit, getValue } = useLoginFields({ usesUsername });

  const login = useMutation({
    mutationFn: postLogin,
    onSuccess: async (response) => {
      if (isTwoFactorPending(response)) {
        await navigate(`/login/2fa?tempToken=${encodeURIComponent(response.tempToken)}`);
        return;
      }
      setSession(response);
      await navigate('/c/new', { replace: true });
    },
  });

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <>
      {login.error ? <LoginErrorBox error={login.error} email={getValue('email')} /> : null}
      <form
        noValidate
        onSubmit={(event) => void handleSubmit((values) => login.mutate(values))(event)}
        className="flex flex-col gap-4"
        aria-label={t('sign_in')}
      >
        <TextField
          label={usesUsername ? t('username') : t('email')}
          type={usesUsername ? 'text' : 'email'}
          autoComplete={usesUsername ? 'username' : 'email'}
          placeholder={usesUsername ? t('username_placeholder') : t('email_placeholder')}
          error={errors.email}
          {...field('email')}
        />
        <div>
          <PasswordField
            label={t('password')}
            autoComplete="current-password"
            error={errors.password}
            {...field('password')}
          />
          {isPasswordResetEnabled ? (
            <div className="mt-2 flex justify-end">
              <Link
                to="/forgot-password"
                className="focus-ring rounded-sm text-[13px] font-medium text-accent hover:underline"
              >
                {t('forgot_password')}
              </Link>
            </div>
          ) : null}
        </div>
        <Button
          type="submit"
          size="lg"
          className="mt-2 w-full rounded-xl"
          isLoading={login.isPending}
          disabled={hasErrors}
        >
          {t('continue')}
        </Button>
      </form>
    </>
  );
}
