// Loaded on the login form's first validation (use-login-fields.ts): the schema and zod stay off the page's first load.
export { loginSchema } from '@confab/shared';
