import type { FastifyInstance } from 'fastify';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';

/** PLACEHOLDER (issue 22): registers the two-factor routes. */
export async function registerTwoFactor(_app: FastifyInstance, _deps: AccountSecurityDeps): Promise<void> {}
