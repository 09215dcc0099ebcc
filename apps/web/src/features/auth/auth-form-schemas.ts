import { EMAIL_PATTERN, TEXT_LIMITS as L, TWO_FACTOR } from '@confab/shared';
import { z } from 'zod';

/** SPEC 5 forgot-password email: required, 3 to 120, email pattern. */
export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .min(L.forgotEmailMin, `Email must be at least ${L.forgotEmailMin} characters`)
    .max(L.emailMax, `Email must be at most ${L.emailMax} characters`)
    .regex(EMAIL_PATTERN, 'You must enter a valid email address'),
});

/** SPEC 5 reset password: 8 to 128, and the confirmation must match. */
export const resetPasswordSchema = z
  .object({
    password: z
      .string()
      .min(L.passwordMin, `Password must be at least ${L.passwordMin} characters`)
      .max(L.passwordMax, `Password must be at most ${L.passwordMax} characters`),
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: 'Passwords do not match' });

export const TWO_FACTOR_CODE_LENGTH = TWO_FACTOR.codeDigits;
export const BACKUP_CODE_LENGTH = TWO_FACTOR.backupCodeLength;
