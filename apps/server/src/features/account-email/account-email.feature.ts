import type { FastifyInstance } from 'fastify';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';

/** PLACEHOLDER (issue 22): registers the account-email routes. */
export async function registerAccountEmail(_app: FastifyInstance, _deps: AccountSecurityDeps): Promise<void> {}
