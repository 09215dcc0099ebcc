import type { Db } from '../../db/database.js';
import type { AuthUser } from '../auth/authenticate.js';
import { canView } from '../agents/agent-access.js';
import { findAgent, rowModelParameters, rowTools } from '../agents/agents.repo.js';
import type { BuiltInAgents } from '../agents/agents.service.js';
import { withMemeCompanionTools } from '../memes/meme-agent.js';
import type { AgentLookup, AgentSpec } from './agent-run.js';

/**
 * Agents a user may chat with: those they may see (their own, and those shared with everyone),
 * by the agents feature's own rule, and the built-in agents offered to them (the Meme maker).
 * Collaborative editing is the builder's business.
 */
export function agentLookupFromDb(db: Db, builtIns?: BuiltInAgents): AgentLookup {
  return {
    async findUsable(user: AuthUser, agentId: string): Promise<AgentSpec | undefined> {
      // A built-in agent has no row: offered to this user, it runs the same tool loop as any agent;
      // not offered (turned off, or not for their role), it is as unknown as a missing one.
      if (builtIns?.isBuiltIn(agentId))
        return builtIns.offeredTo(user).find((agent) => agent.spec.id === agentId)?.spec;
      const row = await findAgent(db.kysely, agentId);
      if (!row || !canView(row, user)) return undefined;
      return {
        id: row.id,
        name: row.name,
        provider: row.provider,
        model: row.model,
        instructions: row.instructions,
        model_parameters: rowModelParameters(row),
        tools: withMemeCompanionTools(rowTools(row).filter((t): t is string => typeof t === 'string')),
        recursion_limit: row.recursion_limit,
        artifacts: row.artifacts,
        memoryEnabled: row.memory_enabled === 1,
      };
    },
  };
}
