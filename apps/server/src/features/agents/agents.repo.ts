import type { Kysely } from 'kysely';
import type { AgentsTable, Database } from '../../db/schema.js';
import { GLOBAL_PROJECT_ID, type ToolResources } from './agent-schemas.js';

export type AgentRow = AgentsTable;
type Exec = Kysely<Database>;

/** LibreChat's Agent as the API answers it. */
export interface AgentJson {
  _id: string;
  id: string;
  name: string | null;
  description: string | null;
  instructions?: string | null;
  provider: string;
  model: string | null;
  model_parameters?: Record<string, unknown>;
  tools?: string[];
  tool_resources?: ToolResources;
  actions?: string[];
  avatar: { filepath: string; source: string } | null;
  conversation_starters?: string[];
  artifacts?: string | null;
  recursion_limit?: number | null;
  /** Per-agent memory (issue 41). */
  memory?: { enabled: boolean };
  isCollaborative: boolean;
  projectIds: string[];
  author?: string;
  authorName?: string;
  createdAt: string;
  updatedAt: string;
  /** Seconds since the epoch, LibreChat's `created_at`. */
  created_at: number;
}

const parse = <T>(json: string | null, fallback: T): T => {
  if (json === null) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
};

export const rowTools = (row: AgentRow): string[] => parse<string[]>(row.tools, []);
export const rowToolResources = (row: AgentRow): ToolResources => parse<ToolResources>(row.tool_resources, {});
export const rowProjectIds = (row: AgentRow): string[] => parse<string[]>(row.project_ids, []);
export const rowModelParameters = (row: AgentRow): Record<string, unknown> => parse<Record<string, unknown>>(row.model_parameters, {});

/**
 * The full agent (its author, an administrator, or a collaborator may read it all), or the public
 * view LibreChat gives others of a shared, non-collaborative agent: what the selector and the
 * landing page show, without instructions, tools or parameters.
 */
export function toAgentJson(row: AgentRow, viewerId: string, full: boolean, authorName?: string | null): AgentJson {
  const base = {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    provider: row.provider,
    model: row.model,
    avatar: parse<AgentJson['avatar']>(row.avatar, null),
    conversation_starters: parse<string[]>(row.conversation_starters, []),
    isCollaborative: row.is_collaborative === 1,
    projectIds: rowProjectIds(row),
    // LibreChat shows the author's id only to the author.
    ...(row.author === viewerId ? { author: row.author } : {}),
    ...(authorName ? { authorName } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    created_at: Math.floor(Date.parse(row.created_at) / 1000),
  };
  if (!full) return base;
  return {
    ...base,
    instructions: row.instructions,
    model_parameters: rowModelParameters(row),
    tools: rowTools(row),
    tool_resources: rowToolResources(row),
    actions: parse<string[]>(row.actions, []),
    artifacts: row.artifacts,
    recursion_limit: row.recursion_limit,
    memory: { enabled: row.memory_enabled === 1 },
  };
}

export const isGlobal = (projectIds: readonly string[]): number => (projectIds.includes(GLOBAL_PROJECT_ID) ? 1 : 0);

export function findAgent(db: Exec, id: string): Promise<AgentRow | undefined> {
  return db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAgent(db: Exec, row: AgentRow): Promise<void> {
  await db.insertInto('agents').values(row).execute();
}

export async function updateAgentRow(db: Exec, id: string, changes: Partial<Omit<AgentRow, 'id' | 'author'>>): Promise<void> {
  await db.updateTable('agents').set(changes).where('id', '=', id).execute();
}

export async function deleteAgentRow(db: Exec, id: string): Promise<void> {
  await db.deleteFrom('agents').where('id', '=', id).execute();
}

export async function authorNameOf(db: Exec, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

/** Which agents a list may return: the viewer's own, and shared ones with the access asked for. */
export type ListScope = 'visible' | 'editable' | 'own';

export interface ListOptions {
  viewerId: string;
  isAdmin: boolean;
  scope: ListScope;
  limit: number;
  order: 'asc' | 'desc';
  provider?: string | undefined;
  search?: string | undefined;
  after?: { updatedAt: string; id: string } | undefined;
}

export async function listAgentRows(db: Exec, o: ListOptions): Promise<(AgentRow & { author_name: string | null })[]> {
  let query = db
    .selectFrom('agents')
    .leftJoin('users', 'users.id', 'agents.author')
    .selectAll('agents')
    .select('users.name as author_name')
    .where((eb) => {
      const own = eb('agents.author', '=', o.viewerId);
      if (o.scope === 'own') return o.isAdmin ? eb.or([own, eb('agents.is_global', '=', 1)]) : own;
      if (o.scope === 'editable' && !o.isAdmin) {
        return eb.or([own, eb.and([eb('agents.is_global', '=', 1), eb('agents.is_collaborative', '=', 1)])]);
      }
      return eb.or([own, eb('agents.is_global', '=', 1)]);
    });
  if (o.provider) query = query.where('agents.provider', '=', o.provider);
  if (o.search) {
    // Case-insensitive on both dialects. LIKE's wildcards are dropped from the search rather than
    // escaped: SQLite and PostgreSQL disagree on the default escape character.
    const pattern = `%${o.search.toLowerCase().replace(/[\\%_]/g, '')}%`;
    query = query.where((eb) => eb(eb.fn('lower', ['agents.name']), 'like', eb.val(pattern)));
  }
  const after = o.after;
  if (after) {
    const op = o.order === 'desc' ? '<' : '>';
    query = query.where((eb) =>
      eb.or([
        eb('agents.updated_at', op, after.updatedAt),
        eb.and([eb('agents.updated_at', '=', after.updatedAt), eb('agents.id', op, after.id)]),
      ]),
    );
  }
  return query
    .orderBy('agents.updated_at', o.order)
    .orderBy('agents.id', o.order)
    .limit(o.limit + 1)
    .execute();
}

/** File ids among `ids` that belong to the user (an agent may carry only its writer's files). */
export async function ownedFileIds(db: Exec, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('files').select('file_id').where('user_id', '=', userId).where('file_id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.file_id));
}
