import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import { insertAgent, type AgentRow } from '../src/features/agents/agents.repo.js';

/**
 * Stores an agent of `author` as the builder would, for tests that chat with one without going
 * through the builder: on the openAI endpoint (the OpenAI simulator) with no tools, unless told.
 * @example const agentId = await seedAgent(db, userId, { tools: JSON.stringify(['get_weather']) });
 */
export async function seedAgent(
  db: Kysely<Database>,
  author: string,
  fields: Partial<Omit<AgentRow, 'author'>> = {},
): Promise<string> {
  const now = new Date().toISOString();
  const row: AgentRow = {
    id: `agent_${randomBytes(16).toString('base64url').slice(0, 21)}`,
    author,
    name: 'Test agent',
    description: null,
    instructions: 'Answer briefly.',
    provider: 'openAI',
    model: 'gpt-4o-mini',
    model_parameters: '{}',
    tools: '[]',
    tool_resources: '{}',
    actions: '[]',
    avatar: null,
    conversation_starters: '[]',
    artifacts: null,
    recursion_limit: null,
    is_collaborative: 0,
    project_ids: '[]',
    is_global: 0,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await insertAgent(db, row);
  return row.id;
}
