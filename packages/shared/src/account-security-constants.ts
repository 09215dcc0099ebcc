/**
 * The constants of account security (issue 22) that the sign-in pages read: in a file without
 * zod, so that the web client's login page, which needs only these, downloads no schema library
 * (issue 26; a module's zod schemas are kept whenever any of its exports is used).
 */

/** SPEC 9: TOTP 6 digits, backup codes 8 characters, QR 200 with margin 2, backup-codes.txt. */
export const TWO_FACTOR = {
  codeDigits: 6,
  /** Seconds per TOTP step (RFC 6238's default, what every authenticator app assumes). */
  periodSeconds: 30,
  /** Steps either side of now that are still accepted (clock drift of the phone). */
  window: 1,
  backupCodeLength: 8,
  backupCodeCount: 10,
  qrSize: 200,
  qrMargin: 2,
  backupCodesFileName: 'backup-codes.txt',
  /** The temp token of a login waiting for its second factor. */
  tempTokenTtlMs: 5 * 60 * 1000,
} as const;

/** Mailed links. LibreChat's reset link lives 15 minutes; a verification link a day here. */
export const MAILED_TOKEN_TTL_MS = {
  password_reset: 15 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
} as const;

/** The seven social providers of SPEC 2, in SPEC order (the buttons follow the config order). */
export const SOCIAL_PROVIDERS = ['discord', 'facebook', 'github', 'google', 'apple', 'openid', 'linkedin'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

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
  /** A new account's address is outside `registration.allowedDomains`. */
  'oauth_domain_not_allowed',
  'banned',
  'rate_limited',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/** Paths of the passkey calls, one home for server routes and the web client. */
export const PASSKEY_PATHS = {
  /** GET: the user's passkeys. */
  list: '/api/user/passkeys',
  /** POST → registration options; POST verify {response, name?} → PasskeySummary. */
  registerOptions: '/api/user/passkeys/register/options',
  registerVerify: '/api/user/passkeys/register/verify',
  /** DELETE /api/user/passkeys/:id (a current second factor when 2FA is on). PATCH renames {name}. */
  item: '/api/user/passkeys/:id',
  /** POST → authentication options (no email: discoverable credentials) with a challengeId. */
  loginOptions: '/api/auth/passkey/options',
  /** POST {challengeId, response} → {token, user}: the passkey is both factors. */
  loginVerify: '/api/auth/passkey/verify',
  /** POST {tempToken} → options for the user of a pending login; verify with {tempToken, challengeId, response}. */
  secondFactorOptions: '/api/auth/2fa/passkey/options',
  secondFactorVerify: '/api/auth/2fa/passkey/verify',
} as const;
