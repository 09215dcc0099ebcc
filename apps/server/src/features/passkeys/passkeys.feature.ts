import type { FastifyInstance } from 'fastify';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';

/** PLACEHOLDER (issue 22): registers the passkeys routes. */
export async function registerPasskeys(_app: FastifyInstance, _deps: AccountSecurityDeps): Promise<void> {}
