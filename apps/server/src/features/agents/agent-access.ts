import type { FastifyInstance } from 'fastify';
import type { AgentsEndpointConfig } from '../../config/agents-config-schema.js';
import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../auth/authenticate.js';
import { getRole } from '../roles/roles.repo.js';
import type { AgentRow } from './agents.repo.js';

/**
 * Who may do what with an agent. Seeing it: its author, or anyone once it is shared with
 * everyone. Anything else is answered as if it did not exist (a 404), so ids reveal nothing.
 * Editing: the author; for a shared agent, anyone when it is collaborative, and administrators.
 * Deleting and changing who it is shared with: the author (and administrators, for shared ones).
 */
export const canView = (row: AgentRow, user: Pick<AuthUser, 'id'>): boolean =>
  row.author === user.id || row.is_global === 1;
export const canEdit = (row: AgentRow, user: AuthUser): boolean =>
  row.author === user.id || (row.is_global === 1 && (row.is_collaborative === 1 || user.role === 'ADMIN'));
export const canDelete = (row: AgentRow, user: AuthUser): boolean =>
  row.author === user.id || (row.is_global === 1 && user.role === 'ADMIN');

export const agentNotFound = (): AppError => new AppError('not_found', 'Agent not found');

/** The agent, if the user may see it; a 404 otherwise. */
export function assertVisible(row: AgentRow | undefined, user: AuthUser): AgentRow {
  if (!row || !canView(row, user)) throw agentNotFound();
  return row;
}

export type AgentPermission = 'USE' | 'CREATE' | 'SHARED_GLOBAL';

/** SPEC 6: the AGENTS permissions of the user's role (absent keys take the defaults: USE and CREATE on). */
export async function hasAgentPermission(
  app: FastifyInstance,
  user: AuthUser,
  ...wanted: AgentPermission[]
): Promise<boolean> {
  const role = await getRole(app.db, user.role);
  const agents = role?.permissions.AGENTS as Partial<Record<AgentPermission, boolean>> | undefined;
  return wanted.every((p) => (agents?.[p] ?? p !== 'SHARED_GLOBAL') === true);
}

export async function requireAgentPermission(
  app: FastifyInstance,
  user: AuthUser,
  ...wanted: AgentPermission[]
): Promise<void> {
  if (!(await hasAgentPermission(app, user, ...wanted))) {
    throw new AppError('forbidden', 'You do not have permission to do this with agents');
  }
}

/**
 * SPEC 8 invalid_agent_provider: an agent on an endpoint the administrator did not allow
 * (`endpoints.agents.allowedProviders`), refused when saved and when chatted with.
 */
export function assertProviderAllowed(provider: string, config: AgentsEndpointConfig | undefined): void {
  const allowed = config?.allowedProviders;
  if (!allowed?.length || allowed.includes(provider)) return;
  const message = `The agent's provider "${provider}" is not allowed on this server.`;
  throw new AppError('validation_error', message, {
    code: 'invalid_agent_provider',
    // LibreChat's client shows an error body's `text` and reads a JSON text's `type` (SPEC 8).
    text: JSON.stringify({ type: 'invalid_agent_provider', message, info: provider }),
  });
}
