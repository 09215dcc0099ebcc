import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { useAppTitle } from '../config/use-document-title';
import { useStartupConfig } from '../config/use-startup-config';
import { AuthHeading } from './auth-heading';
import { AuthSwitchLink } from './auth-switch-link';
import { LoginForm } from './login-form';
import { OAuthErrorAlert } from './oauth-error-alert';
import { OrDivider } from './or-divider';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SocialLoginButtons } from './social-login-buttons';
import { getSocialLogins } from './social-providers';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const appTitle = useAppTitle();
  const [params] = useSearchParams();
  const { data: config, isLoading, error } = useStartupConfig();
  const shouldAutoRedirect = Boolean(
    config?.openidLoginEnabled && config.openidAutoRedirect && params.get('redirect') !== 'false',
  );

  useEffect(() => {
    if (shouldAutoRedirect && config) window.location.assign(`${config.serverDomain.replace(/\/$/, '')}/oauth/openid`);
  }, [shouldAutoRedirect, config]);

  if (isLoading) {
    return (
      <div className="flex justify-center py-16 text-fg-tertiary">
        <Spinner className="size-6" label={t('sign_in')} />
      </div>
    );
  }
  if (shouldAutoRedirect && config) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-fg-secondary">
        <Spinner className="size-6" />
        <p>{t('redirecting_to', { provider: config.openidLabel || 'OpenID' })}</p>
      </div>
    );
  }

  const isEmailLoginEnabled = config?.emailLoginEnabled ?? true;
  const hasSocial = config ? getSocialLogins(config).length > 0 : false;
  return (
    <>
      <AuthHeading title={t('welcome_back')} subtitle={t('welcome_subtitle', { appTitle })} />
      {error ? <Alert tone="error" title={t('login_error_config')} className="mb-5" testId="login-error" /> : null}
      <OAuthErrorAlert />
      {isEmailLoginEnabled ? (
        <LoginForm
          isPasswordResetEnabled={config?.passwordResetEnabled ?? false}
          usesUsername={Boolean(config?.ldap?.enabled && config.ldap.username)}
        />
      ) : null}
      <PasskeySignInButton />
      {config?.registrationEnabled ? (
        <AuthSwitchLink prompt={t('no_account')} label={t('sign_up')} to="/register" />
      ) : null}
      {config && hasSocial ? (
        <>
          {isEmailLoginEnabled ? <OrDivider label={t('or')} /> : null}
          <SocialLoginButtons config={config} />
        </>
      ) : null}
    </>
  );
}
