import type { FastifyInstance } from 'fastify';
import { DEFAULT_AGENT_CAPABILITIES } from '../../config/agents-config-schema.js';
import { AppError } from '../../platform/errors.js';
import { nowIso } from '../../platform/ids.js';
import type { EndpointCatalog } from '../../providers/endpoint-catalog.js';
import type { AgentSpec } from '../agent-chat/agent-run.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import {
  agentNotFound,
  assertProviderAllowed,
  assertVisible,
  canDelete,
  canEdit,
  canView,
  hasAgentPermission,
  requireAgentPermission,
} from './agent-access.js';
import {
  GLOBAL_PROJECT_ID,
  newAgentId,
  PERMISSION_BITS,
  type CreateAgentInput,
  type ListAgentsQuery,
  type ToolResources,
  type UpdateAgentInput,
} from './agent-schemas.js';
import {
  authorNameOf,
  deleteAgentRow,
  findAgent,
  insertAgent,
  isGlobal,
  listAgentRows,
  ownedFileIds,
  rowProjectIds,
  rowToolResources,
  rowTools,
  toAgentJson,
  updateAgentRow,
  type AgentJson,
  type AgentRow,
  type ListScope,
} from './agents.repo.js';

/** What other features do when agents are duplicated or deleted (actions copy or drop their own rows). */
export interface AgentHooks {
  /**
   * Copies the source agent's actions for the duplicate (called once its row exists); answers
   * LibreChat's `actions` entries, their tool names and the copied actions.
   */
  duplicateActions?: (from: AgentRow, toAgentId: string, userId: string) => Promise<{ actionIds: string[]; toolNames: string[]; actions: unknown[] }>;
  onDelete?: (agentId: string, userId: string) => Promise<void>;
}

/** An agent that exists without a stored row: its answer to the API, and what a chat runs. */
export interface BuiltInAgent {
  json: AgentJson;
  spec: AgentSpec;
}

/**
 * Agents the server brings itself (issue 21's "Meme maker", features/memes/meme-agent.ts): listed
 * first and readable by those they are offered to, chatted with like stored ones, never changed.
 */
export interface BuiltInAgents {
  /** Those offered to this user (by the config and the user's role). */
  offeredTo(user: Pick<AuthUser, 'role'>): BuiltInAgent[];
  /** Whether the id is a built-in's, offered or not. */
  isBuiltIn(id: string): boolean;
}

/** Tools that are capabilities rather than registry entries until their source registers (LibreChat's system tools). */
const SYSTEM_TOOLS = ['file_search', 'execute_code', 'web_search', 'ocr'] as const;

const encodeCursor = (row: AgentRow): string => Buffer.from(JSON.stringify([row.updated_at, row.id])).toString('base64url');
function decodeCursor(cursor: string | undefined): { updatedAt: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof updatedAt === 'string' && typeof id === 'string') return { updatedAt, id };
  } catch {
    // fall through
  }
  throw new AppError('validation_error', 'Invalid cursor');
}

/** Agents CRUD and sharing (the agent chat reads the table through its own lookup). */
export class AgentsService {
  readonly hooks: AgentHooks = {};

  constructor(
    private readonly app: FastifyInstance,
    private readonly catalog: EndpointCatalog,
    private readonly tools: ToolRegistry,
    private readonly builtIns?: BuiltInAgents,
  ) {}

  /** The built-in agent with this id offered to the user, if any. */
  private builtInFor(user: AuthUser, id: string): BuiltInAgent | undefined {
    return this.builtIns?.offeredTo(user).find((agent) => agent.json.id === id);
  }

  /**
   * A built-in agent cannot be edited, duplicated or deleted: a 403 that says so for those it is
   * offered to; for others it does not exist (the 404 of the row lookup that follows).
   */
  private refuseBuiltIn(user: AuthUser, id: string): void {
    const agent = this.builtInFor(user, id);
    if (agent) throw new AppError('forbidden', `"${agent.json.name}" is built into the server and cannot be changed, duplicated or deleted.`);
  }

  private get db() {
    return this.app.db.kysely;
  }

  private get config() {
    return this.app.appConfig.endpoints?.agents;
  }

  private assertProvider(provider: string): void {
    if (!this.catalog.find(provider)) throw new AppError('validation_error', `Unknown provider: ${provider}`, { code: 'unknown_endpoint' });
    assertProviderAllowed(provider, this.config);
  }

  /** Keeps the tools the writer may use (and those already on the agent, whose source may be down just now). */
  private async allowedTools(userId: string, wanted: readonly string[], current: readonly string[]): Promise<string[]> {
    const capabilities = this.config?.capabilities ?? DEFAULT_AGENT_CAPABILITIES;
    const known = new Set((await this.tools.listFor(userId)).map((t) => t.name));
    const kept = new Set<string>();
    for (const name of wanted) {
      const system = (SYSTEM_TOOLS as readonly string[]).includes(name) && (capabilities as readonly string[]).includes(name);
      if (known.has(name) || current.includes(name) || system) kept.add(name);
    }
    return [...kept];
  }

  /** An agent may carry only files its writer owns (or that it already carries). */
  private async allowedResources(userId: string, wanted: ToolResources, current: ToolResources): Promise<ToolResources> {
    const result: ToolResources = {};
    for (const key of Object.keys(wanted) as (keyof ToolResources)[]) {
      const ids = wanted[key]?.file_ids ?? [];
      const already = new Set(current[key]?.file_ids ?? []);
      const owned = await ownedFileIds(this.db, userId, ids.filter((id) => !already.has(id)));
      result[key] = { file_ids: [...new Set(ids.filter((id) => already.has(id) || owned.has(id)))] };
    }
    return result;
  }

  /** The project ids after a change: only the instance project means anything, and only SHARED_GLOBAL may touch it. */
  private async nextProjects(user: AuthUser, current: string[], add: string[] | undefined, remove: string[] | undefined): Promise<string[]> {
    const touchesGlobal = (add ?? []).includes(GLOBAL_PROJECT_ID) || (remove ?? []).includes(GLOBAL_PROJECT_ID);
    if (touchesGlobal) await requireAgentPermission(this.app, user, 'USE', 'CREATE', 'SHARED_GLOBAL');
    const next = new Set(current.filter((id) => !(remove ?? []).includes(id)));
    for (const id of add ?? []) if (id === GLOBAL_PROJECT_ID) next.add(id);
    return [...next];
  }

  async create(user: AuthUser, input: CreateAgentInput): Promise<AgentJson> {
    this.assertProvider(input.provider);
    const projectIds = await this.nextProjects(user, [], input.projectIds, undefined);
    const now = nowIso();
    const row: AgentRow = {
      id: newAgentId(),
      author: user.id,
      name: input.name ?? null,
      description: input.description ?? null,
      instructions: input.instructions ?? null,
      provider: input.provider,
      model: input.model ?? null,
      model_parameters: JSON.stringify(input.model_parameters ?? {}),
      tools: JSON.stringify(await this.allowedTools(user.id, input.tools ?? [], [])),
      tool_resources: JSON.stringify(await this.allowedResources(user.id, input.tool_resources ?? {}, {})),
      actions: '[]',
      avatar: input.avatar ? JSON.stringify(input.avatar) : null,
      conversation_starters: JSON.stringify(input.conversation_starters ?? []),
      artifacts: input.artifacts ?? null,
      recursion_limit: input.recursion_limit ?? null,
      memory_enabled: input.memory?.enabled ? 1 : 0,
      is_collaborative: input.isCollaborative ? 1 : 0,
      project_ids: JSON.stringify(projectIds),
      is_global: isGlobal(projectIds),
      created_at: now,
      updated_at: now,
    };
    await insertAgent(this.db, row);
    return toAgentJson(row, user.id, true, user.name);
  }

  async get(user: AuthUser, id: string): Promise<AgentJson> {
    const builtIn = this.builtInFor(user, id);
    if (builtIn) return builtIn.json;
    const row = assertVisible(await findAgent(this.db, id), user);
    return toAgentJson(row, user.id, canEdit(row, user), await authorNameOf(this.db, row.author));
  }

  async update(user: AuthUser, id: string, input: UpdateAgentInput): Promise<AgentJson> {
    this.refuseBuiltIn(user, id);
    const row = assertVisible(await findAgent(this.db, id), user);
    if (!canEdit(row, user)) throw new AppError('forbidden', 'You do not have permission to modify this non-collaborative agent');
    if (input.provider !== undefined) this.assertProvider(input.provider);
    const owner = row.author === user.id || user.role === 'ADMIN';
    const changes: Partial<AgentRow> = { updated_at: nowIso() };
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.instructions !== undefined) changes.instructions = input.instructions;
    if (input.provider !== undefined) changes.provider = input.provider;
    if (input.model !== undefined) changes.model = input.model;
    if (input.model_parameters !== undefined) changes.model_parameters = JSON.stringify(input.model_parameters);
    if (input.tools !== undefined) changes.tools = JSON.stringify(await this.allowedTools(user.id, input.tools, rowTools(row)));
    if (input.tool_resources !== undefined) {
      const resources = await this.allowedResources(user.id, input.tool_resources, rowToolResources(row));
      changes.tool_resources = JSON.stringify({ ...rowToolResources(row), ...resources });
    }
    if (input.avatar !== undefined) changes.avatar = input.avatar ? JSON.stringify(input.avatar) : null;
    if (input.conversation_starters !== undefined) changes.conversation_starters = JSON.stringify(input.conversation_starters);
    if (input.artifacts !== undefined) changes.artifacts = input.artifacts;
    if (input.recursion_limit !== undefined) changes.recursion_limit = input.recursion_limit;
    if (input.memory !== undefined) changes.memory_enabled = input.memory.enabled ? 1 : 0;
    // Who may edit and who sees it stay the author's (and administrators') choice, as in LibreChat
    // where a collaborator's project changes are ignored.
    if (owner && input.isCollaborative !== undefined) changes.is_collaborative = input.isCollaborative ? 1 : 0;
    if (owner && (input.projectIds || input.removeProjectIds)) {
      const projectIds = await this.nextProjects(user, rowProjectIds(row), input.projectIds, input.removeProjectIds);
      changes.project_ids = JSON.stringify(projectIds);
      changes.is_global = isGlobal(projectIds);
    }
    await updateAgentRow(this.db, id, changes);
    const updated = { ...row, ...changes };
    return toAgentJson(updated, user.id, true, await authorNameOf(this.db, row.author));
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    this.refuseBuiltIn(user, id);
    const row = assertVisible(await findAgent(this.db, id), user);
    if (!canDelete(row, user)) throw new AppError('forbidden', 'Only the author of this agent may delete it');
    await deleteAgentRow(this.db, id);
    await this.hooks.onDelete?.(id, row.author);
  }

  async duplicate(user: AuthUser, id: string): Promise<{ agent: AgentJson; actions: unknown[] }> {
    this.refuseBuiltIn(user, id);
    const source = assertVisible(await findAgent(this.db, id), user);
    // A copy shows everything (instructions too), so only those who may edit the original copy it.
    if (!canEdit(source, user)) throw new AppError('forbidden', 'You do not have permission to duplicate this agent');
    const newId = newAgentId();
    const tools = rowTools(source).filter((name) => !name.includes('_action_'));
    const now = nowIso();
    const row: AgentRow = {
      ...source,
      id: newId,
      author: user.id,
      name: source.name ? `${source.name} (copy)` : source.name,
      tools: JSON.stringify(tools),
      tool_resources: JSON.stringify(await this.allowedResources(user.id, rowToolResources(source), {})),
      actions: '[]',
      // A copy is the duplicator's own: private until they share it.
      project_ids: '[]',
      is_global: 0,
      created_at: now,
      updated_at: now,
    };
    await insertAgent(this.db, row);
    // After the insert: the copied actions' rows refer to the new agent.
    const copied = this.hooks.duplicateActions ? await this.hooks.duplicateActions(source, newId, user.id) : undefined;
    if (copied) {
      row.tools = JSON.stringify([...tools, ...copied.toolNames]);
      row.actions = JSON.stringify(copied.actionIds);
      await updateAgentRow(this.db, newId, { tools: row.tools, actions: row.actions });
    }
    return { agent: toAgentJson(row, user.id, true, user.name), actions: copied?.actions ?? [] };
  }

  async list(user: AuthUser, query: ListAgentsQuery) {
    const bits = query.requiredPermission;
    const scope: ListScope = bits & (PERMISSION_BITS.DELETE | PERMISSION_BITS.SHARE) ? 'own' : bits & PERMISSION_BITS.EDIT ? 'editable' : 'visible';
    const after = decodeCursor(query.cursor ?? query.after);
    // Built-in agents lead the first page of what the user may see (never of what they may edit),
    // filtered as the rows are. The page keeps its size, but holds one stored agent at least, so
    // its cursor always has a row to go on from.
    const builtIns = scope === 'visible' && !after ? this.builtInsMatching(user, query) : [];
    const limit = Math.max(1, query.limit - builtIns.length);
    const rows = await listAgentRows(this.db, {
      viewerId: user.id,
      isAdmin: user.role === 'ADMIN',
      scope,
      limit,
      order: query.order,
      provider: query.provider,
      search: query.search,
      after,
    });
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    const last = page.at(-1);
    const data = [...builtIns, ...page.map((row) => toAgentJson(row, user.id, canEdit(row, user), row.author_name))];
    return {
      object: 'list' as const,
      data,
      first_id: data[0]?.id ?? null,
      last_id: last?.id ?? null,
      has_more: hasMore,
      after: hasMore && last ? encodeCursor(last) : null,
    };
  }

  private builtInsMatching(user: AuthUser, query: ListAgentsQuery): AgentJson[] {
    const search = query.search?.toLowerCase();
    return (this.builtIns?.offeredTo(user) ?? [])
      .map((agent) => agent.json)
      .filter((agent) => (!query.provider || agent.provider === query.provider) && (!search || agent.name?.toLowerCase().includes(search)));
  }

  /** The agent whose avatar the user may set (an editor), or a 404/403 before any upload is read. */
  async assertEditable(user: AuthUser, id: string): Promise<AgentRow> {
    this.refuseBuiltIn(user, id);
    const row = assertVisible(await findAgent(this.db, id), user);
    if (!canEdit(row, user)) throw new AppError('forbidden', 'You do not have permission to modify this non-collaborative agent');
    return row;
  }

  /** Sets the avatar; answers the previous one's filepath (its bytes are the caller's to remove). */
  async setAvatar(id: string, avatar: { filepath: string; source: string }): Promise<string | null> {
    const row = await findAgent(this.db, id);
    if (!row) throw agentNotFound();
    await updateAgentRow(this.db, id, { avatar: JSON.stringify(avatar), updated_at: nowIso() });
    const previous = (row.avatar ? (JSON.parse(row.avatar) as { filepath?: string }) : null)?.filepath;
    if (!previous) return null;
    // A duplicate shares its original's picture, and an agent may show its author's own avatar:
    // the bytes are removed only when nothing else still shows them.
    const agentUse = await this.db.selectFrom('agents').select('id').where('avatar', 'like', `%${JSON.stringify(previous).slice(1, -1)}%`).executeTakeFirst();
    const userUse = await this.db.selectFrom('users').select('id').where('avatar', '=', previous).executeTakeFirst();
    return agentUse || userUse ? null : previous;
  }

  /** May this user use agents at all (AGENTS USE)? The chat asks before running one. */
  canUse(user: AuthUser): Promise<boolean> {
    return hasAgentPermission(this.app, user, 'USE');
  }

  /** The row, for features that read more than the chat needs (actions, file_search). */
  async findVisibleRow(user: AuthUser, id: string): Promise<AgentRow> {
    const row = await findAgent(this.db, id);
    if (!row || !canView(row, user)) throw agentNotFound();
    return row;
  }
}
