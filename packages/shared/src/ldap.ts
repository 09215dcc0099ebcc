import { z } from 'zod';
import { TEXT_LIMITS as L } from './constants.js';

/**
 * Directory sign-in (LDAP), as GET /api/config tells the web in LibreChat's shape: `enabled` when
 * LDAP_URL and LDAP_USER_SEARCH_BASE are set, `username` when LDAP_LOGIN_USES_USERNAME is on (the
 * login form then asks for a user name instead of an email address).
 */
export interface StartupLdap {
  enabled: boolean;
  username: boolean;
}

/**
 * POST /api/auth/login while the directory decides: the `email` field carries whatever the
 * directory's search filter matches (SPEC 5: any non-empty value), and the password is the
 * directory's to judge, so no length floor here; an empty one is refused by the server itself.
 */
export const directoryLoginSchema = z.object({
  email: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(L.emailMax, `Username must be at most ${L.emailMax} characters`),
  password: z
    .string({ error: 'Password is required' })
    .max(L.passwordMax, `Password must be at most ${L.passwordMax} characters`),
});
