import type { AuthResponse } from '@confab/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { useAppTitle } from '../config/use-document-title';
import { useStartupConfig } from '../config/use-startup-config';
import { AuthHeading } from './auth-heading';
import { isSignedInResponse, type RegisterResponse } from './auth-api';
import { AuthSwitchLink } from './auth-switch-link';
import { useAuthStore } from './auth-store';
import { RegisterForm } from './register-form';
import { RegistrationCheckEmail } from './registration-check-email';
import { RegistrationSuccess } from './registration-success';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const appTitle = useAppTitle();
  const navigate = useNavigate();
  const setSession = useAuthStore((s) => s.setSession);
  const { data: config, isLoading } = useStartupConfig();
  // An administrator's invitation link (/register?token=…&email=…) opens the form even when
  // registration is closed; the server checks the token.
  const [params] = useSearchParams();
  const inviteToken = params.get('token');
  const invite = inviteToken ? { token: inviteToken, email: params.get('email') ?? '' } : undefined;
  // The session is applied only when the countdown ends: applying it earlier would let the
  // signed-in redirect of the auth layout cut the countdown short.
  const [session, setPendingSession] = useState<AuthResponse | null>(null);
  // The server signs nobody in until the address is verified: the address the link went to.
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const onRegistered = (response: RegisterResponse, email: string) => {
    if (isSignedInResponse(response)) setPendingSession(response);
    else setPendingEmail(email);
  };

  if (session) {
    return (
      <RegistrationSuccess
        onDone={() => {
          setSession(session);
          void navigate('/c/new', { replace: true });
        }}
      />
    );
  }
  if (pendingEmail) return <RegistrationCheckEmail email={pendingEmail} />;
  if (isLoading) {
    return (
      <div className="flex justify-center py-16 text-fg-tertiary">
        <Spinner className="size-6" />
      </div>
    );
  }
  return (
    <>
      <AuthHeading title={t('create_account')} subtitle={t('create_account_subtitle', { appTitle })} />
      {config && !config.registrationEnabled && !invite ? (
        <Alert tone="info" title={t('registration_disabled')} />
      ) : (
        <RegisterForm onRegistered={onRegistered} invite={invite} />
      )}
      <AuthSwitchLink prompt={t('have_account')} label={t('sign_in')} to="/login" />
    </>
  );
}
