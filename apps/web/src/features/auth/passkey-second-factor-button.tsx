import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useRef } from 'react';
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
import { postSecondFactor, postSecondFactorOptions } from '../settings/account/passkeys/passkeys-api';
import { useAuthStore } from './auth-store';
import { OrDivider } from './or-divider';

/**
 * "Use a passkey instead" on /login/2fa, finishing a pending login with one of the account's
 * passkeys. The options are fetched as the page opens: they say whether the account has a
 * passkey at all (no button otherwise), and having them ready keeps the browser's sheet close to
 * the click, as Safari wants.
 */
export function PasskeySecondFactorButton({ tempToken }: { tempToken: string }) {
  const { t } = useTranslation(['passkeys', 'auth']);
  const navigate = useNavigate();
  const setSession = useAuthStore((s) => s.setSession);
  const started = useQuery({
    queryKey: ['passkey-second-factor', tempToken],
    queryFn: () => postSecondFactorOptions(tempToken),
    enabled: supportsPasskeys && Boolean(tempToken),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  // Each challenge answers once: after a failure or a cancel, the next try asks for a new one.
  const usedChallenge = useRef<string | null>(null);
  const finish = useMutation({
    mutationFn: async () => {
      let ceremony = started.data;
      if (!ceremony || ceremony.challengeId === usedChallenge.current) {
        ceremony = (await started.refetch({ throwOnError: true })).data;
      }
      if (!ceremony) throw new Error('No passkey options');
      usedChallenge.current = ceremony.challengeId;
      return postSecondFactor(tempToken, ceremony.challengeId, await signWithPasskey(ceremony.options));
    },
    onSuccess: async (session) => {
      setSession(session);
      await navigate('/c/new', { replace: true });
    },
  });
  if (!supportsPasskeys || !started.data) return null;

  const failure = finish.error && !isCancelled(finish.error) ? passkeyErrorMessage(finish.error, t) : null;
  return (
    <div>
      <OrDivider label={t('auth:or')} />
      {failure ? (
        <Alert tone="error" className="mb-3" testId="passkey-second-factor-error">
          {failure}
        </Alert>
      ) : null}
      <Button
        variant="secondary"
        size="lg"
        className="w-full rounded-xl"
        isLoading={finish.isPending}
        onClick={() => finish.mutate()}
        data-testid="passkey-second-factor"
      >
        {finish.isPending ? null : <KeyRound className="size-[18px]" aria-hidden />}
        {t('use_instead')}
      </Button>
    </div>
  );
}
