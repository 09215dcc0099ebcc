import type { Db } from '../../db/database.js';
import type { AgentLookup, AgentSpec } from './agent-run.js';

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/**
 * Agents a user may chat with, read from the agents table: their own, and those shared with
 * everyone. (Collaborative editing is the builder's business; using needs only visibility.)
 */
export function agentLookupFromDb(db: Db): AgentLookup {
  return {
    async findUsable(userId: string, agentId: string): Promise<AgentSpec | undefined> {
      const row = await db.kysely
        .selectFrom('agents')
        .select(['id', 'name', 'author', 'is_global', 'provider', 'model', 'instructions', 'model_parameters', 'tools', 'recursion_limit'])
        .where('id', '=', agentId)
        .executeTakeFirst();
      if (!row || (row.author !== userId && row.is_global !== 1)) return undefined;
      const tools = parseJson<unknown>(row.tools, []);
      return {
        id: row.id,
        name: row.name,
        provider: row.provider,
        model: row.model,
        instructions: row.instructions,
        model_parameters: parseJson<Record<string, unknown>>(row.model_parameters, {}),
        tools: Array.isArray(tools) ? tools.filter((t): t is string => typeof t === 'string') : [],
        recursion_limit: row.recursion_limit,
      };
    },
  };
}
