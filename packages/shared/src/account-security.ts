import { z } from 'zod';
import { TEXT_LIMITS as L } from './constants.js';
import type { AuthResponse } from './auth.js';
import { TWO_FACTOR } from './account-security-constants.js';

/**
 * Account security (issue 22): two-factor sign-in, passkeys, email verification, password reset,
 * social and OpenID sign-in, terms, account deletion and bans. The contract of the API calls of
 * SPEC 7 (Auth, User) that `librechat-data-provider` makes, plus the passkey and admin calls that
 * go beyond it.
 */

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
  // LibreChat's message limiters' types: a send over the concurrent or the per-window limit.
  'concurrent',
  'message_limit',
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
