import type { ConversationTag, CreateTagInput, CreateTagResult, ListTagsQuery, TagListPage, UpdateTagInput } from '@confab/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { nowIso } from '../../platform/ids.js';
import { hasAnyTag, parseTagList, tagCountDeltas, uniqueTags } from './tag-json.js';
import {
  adjustTagCounts,
  closePositionGap,
  countTags,
  ensureSavedTag,
  ensureTags,
  findTag,
  listTagRows,
  moveTagPosition,
  toTag,
} from './tags.repo.js';

const SORT_COLUMNS = { position: 'position', tag: 'tag', count: 'count', createdAt: 'created_at', updatedAt: 'updated_at' } as const;

const tagNotFound = () => new AppError('not_found', 'Tag not found');

/**
 * Bookmarks. A conversation's tags are the JSON list on its row; the tag rows hold the
 * description, order and a count of conversations carrying them, updated with every change.
 */
export class TagsService {
  constructor(private readonly db: Db) {}

  private transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.kysely.transaction().execute(work);
  }

  /** Reads one of the owner's conversations for a change to its tags (row-locked on PostgreSQL). */
  private lockConversation(trx: Transaction<Database>, userId: string, conversationId: string) {
    return trx
      .selectFrom('conversations')
      .select(['conversation_id', 'tags'])
      .where('user_id', '=', userId)
      .where('conversation_id', '=', conversationId)
      .$if(this.db.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
  }

  private async writeConversationTags(trx: Transaction<Database>, conversationId: string, tags: readonly string[]): Promise<void> {
    // Tagging is not a conversation update: updatedAt stays, so the sidebar order does not jump.
    await trx.updateTable('conversations').set({ tags: JSON.stringify(tags) }).where('conversation_id', '=', conversationId).execute();
  }

  async list(userId: string): Promise<ConversationTag[]> {
    await ensureSavedTag(this.db.kysely, userId);
    return (await listTagRows(this.db.kysely, userId)).map(toTag);
  }

  async listPage(userId: string, q: ListTagsQuery): Promise<TagListPage> {
    await ensureSavedTag(this.db.kysely, userId);
    const column = SORT_COLUMNS[q.sort];
    const [rows, totalCount] = await Promise.all([
      this.db.kysely
        .selectFrom('conversation_tags')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy(column, q.order)
        .orderBy('id', q.order)
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize)
        .execute(),
      countTags(this.db.kysely, userId),
    ]);
    return { tags: rows.map(toTag), pageNumber: q.pageNumber, pageSize: q.pageSize, totalCount, totalPages: Math.ceil(totalCount / q.pageSize) };
  }

  /** SPEC 4: naming an existing tag merges into it (it is returned, and added to the conversation if asked). */
  async create(userId: string, input: CreateTagInput): Promise<CreateTagResult> {
    return this.transaction(async (trx) => {
      const conversation = input.addToConversation && input.conversationId ? await this.lockConversation(trx, userId, input.conversationId) : undefined;
      if (input.addToConversation && !conversation) throw new AppError('not_found', 'Conversation not found');
      const existing = await findTag(trx, userId, input.tag);
      if (!existing) await ensureTags(trx, userId, [input.tag], input.description ?? null);
      if (conversation) {
        const before = parseTagList(conversation.tags);
        if (!before.includes(input.tag)) {
          await this.writeConversationTags(trx, conversation.conversation_id, [...before, input.tag]);
          await adjustTagCounts(trx, userId, new Map([[input.tag, 1]]));
        }
      }
      const row = await findTag(trx, userId, input.tag);
      if (!row) throw tagNotFound();
      return { ...toTag(row), alreadyExists: existing !== undefined };
    });
  }

  /** Rename (every conversation follows), describe, or move; unchanged values change nothing. */
  async update(userId: string, name: string, input: UpdateTagInput): Promise<ConversationTag> {
    return this.transaction(async (trx) => {
      const row = await findTag(trx, userId, name);
      if (!row) throw tagNotFound();
      const rename = input.tag !== undefined && input.tag !== row.tag ? input.tag : undefined;
      const description = input.description !== undefined && input.description !== row.description ? input.description : undefined;
      let position: number | undefined;
      if (input.position !== undefined) {
        // Positions stay dense: a move past the end lands at the end.
        position = Math.min(input.position, (await countTags(trx, userId)) - 1);
        if (position === row.position) position = undefined;
      }
      if (rename === undefined && description === undefined && position === undefined) return toTag(row);

      if (rename !== undefined) {
        if (await findTag(trx, userId, rename)) throw new AppError('conflict', 'tag must be unique');
        await this.renameInConversations(trx, userId, row.tag, rename);
      }
      if (position !== undefined) await moveTagPosition(trx, userId, row.position, position);
      await trx
        .updateTable('conversation_tags')
        .set({
          updated_at: nowIso(),
          ...(rename !== undefined ? { tag: rename } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(position !== undefined ? { position } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      const updated = await findTag(trx, userId, rename ?? row.tag);
      if (!updated) throw tagNotFound();
      return toTag(updated);
    });
  }

  private async renameInConversations(trx: Transaction<Database>, userId: string, from: string, to: string): Promise<void> {
    const rows = await trx
      .selectFrom('conversations')
      .select(['conversation_id', 'tags'])
      .where('user_id', '=', userId)
      .where('tags', '<>', '[]')
      .where(hasAnyTag(this.db.dialect, [from]))
      .execute();
    for (const row of rows) {
      await this.writeConversationTags(trx, row.conversation_id, uniqueTags(parseTagList(row.tags).map((t) => (t === from ? to : t))));
    }
  }

  /** Deletes the tag, takes it off every conversation and closes the gap in the order. */
  async delete(userId: string, name: string): Promise<ConversationTag> {
    return this.transaction(async (trx) => {
      const row = await findTag(trx, userId, name);
      if (!row) throw tagNotFound();
      const carriers = await trx
        .selectFrom('conversations')
        .select(['conversation_id', 'tags'])
        .where('user_id', '=', userId)
        .where('tags', '<>', '[]')
        .where(hasAnyTag(this.db.dialect, [row.tag]))
        .execute();
      for (const c of carriers) await this.writeConversationTags(trx, c.conversation_id, parseTagList(c.tags).filter((t) => t !== row.tag));
      await trx.deleteFrom('conversation_tags').where('id', '=', row.id).execute();
      await closePositionGap(trx, userId, row.position);
      return toTag(row);
    });
  }

  /** Replaces a conversation's tags; tags not seen before are created, counts follow. */
  async setConversationTags(userId: string, conversationId: string, tags: readonly string[]): Promise<string[]> {
    return this.transaction(async (trx) => {
      const conversation = await this.lockConversation(trx, userId, conversationId);
      if (!conversation) throw new AppError('not_found', 'Conversation not found');
      const next = uniqueTags(tags);
      const deltas = tagCountDeltas([{ before: parseTagList(conversation.tags), after: next }]);
      await ensureTags(trx, userId, next);
      await adjustTagCounts(trx, userId, deltas);
      await this.writeConversationTags(trx, conversationId, next);
      return next;
    });
  }

  /** Recounts every tag from the conversations, creating rows for names only conversations know (imports). */
  async rebuild(userId: string): Promise<ConversationTag[]> {
    await this.transaction(async (trx) => {
      const rows = await trx.selectFrom('conversations').select('tags').where('user_id', '=', userId).where('tags', '<>', '[]').execute();
      const counts = new Map<string, number>();
      for (const row of rows) for (const tag of new Set(parseTagList(row.tags))) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      await ensureTags(trx, userId, [...counts.keys()]);
      for (const tag of await listTagRows(trx, userId)) {
        const count = counts.get(tag.tag) ?? 0;
        if (count !== tag.count) await trx.updateTable('conversation_tags').set({ count }).where('id', '=', tag.id).execute();
      }
    });
    return this.list(userId);
  }
}
