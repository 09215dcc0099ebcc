import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../../lib/api-client';

/** Checked once: support does not change while the page lives. */
export const supportsPasskeys: boolean = typeof window !== 'undefined' && browserSupportsWebAuthn();

/** The person closed the browser's passkey sheet or let it time out: nothing to report. */
export class PasskeyCancelled extends Error {
  override name = 'PasskeyCancelled';
}

function cancelledOrRethrow(err: unknown): never {
  const cause = err instanceof WebAuthnError ? err.cause : err;
  const isCancel =
    (err instanceof WebAuthnError && err.code === 'ERROR_CEREMONY_ABORTED') ||
    (cause instanceof Error && (cause.name === 'NotAllowedError' || cause.name === 'AbortError'));
  throw isCancel ? new PasskeyCancelled() : err;
}

export function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  return startRegistration({ optionsJSON }).catch(cancelledOrRethrow);
}

export function signWithPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  return startAuthentication({ optionsJSON }).catch(cancelledOrRethrow);
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
  if (err instanceof WebAuthnError) {
    if (err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('error_already_registered');
    if (err.code === 'ERROR_INVALID_DOMAIN' || err.code === 'ERROR_INVALID_RP_ID') return t('error_domain');
  }
  return t('error_generic');
}
