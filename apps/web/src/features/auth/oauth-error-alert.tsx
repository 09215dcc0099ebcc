import { OAUTH_ERROR_CODES } from '@confab/shared';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';

/** The codes the server's social sign-in sends back (`/login?redirect=false&error=<code>`). */
const KNOWN_CODES = new Set<string>(OAUTH_ERROR_CODES);

/** The oauth.json key of a code; unknown codes (LibreChat's `auth_failed`, say) get the generic words. */
export function oauthErrorMessageKey(code: string): string {
  return KNOWN_CODES.has(code) ? `error_${code}` : 'error_generic';
}

/** Why a social or OpenID sign-in came back refused, dismissible (it drops the code from the URL). */
export function OAuthErrorAlert() {
  const { t } = useTranslation('oauth');
  const [params, setParams] = useSearchParams();
  const code = params.get('error');
  if (!code) return null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('message');
        return next;
      },
      { replace: true },
    );
  return (
    <div className="relative mb-5">
      <Alert tone="error" title={t('error_title')} testId="oauth-error" className="pr-10">
        <span data-code={code}>{t(oauthErrorMessageKey(code))}</span>
      </Alert>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('dismiss')}
        className="absolute top-2.5 right-2.5 rounded-md p-1 text-danger/70 transition-colors hover:bg-danger/10 hover:text-danger focus-visible:ring-2 focus-visible:ring-danger/40 focus-visible:outline-none"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
