import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  isCancelled,
  passkeyErrorMessage,
  signWithPasskey,
  supportsPasskeys,
} from '../settings/account/passkeys/passkey-ceremony';
import { postLogin, postLoginOptions } from '../settings/account/passkeys/passkeys-api';
import { useAuthStore } from './auth-store';

/**
 * "Sign in with a passkey" under the login form: no email typed, the browser offers the site's
 * passkeys. The options are asked for on the click, not on page load, so that reading the login
 * page costs nothing of the per-IP attempt budget.
 */
export function PasskeySignInButton() {
  const { t } = useTranslation('passkeys');
  const navigate = useNavigate();
  const setSession = useAuthStore((s) => s.setSession);
  const signIn = useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await postLoginOptions();
      return postLogin(challengeId, await signWithPasskey(options));
    },
    onSuccess: async (session) => {
      setSession(session);
      await navigate('/c/new', { replace: true });
    },
  });
  if (!supportsPasskeys) return null;

  const failure = signIn.error && !isCancelled(signIn.error) ? passkeyErrorMessage(signIn.error, t) : null;
  return (
    <div className="mt-3 flex flex-col gap-3">
      {failure ? (
        <Alert tone="error" title={t('error_title')} testId="passkey-sign-in-error">
          {failure}
        </Alert>
      ) : null}
      <Button
        variant="secondary"
        size="lg"
        className="w-full rounded-xl"
        isLoading={signIn.isPending}
        onClick={() => signIn.mutate()}
        data-testid="passkey-sign-in"
      >
        {signIn.isPending ? null : <KeyRound className="size-[18px]" aria-hidden />}
        {t('sign_in')}
      </Button>
    </div>
  );
}
