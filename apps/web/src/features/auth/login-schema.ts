// Loaded on the login form's first validation (use-login-fields.ts): the schema and zod stay off the page's first load.
import { directoryLoginSchema, loginSchema } from '@confab/shared';

export { loginSchema };

/** A directory login by user name (LDAP_LOGIN_USES_USERNAME): any non-empty name (SPEC 5), the usual password rule. */
export const usernameLoginSchema = loginSchema.extend({ email: directoryLoginSchema.shape.email });
