import { sql, type Kysely } from 'kysely';
import type { Database, PromptGroupsTable } from '../../db/schema.js';
import type { PromptGroupRow, PromptRow } from './prompt-json.js';

type Exec = Kysely<Database>;

/** Groups joined with their production version's text. */
const groupsWithProduction = (db: Exec) =>
  db
    .selectFrom('prompt_groups')
    .leftJoin('prompts', (join) => join.onRef('prompts.id', '=', 'prompt_groups.production_id').onRef('prompts.group_id', '=', 'prompt_groups.id'));

export async function findGroup(db: Exec, id: string): Promise<PromptGroupRow | undefined> {
  return groupsWithProduction(db)
    .selectAll('prompt_groups')
    .select('prompts.prompt as production_prompt')
    .where('prompt_groups.id', '=', id)
    .executeTakeFirst();
}

export async function findPrompt(db: Exec, id: string): Promise<PromptRow | undefined> {
  return db.selectFrom('prompts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A group's versions, newest first. */
export async function listVersions(db: Exec, groupId: string): Promise<PromptRow[]> {
  return db.selectFrom('prompts').selectAll().where('group_id', '=', groupId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Every version a user wrote, newest first (LibreChat's GET /api/prompts without a group). */
export async function listVersionsByAuthor(db: Exec, author: string): Promise<PromptRow[]> {
  return db.selectFrom('prompts').selectAll().where('author', '=', author).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Which groups a list holds: the viewer's and shared ones, only the viewer's, or only shared ones. */
export interface GroupListFilter {
  viewerId: string;
  scope: 'visible' | 'own' | 'shared';
  /** An exact category; '' for groups without one. */
  category?: string | undefined;
  /** Part of the name, any case. */
  name?: string | undefined;
}

/** The filtered groups, before anything is selected (a page and its count share it). */
function filteredGroups(db: Exec, f: GroupListFilter) {
  let query = groupsWithProduction(db).where((eb) => {
    const own = eb('prompt_groups.author', '=', f.viewerId);
    const shared = eb('prompt_groups.is_global', '=', 1);
    return f.scope === 'own' ? own : f.scope === 'shared' ? shared : eb.or([own, shared]);
  });
  if (f.category !== undefined) query = query.where('prompt_groups.category', '=', f.category);
  if (f.name) {
    // Case-insensitive on both dialects, LIKE's wildcards escaped (with an explicit escape
    // character: SQLite has none by default, PostgreSQL's is the backslash).
    const pattern = `%${f.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(${sql.ref('prompt_groups.name')}) like ${pattern} escape '\\'`);
  }
  return query;
}

/** One page of groups, newest first, and how many there are in all. */
export async function listGroups(
  db: Exec,
  f: GroupListFilter,
  page?: { offset: number; limit: number },
): Promise<{ rows: PromptGroupRow[]; total: number }> {
  let query = filteredGroups(db, f)
    .selectAll('prompt_groups')
    .select('prompts.prompt as production_prompt')
    .orderBy('prompt_groups.created_at', 'desc')
    .orderBy('prompt_groups.id', 'desc');
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query.execute();
  if (!page) return { rows, total: rows.length };
  const count = await filteredGroups(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The categories shared groups use (none empty). */
export async function sharedCategories(db: Exec): Promise<string[]> {
  const rows = await db
    .selectFrom('prompt_groups')
    .select('category')
    .distinct()
    .where('is_global', '=', 1)
    .where('category', '!=', '')
    .execute();
  return rows.map((r) => r.category);
}

/** The newest shared group of a category. */
export async function newestSharedGroupIn(db: Exec, category: string): Promise<PromptGroupRow | undefined> {
  return groupsWithProduction(db)
    .selectAll('prompt_groups')
    .select('prompts.prompt as production_prompt')
    .where('prompt_groups.is_global', '=', 1)
    .where('prompt_groups.category', '=', category)
    .orderBy('prompt_groups.created_at', 'desc')
    .orderBy('prompt_groups.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertGroup(db: Exec, row: PromptGroupsTable): Promise<void> {
  await db.insertInto('prompt_groups').values(row).execute();
}

export async function insertPrompt(db: Exec, row: PromptRow): Promise<void> {
  await db.insertInto('prompts').values(row).execute();
}

export async function updateGroup(db: Exec, id: string, changes: Partial<PromptGroupsTable>): Promise<void> {
  await db.updateTable('prompt_groups').set(changes).where('id', '=', id).execute();
}

export async function updatePromptLabels(db: Exec, id: string, labels: string[], updatedAt: string): Promise<void> {
  await db.updateTable('prompts').set({ labels: JSON.stringify(labels), updated_at: updatedAt }).where('id', '=', id).execute();
}

/** Counts one more use of a group; answers the count after, or undefined if the group is gone. */
export async function incrementUses(db: Exec, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable('prompt_groups')
    .set((eb) => ({ number_of_generations: eb('number_of_generations', '+', 1) }))
    .where('id', '=', id)
    .returning('number_of_generations')
    .executeTakeFirst();
  return row ? Number(row.number_of_generations) : undefined;
}

/** When a new version of a group is made: now, or just after its newest version, so history order is strict. */
export async function nextVersionTime(db: Exec, groupId: string, now: string): Promise<string> {
  const newest = await db.selectFrom('prompts').select('created_at').where('group_id', '=', groupId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  if (!newest || newest.created_at < now) return now;
  return new Date(Date.parse(newest.created_at) + 1).toISOString();
}

export async function deleteGroup(db: Exec, id: string): Promise<void> {
  await db.deleteFrom('prompts').where('group_id', '=', id).execute();
  await db.deleteFrom('prompt_groups').where('id', '=', id).execute();
}

/**
 * After versions of a group were deleted: a group left empty is deleted too (LibreChat does), and
 * one whose production version went points at its newest remaining version. Answers whether the
 * group was deleted.
 */
export async function settleGroupAfterDeletes(db: Exec, groupId: string): Promise<boolean> {
  const newest = await db
    .selectFrom('prompts')
    .select('id')
    .where('group_id', '=', groupId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) {
    await db.deleteFrom('prompt_groups').where('id', '=', groupId).execute();
    return true;
  }
  await db
    .updateTable('prompt_groups')
    .set({ production_id: newest.id })
    .where('id', '=', groupId)
    .where((eb) =>
      eb.or([
        eb('production_id', 'is', null),
        eb.not(eb.exists(eb.selectFrom('prompts').select('prompts.id').whereRef('prompts.id', '=', 'prompt_groups.production_id'))),
      ]),
    )
    .execute();
  return false;
}

/**
 * Account deletion: the user's groups with every version in them, then the versions they wrote
 * in others' (collaborative) groups, each of those groups settled after.
 */
export async function removePromptsOfUser(db: Exec, userId: string): Promise<void> {
  await db
    .deleteFrom('prompts')
    .where('group_id', 'in', db.selectFrom('prompt_groups').select('id').where('author', '=', userId))
    .execute();
  await db.deleteFrom('prompt_groups').where('author', '=', userId).execute();
  const touched = await db.selectFrom('prompts').select('group_id').distinct().where('author', '=', userId).execute();
  await db.deleteFrom('prompts').where('author', '=', userId).execute();
  for (const { group_id } of touched) await settleGroupAfterDeletes(db, group_id);
}
