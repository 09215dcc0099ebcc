import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../../lib/api-client';

/**
 * Checked once: support does not change while the page lives. The same test as the library's
 * `browserSupportsWebAuthn`, which is loaded only when a ceremony starts (the login page shows
 * the passkey button to everyone, and most never press it: issue 26).
 */
export const supportsPasskeys: boolean =
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

const loadWebAuthn = () => import('@simplewebauthn/browser');
type WebAuthnLibrary = Awaited<ReturnType<typeof loadWebAuthn>>;

/** The person closed the browser's passkey sheet or let it time out: nothing to report. */
export class PasskeyCancelled extends Error {
  override name = 'PasskeyCancelled';
}

/** The browser refused the ceremony, with the library's reason (`ERROR_INVALID_DOMAIN`, …). */
class PasskeyRefused extends Error {
  override name = 'PasskeyRefused';
  constructor(
    readonly code: string,
    cause: unknown,
  ) {
    super(code, { cause });
  }
}

function cancelledOrRethrow(library: WebAuthnLibrary): (err: unknown) => never {
  return (err) => {
    const webAuthnError = err instanceof library.WebAuthnError ? err : undefined;
    const cause = webAuthnError ? webAuthnError.cause : err;
    const isCancel =
      webAuthnError?.code === 'ERROR_CEREMONY_ABORTED' ||
      (cause instanceof Error && (cause.name === 'NotAllowedError' || cause.name === 'AbortError'));
    if (isCancel) throw new PasskeyCancelled();
    throw webAuthnError ? new PasskeyRefused(webAuthnError.code, webAuthnError) : err;
  };
}

export async function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  const library = await loadWebAuthn();
  return library.startRegistration({ optionsJSON }).catch(cancelledOrRethrow(library));
}

export async function signWithPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  const library = await loadWebAuthn();
  return library.startAuthentication({ optionsJSON }).catch(cancelledOrRethrow(library));
}

export const isCancelled = (err: unknown): boolean => err instanceof PasskeyCancelled;

/** What to tell the person about a failed ceremony (the server's words when it refused). */
export function passkeyErrorMessage(err: unknown, t: TFunction<'passkeys'>): string {
  if (err instanceof ApiError) {
    if (err.code === 'rate_limited') return t('error_rate_limited');
    if (err.status === 0) return t('error_network');
    if (err.status >= 500) return t('error_server');
    return err.message || t('error_generic');
  }
  if (err instanceof PasskeyRefused) {
    const { code } = err;
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('error_already_registered');
    if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') return t('error_domain');
  }
  return t('error_generic');
}
