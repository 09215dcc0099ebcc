import { z } from 'zod';
import { EMAIL_PATTERN } from './auth.js';
import { TEXT_LIMITS as L } from './constants.js';

/**
 * Account basics in Settings → Account (issue 40): password, name and username, email change,
 * signed-in sessions. LibreChat has no calls for these; they live under /api/user/… beside its
 * own (terms, delete, verify).
 */

const password = z
  .string({ error: 'Password is required' })
  .min(L.passwordMin, `Password must be at least ${L.passwordMin} characters`)
  .max(L.passwordMax, `Password must be at most ${L.passwordMax} characters`);

/** The current password is only compared, never length-checked: an old, shorter one still counts. */
const currentPassword = z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(L.passwordMax);

/** POST /api/user/password: every other session ends when it succeeds. */
export const changePasswordSchema = z
  .object({ currentPassword, newPassword: password, confirmPassword: z.string().max(L.passwordMax) })
  .strict()
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const profileNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(L.nameMin, `Name must be at least ${L.nameMin} characters`)
  .max(L.nameMax, `Name must be at most ${L.nameMax} characters`);

/** Empty clears the username (LibreChat's default is ''); otherwise 2..80 characters. */
export const profileUsernameSchema = z
  .string()
  .trim()
  .max(L.usernameMax, `Username must be at most ${L.usernameMax} characters`)
  .refine((v) => v.length === 0 || v.length >= L.usernameMin, {
    message: `Username must be at least ${L.usernameMin} characters`,
  });

/** PATCH /api/user/profile → the updated user. */
export const updateProfileSchema = z
  .object({ name: profileNameSchema.optional(), username: profileUsernameSchema.optional() })
  .strict()
  .refine((v) => v.name !== undefined || v.username !== undefined, { message: 'Nothing to change' });
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** POST /api/user/email: a link goes to the new address; the change applies when it is opened. */
export const changeEmailSchema = z
  .object({
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(L.emailMax, `Email must be at most ${L.emailMax} characters`)
      .regex(EMAIL_PATTERN, 'You must enter a valid email address'),
    currentPassword,
  })
  .strict();
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** The answer: `applied` when no mail server is configured and the address changed at once. */
export interface ChangeEmailResponse {
  message: string;
  applied: boolean;
  pendingEmail: string | null;
}

/** GET /api/user/email: the address waiting for its verification link, if any. */
export interface PendingEmailResponse {
  pendingEmail: string | null;
}

/** POST /api/user/email/verify: the mailed link's token (the token alone names the change). */
export const confirmEmailChangeSchema = z.object({ token: z.string().trim().min(1).max(512) }).strict();

/** One signed-in device: a refresh-token family, whatever number of rotations it went through. */
export interface AccountSession {
  id: string;
  /** Words for the device, from its user agent; null when it sent none we recognise. */
  browser: string | null;
  os: string | null;
  isMobile: boolean;
  createdAt: string;
  lastActiveAt: string;
  expiresAt: string;
  isCurrent: boolean;
}

export interface AccountSessionsResponse {
  sessions: AccountSession[];
}

export const sessionIdParamsSchema = z.object({ sessionId: z.string().min(1).max(64) }).strict();
