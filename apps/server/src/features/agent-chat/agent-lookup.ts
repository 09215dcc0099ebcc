import type { Db } from '../../db/database.js';
import type { AuthUser } from '../auth/authenticate.js';
import { canView } from '../agents/agent-access.js';
import { findAgent, rowModelParameters, rowTools } from '../agents/agents.repo.js';
import type { AgentLookup, AgentSpec } from './agent-run.js';

/**
 * Agents a user may chat with: those they may see (their own, and those shared with everyone),
 * by the agents feature's own rule. Collaborative editing is the builder's business.
 */
export function agentLookupFromDb(db: Db): AgentLookup {
  return {
    async findUsable(user: AuthUser, agentId: string): Promise<AgentSpec | undefined> {
      const row = await findAgent(db.kysely, agentId);
      if (!row || !canView(row, user)) return undefined;
      return {
        id: row.id,
        name: row.name,
        provider: row.provider,
        model: row.model,
        instructions: row.instructions,
        model_parameters: rowModelParameters(row),
        tools: rowTools(row).filter((t): t is string => typeof t === 'string'),
        recursion_limit: row.recursion_limit,
      };
    },
  };
}
