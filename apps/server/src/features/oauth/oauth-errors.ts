/**
 * The stable codes a failed social sign-in sends the browser back with
 * (`/login?redirect=false&error=<code>`); the login page words each one.
 */
export const OAUTH_ERROR_CODES = [
  /** The provider or the exchange failed (also: a verifier that does not match its challenge). */
  'oauth_failed',
  /** The state is missing, expired or does not match this browser's flow cookie. */
  'oauth_state_invalid',
  /** The person cancelled or the provider refused at its end. */
  'oauth_denied',
  /** The provider gave no email address. */
  'oauth_email_missing',
  /** An account with this email exists and is not linked to this identity. */
  'oauth_account_exists',
  /** No account is linked and new accounts cannot be created through social sign-in. */
  'oauth_registration_disabled',
  'banned',
  'rate_limited',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

export class OAuthRefusal extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    message: string = code,
  ) {
    super(message);
  }
}
