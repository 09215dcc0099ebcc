import { z } from 'zod';
import { TEXT_LIMITS as L } from './constants.js';
import type { AuthResponse } from './auth.js';

/**
 * Account security (issue 22): two-factor sign-in, passkeys, email verification, password reset,
 * social and OpenID sign-in, terms, account deletion and bans. The contract of the API calls of
 * SPEC 7 (Auth, User) that `librechat-data-provider` makes, plus the passkey and admin calls that
 * go beyond it.
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
  /** Wrong codes per account and per IP before 429, and the window (minutes). */
  maxAttempts: 5,
  attemptsWindowMinutes: 15,
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

/** A backup code as GET /api/user carries it in LibreChat: never the code itself once stored. */
export interface BackupCodeStatus {
  codeHash: string;
  used: boolean;
  usedAt: string | null;
}

const sixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');
const backupCode = z
  .string()
  .trim()
  .length(TWO_FACTOR.backupCodeLength, `A backup code has ${TWO_FACTOR.backupCodeLength} characters`);

/** GET /api/auth/2fa/enable → otpauthUrl and the 10 backup codes in clear (shown once). */
export interface EnableTwoFactorResponse {
  otpauthUrl: string;
  backupCodes: string[];
}

/** POST /api/auth/2fa/confirm: the first code from the app turns 2FA on. */
export const confirmTwoFactorSchema = z.object({ token: sixDigits });

/** POST /api/auth/2fa/verify, /disable and /backup/regenerate: a current code or a backup code. */
export const twoFactorCodeSchema = z
  .object({ token: sixDigits.optional(), backupCode: backupCode.optional() })
  .refine((v) => v.token !== undefined || v.backupCode !== undefined, {
    message: 'A code or a backup code is required',
  });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/** POST /api/auth/2fa/verify-temp → `{token, user}` (and the refresh cookie). */
export const verifyTempSchema = z
  .object({ tempToken: z.string().min(1).max(512), token: sixDigits.optional(), backupCode: backupCode.optional() })
  .refine((v) => v.token !== undefined || v.backupCode !== undefined, {
    message: 'A code or a backup code is required',
  });

/** POST /api/auth/2fa/backup/regenerate → new codes in clear and their stored status. */
export interface RegenerateBackupCodesResponse {
  backupCodes: string[];
  backupCodesHash: BackupCodeStatus[];
}

/** A login that needs its second factor answers this and nothing else. */
export interface TwoFactorPendingResponse {
  twoFAPending: true;
  tempToken: string;
}
export type LoginResponse = AuthResponse | TwoFactorPendingResponse;

const password = z
  .string({ error: 'Password is required' })
  .min(L.passwordMin, `Password must be at least ${L.passwordMin} characters`)
  .max(L.passwordMax, `Password must be at most ${L.passwordMax} characters`);

const email = z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(L.emailMax);

/** POST /api/auth/requestPasswordReset: the same answer whether the address exists or not. */
export const requestPasswordResetSchema = z.object({ email });
/** The answer; `link` only when no mail server is configured (SPEC 2). */
export interface RequestPasswordResetResponse {
  message: string;
  link?: string;
}

/** POST /api/auth/resetPassword (SPEC 5 messages). */
export const resetPasswordSchema = z
  .object({
    userId: z.string({ error: 'Unable to process: No valid user id' }).min(1, 'Unable to process: No valid user id'),
    token: z
      .string({ error: 'Unable to process: No valid reset token' })
      .min(1, 'Unable to process: No valid reset token'),
    password,
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: 'Passwords do not match' });

/** POST /api/auth/createPassword: for an account without one (social or OpenID). */
export const createPasswordSchema = z
  .object({ password, confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: 'Passwords do not match' });

/** POST /api/user/verify and /api/user/verify/resend. */
export const verifyEmailSchema = z.object({ email, token: z.string().min(1).max(512) });
export const resendVerificationSchema = z.object({ email });

/** GET /api/user/terms. */
export interface TermsStatus {
  termsAccepted: boolean;
}

/** Passkeys (beyond LibreChat): the listed credential, never its key. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  deviceType: string;
  backedUp: boolean;
}

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

export const passkeyNameSchema = z.string().trim().min(1).max(64);

/** SPEC 8's violation types: what is counted towards automatic bans. */
export const VIOLATION_TYPES = [
  'file_upload_limit',
  'illegal_model_request',
  'token_balance',
  'ban',
  'tts_limit',
  'stt_limit',
  'reset_password_limit',
  'verify_email_limit',
  'convo_access',
  'tool_call_limit',
  'logins',
  'registrations',
  'two_factor',
] as const;
export type ViolationType = (typeof VIOLATION_TYPES)[number];

/** POST /api/admin/users/:id/ban (ADMIN): ban for a duration, or lift it with `durationMs: 0`. */
export const banUserSchema = z.object({
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(100 * 365 * 24 * 60 * 60 * 1000),
  reason: z.string().trim().max(500).optional(),
});
