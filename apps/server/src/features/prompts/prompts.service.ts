import {
  PROMPT_SYSTEM_CATEGORIES,
  type CreatePromptInput,
  type CreatePromptResponse,
  type DeletePromptResponse,
  type ListPromptGroupsQuery,
  type PromptGroup,
  type PromptGroupListResponse,
  type PromptMessageResponse,
  type PromptVersion,
  type UpdatePromptGroupInput,
} from '@confab/shared';
import type { Db } from '../../db/database.js';
import type { PromptGroupsTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../platform/errors.js';
import { newId, nowIso } from '../../platform/ids.js';
import { GLOBAL_PROJECT_ID } from '../agents/agent-schemas.js';
import type { AuthUser } from '../auth/authenticate.js';
import { hasPermissions } from '../roles/require-permission.js';
import { assertCanAddVersions, assertCanManage, assertGroupVisible, canViewGroup, promptNotFound } from './prompt-access.js';
import { rowProjectIds, toPromptGroup, toPromptVersion, type PromptGroupRow, type PromptRow } from './prompt-json.js';
import * as repo from './prompts.repo.js';

/** The refusal of a slash command the author already uses on another group. */
const commandTaken = (command: string): AppError =>
  new AppError('conflict', `The command /${command} is already taken by another of your prompts`, { field: 'command' });

/** Runs a write that may set a command; the unique index's refusal becomes commandTaken (two requests racing included). */
async function guardCommand<T>(command: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (command && isUniqueViolation(err)) throw commandTaken(command);
    throw err;
  }
}

/** LibreChat's category filter: a stored category, or one of its system categories. */
function listFilter(viewerId: string, query: Pick<ListPromptGroupsQuery, 'name' | 'category'>): repo.GroupListFilter {
  const base = { viewerId, name: query.name };
  switch (query.category) {
    case undefined:
    case '':
    case PROMPT_SYSTEM_CATEGORIES.ALL:
      return { ...base, scope: 'visible' };
    case PROMPT_SYSTEM_CATEGORIES.MY_PROMPTS:
      return { ...base, scope: 'own' };
    case PROMPT_SYSTEM_CATEGORIES.SHARED_PROMPTS:
      return { ...base, scope: 'shared' };
    case PROMPT_SYSTEM_CATEGORIES.NO_CATEGORY:
      return { ...base, scope: 'visible', category: '' };
    default:
      return { ...base, scope: 'visible', category: query.category };
  }
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * Saved prompts (SPEC 7 Prompts), LibreChat v0.7's behaviour: groups of versioned prompts, one
 * version production, shared with everyone through the instance project. Every read and write
 * goes through the access rules of prompt-access.ts; the routes check the role's permissions.
 */
export class PromptsService {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely;
  }

  private async visibleGroup(user: AuthUser, id: string): Promise<PromptGroupRow> {
    return assertGroupVisible(await repo.findGroup(this.k, id), user);
  }

  /** A version and its group, if the user may see the group; a 404 otherwise. */
  private async visiblePrompt(user: AuthUser, id: string): Promise<{ prompt: PromptRow; group: PromptGroupRow }> {
    const prompt = await repo.findPrompt(this.k, id);
    const group = prompt ? await repo.findGroup(this.k, prompt.group_id) : undefined;
    if (!prompt || !group || !canViewGroup(group, user)) throw promptNotFound();
    return { prompt, group };
  }

  private async groupJson(id: string): Promise<PromptGroup> {
    const row = await repo.findGroup(this.k, id);
    if (!row) throw new AppError('not_found', 'Prompt group not found');
    return toPromptGroup(row);
  }

  /** GET /api/prompts: a visible group's versions, or (no group) every version the user wrote. */
  async listVersions(user: AuthUser, groupId: string | undefined): Promise<PromptVersion[]> {
    if (groupId === undefined) return (await repo.listVersionsByAuthor(this.k, user.id)).map(toPromptVersion);
    await this.visibleGroup(user, groupId);
    return (await repo.listVersions(this.k, groupId)).map(toPromptVersion);
  }

  async getVersion(user: AuthUser, id: string): Promise<PromptVersion> {
    return toPromptVersion((await this.visiblePrompt(user, id)).prompt);
  }

  async getGroup(user: AuthUser, id: string): Promise<PromptGroup> {
    return toPromptGroup(await this.visibleGroup(user, id));
  }

  /** GET /api/prompts/all: every group the user sees (the "/" command's list), newest first. */
  async listAll(user: AuthUser, query: Pick<ListPromptGroupsQuery, 'name' | 'category'>): Promise<PromptGroup[]> {
    return (await repo.listGroups(this.k, listFilter(user.id, query))).rows.map(toPromptGroup);
  }

  /** GET /api/prompts/groups: one page, with LibreChat's string page fields. */
  async listPage(user: AuthUser, query: ListPromptGroupsQuery): Promise<PromptGroupListResponse> {
    const { pageNumber, pageSize } = query;
    const { rows, total } = await repo.listGroups(this.k, listFilter(user.id, query), {
      offset: (pageNumber - 1) * pageSize,
      limit: pageSize,
    });
    return {
      promptGroups: rows.map(toPromptGroup),
      pageNumber: String(pageNumber),
      pageSize: String(pageSize),
      pages: String(Math.ceil(total / pageSize)),
    };
  }

  /** POST /api/prompts: a new group with its first (production) version, or a new version of a group. */
  async create(user: AuthUser, input: CreatePromptInput): Promise<CreatePromptResponse> {
    const now = nowIso();
    const prompt = input.prompt;
    if (!input.group) {
      const group = await this.visibleGroup(user, prompt.groupId ?? '');
      assertCanAddVersions(group, user);
      const id = newId();
      await this.k.transaction().execute(async (trx) => {
        const createdAt = await repo.nextVersionTime(trx, group.id, now);
        await repo.insertPrompt(trx, { id, group_id: group.id, author: user.id, prompt: prompt.prompt, type: prompt.type, labels: '[]', created_at: createdAt, updated_at: createdAt });
        await repo.updateGroup(trx, group.id, { updated_at: now });
      });
      return { prompt: toPromptVersion((await repo.findPrompt(this.k, id)) as PromptRow), group: await this.groupJson(group.id) };
    }
    const { name, category = '', oneliner = '', command = null } = input.group;
    const groupId = newId();
    const promptRow: PromptRow = { id: newId(), group_id: groupId, author: user.id, prompt: prompt.prompt, type: prompt.type, labels: '[]', created_at: now, updated_at: now };
    const groupRow: PromptGroupsTable = {
      id: groupId,
      author: user.id,
      author_name: user.name,
      name,
      oneliner,
      category,
      command,
      production_id: promptRow.id,
      number_of_generations: 0,
      project_ids: '[]',
      is_global: 0,
      is_collaborative: 0,
      created_at: now,
      updated_at: now,
    };
    await guardCommand(command, () =>
      this.k.transaction().execute(async (trx) => {
        await repo.insertGroup(trx, groupRow);
        await repo.insertPrompt(trx, promptRow);
      }),
    );
    return { prompt: toPromptVersion(promptRow), group: toPromptGroup({ ...groupRow, production_prompt: promptRow.prompt }) };
  }

  /** PATCH /api/prompts/groups/:id. Adding or removing the instance project also needs SHARED_GLOBAL. */
  async updateGroup(user: AuthUser, id: string, input: UpdatePromptGroupInput): Promise<PromptGroup> {
    const group = await this.visibleGroup(user, id);
    assertCanManage(group, user);
    const add = input.projectIds ?? [];
    const remove = input.removeProjectIds ?? [];
    if (add.includes(GLOBAL_PROJECT_ID) || remove.includes(GLOBAL_PROJECT_ID)) {
      if (!(await hasPermissions(this.db, user, 'PROMPTS', ['USE', 'CREATE', 'SHARED_GLOBAL']))) {
        throw new AppError('forbidden', 'You are not allowed to share prompts with everyone');
      }
    }
    // Only the instance project means anything; other ids are dropped.
    const projects = new Set(rowProjectIds(group).filter((p) => !remove.includes(p)));
    if (add.includes(GLOBAL_PROJECT_ID)) projects.add(GLOBAL_PROJECT_ID);
    const changes: Partial<PromptGroupsTable> = {
      project_ids: JSON.stringify([...projects]),
      is_global: projects.has(GLOBAL_PROJECT_ID) ? 1 : 0,
      updated_at: nowIso(),
    };
    if (input.name !== undefined) changes.name = input.name;
    if (input.category !== undefined) changes.category = input.category;
    if (input.oneliner !== undefined) changes.oneliner = input.oneliner;
    if (input.command !== undefined) changes.command = input.command;
    if (input.isCollaborative !== undefined) changes.is_collaborative = input.isCollaborative ? 1 : 0;
    await guardCommand(input.command, () => repo.updateGroup(this.k, id, changes));
    return this.groupJson(id);
  }

  async deleteGroup(user: AuthUser, id: string): Promise<PromptMessageResponse> {
    const group = await this.visibleGroup(user, id);
    assertCanManage(group, user);
    await this.k.transaction().execute((trx) => repo.deleteGroup(trx, id));
    return { message: 'Prompt group deleted successfully' };
  }

  /** DELETE /api/prompts/:id?groupId=: the last version takes its group with it (LibreChat's answer says so). */
  async deleteVersion(user: AuthUser, id: string, groupId: string | undefined): Promise<DeletePromptResponse> {
    const { prompt, group } = await this.visiblePrompt(user, id);
    if (groupId !== undefined && groupId !== prompt.group_id) throw promptNotFound();
    assertCanManage(group, user);
    const groupDeleted = await this.k.transaction().execute(async (trx) => {
      await trx.deleteFrom('prompts').where('id', '=', id).execute();
      return repo.settleGroupAfterDeletes(trx, group.id);
    });
    return groupDeleted
      ? { prompt: 'Prompt deleted successfully', promptGroup: { message: 'Prompt group deleted successfully', id: group.id } }
      : { prompt: 'Prompt deleted successfully' };
  }

  async setLabels(user: AuthUser, id: string, labels: string[]): Promise<PromptMessageResponse> {
    const { group } = await this.visiblePrompt(user, id);
    assertCanAddVersions(group, user);
    await repo.updatePromptLabels(this.k, id, labels, nowIso());
    return { message: 'Prompt labels updated successfully' };
  }

  async makeProduction(user: AuthUser, id: string): Promise<PromptMessageResponse> {
    const { group } = await this.visiblePrompt(user, id);
    assertCanAddVersions(group, user);
    await repo.updateGroup(this.k, group.id, { production_id: id, updated_at: nowIso() });
    return { message: 'Prompt production made successfully' };
  }

  /**
   * GET /api/prompts/random: shared groups only (LibreChat's are those of the instance project),
   * one per category, the categories in random order, `skip` and `limit` counted in categories.
   */
  async random(query: { limit: number; skip: number }): Promise<{ prompts: PromptGroup[] }> {
    const categories = shuffle(await repo.sharedCategories(this.k)).slice(query.skip, query.skip + query.limit);
    const prompts: PromptGroup[] = [];
    for (const category of categories) {
      const row = await repo.newestSharedGroupIn(this.k, category);
      if (row) prompts.push(toPromptGroup(row));
    }
    return { prompts };
  }

  /** POST /api/prompts/groups/:id/use: counts one use of a group the user sees. */
  async recordUse(user: AuthUser, id: string): Promise<{ numberOfGenerations: number }> {
    await this.visibleGroup(user, id);
    const count = await repo.incrementUses(this.k, id);
    if (count === undefined) throw new AppError('not_found', 'Prompt group not found');
    return { numberOfGenerations: count };
  }
}
