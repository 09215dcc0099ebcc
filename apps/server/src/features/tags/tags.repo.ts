import { SAVED_TAG, type ConversationTag } from '@confab/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConversationTagsTable, Database } from '../../db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;
export type TagRow = ConversationTagsTable;

export function toTag(row: TagRow): ConversationTag {
  return {
    _id: row.id,
    tag: row.tag,
    // LibreChat's tag schema has an optional description, never null.
    ...(row.description !== null ? { description: row.description } : {}),
    count: row.count,
    position: row.position,
    user: row.user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function listTagRows(db: Executor, userId: string): Promise<TagRow[]> {
  return db.selectFrom('conversation_tags').selectAll().where('user_id', '=', userId).orderBy('position').orderBy('tag').execute();
}

export function findTag(db: Executor, userId: string, tag: string): Promise<TagRow | undefined> {
  return db.selectFrom('conversation_tags').selectAll().where('user_id', '=', userId).where('tag', '=', tag).executeTakeFirst();
}

async function nextPosition(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('conversation_tags')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/**
 * Creates the tags that do not exist yet, each at the end of the list. Concurrent creation of
 * the same name is absorbed by the unique key rather than failing.
 */
export async function ensureTags(db: Executor, userId: string, tags: readonly string[], description: string | null = null): Promise<void> {
  for (const tag of tags) {
    if (await findTag(db, userId, tag)) continue;
    const now = nowIso();
    await db
      .insertInto('conversation_tags')
      .values({ id: newId(), user_id: userId, tag, description, count: 0, position: await nextPosition(db, userId), created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'tag']).doNothing())
      .execute();
  }
}

/** SPEC 4: a user with no tags at all gets the reserved "Saved" one. */
export async function ensureSavedTag(db: Executor, userId: string): Promise<void> {
  const any = await db.selectFrom('conversation_tags').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  if (!any) await ensureTags(db, userId, [SAVED_TAG]);
}

/** Adds each delta to its tag's count; counts never go below zero. */
export async function adjustTagCounts(db: Executor, userId: string, deltas: ReadonlyMap<string, number>): Promise<void> {
  for (const [tag, delta] of deltas) {
    if (delta === 0) continue;
    await db
      .updateTable('conversation_tags')
      .set({ count: sql<number>`case when count + ${delta} > 0 then count + ${delta} else 0 end` })
      .where('user_id', '=', userId)
      .where('tag', '=', tag)
      .execute();
  }
}

/**
 * Moves a tag from one position to another, shifting those in between by one so the list stays
 * dense (LibreChat's reordering).
 */
export async function moveTagPosition(db: Executor, userId: string, from: number, to: number): Promise<void> {
  if (from === to) return;
  const query = db.updateTable('conversation_tags').where('user_id', '=', userId);
  if (from < to) {
    await query.set({ position: sql<number>`position - 1` }).where('position', '>', from).where('position', '<=', to).execute();
  } else {
    await query.set({ position: sql<number>`position + 1` }).where('position', '>=', to).where('position', '<', from).execute();
  }
}

/** After a delete: everything below the removed position moves up one. */
export async function closePositionGap(db: Executor, userId: string, removed: number): Promise<void> {
  await db.updateTable('conversation_tags').set({ position: sql<number>`position - 1` }).where('user_id', '=', userId).where('position', '>', removed).execute();
}

export async function countTags(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('conversation_tags')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
