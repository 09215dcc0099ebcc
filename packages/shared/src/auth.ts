import { z } from 'zod';
import { TEXT_LIMITS as L } from './constants.js';
import type { BackupCodeStatus } from './account-security.js';

/** A simple email pattern, as SPEC 5 asks: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(L.emailMax, `Email must be at most ${L.emailMax} characters`)
  .regex(EMAIL_PATTERN, 'You must enter a valid email address');

const password = z
  .string({ error: 'Password is required' })
  .min(L.passwordMin, `Password must be at least ${L.passwordMin} characters`)
  .max(L.passwordMax, `Password must be at most ${L.passwordMax} characters`);

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(L.nameMin, `Name must be at least ${L.nameMin} characters`)
      .max(L.nameMax, `Name must be at most ${L.nameMax} characters`),
    username: z
      .string()
      .trim()
      .max(L.usernameMax, `Username must be at most ${L.usernameMax} characters`)
      .refine((v) => v.length === 0 || v.length >= L.usernameMin, {
        message: `Username must be at least ${L.usernameMin} characters`,
      })
      .optional(),
    email,
    password,
    confirm_password: z.string({ error: 'Please confirm your password' }),
    token: z.string().optional(),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const ROLES = ['ADMIN', 'USER'] as const;
export type Role = (typeof ROLES)[number];

/** The user as the API returns it: never the password hash or secrets. */
export interface PublicUser {
  id: string;
  _id: string;
  name: string;
  username: string;
  email: string;
  avatar: string | null;
  role: Role;
  provider: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** The stored backup codes (hash and use), as LibreChat's user carries them; never the TOTP secret. */
  backupCodes: BackupCodeStatus[];
  hasPassword: boolean;
  plugins: string[];
  termsAccepted: boolean;
  createdAt: string;
  updatedAt: string;
  /** GET /api/user: the user's memory switch as it applies (LibreChat's `personalization.memories`). */
  personalization?: { memories: boolean };
}

export interface AuthResponse {
  token: string;
  user: PublicUser;
}
