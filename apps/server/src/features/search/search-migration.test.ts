import { describe, expect, it, vi } from 'vitest';
import { DIALECTS, useTestDatabase } from '../../../test/test-server.js';
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import * as migration from '../../db/migrations/003-conversation-management.js';
import * as backlogMigration from '../../db/migrations/007-sqlite-search-backlog.js';
import { seedConversation, seedUser } from '../conversations/test-seed.js';
import { updateMessage } from '../messages/messages.repo.js';
import { startSearchBacklogFlusher } from './search-backlog-flusher.js';
import { createSearchIndex } from './search-index.js';

/**
 * Migration 003 on a database that already holds conversations: existing messages and titles
 * are indexed by the backfill, and after down and up again the triggers are back.
 */
for (const dialect of DIALECTS) {
  describe(`migration 003 [${dialect}]`, () => {
    const database = useTestDatabase(dialect);

    it('indexes what exists when it runs, and can be rolled back and re-applied', async () => {
      const userId = await seedUser(database.db);
      const seeded = await seedConversation(database.db, userId, {
        title: 'Backfilled heron',
        messages: [{ key: 'q', text: 'pelican facts' }],
      });

      // Migrations are typed for any schema; this one is the app's.
      const untyped = database.db.kysely as unknown as Kysely<unknown>;
      await migration.down(untyped);
      await migration.up(untyped);

      const search = createSearchIndex(database.db);
      expect((await search.searchMessages(userId, ['pelican'], { limit: 10 })).messageIds).toEqual([seeded.ids.q]);
      expect(await search.matchingConversationsIfFew(userId, ['heron'])).toEqual([seeded.conversationId]);
      // The triggers are back: a later write is indexed.
      await updateMessage(database.db.kysely, userId, seeded.ids.q!, { text: 'cormorant facts' });
      expect((await search.searchMessages(userId, ['pelican'], { limit: 10 })).messageIds).toEqual([]);
      expect((await search.searchMessages(userId, ['cormorant'], { limit: 10 })).messageIds).toEqual([seeded.ids.q]);
    });
  });
}

/** Migration 006: a reply being written is indexed once it is finished, and edits after that as before. */
for (const dialect of DIALECTS) {
  describe(`migration 006 [${dialect}]`, () => {
    const database = useTestDatabase(dialect);

    it('indexes a growing reply when it finishes, and re-indexes later edits', async () => {
      const userId = await seedUser(database.db);
      const seeded = await seedConversation(database.db, userId, { title: 'Birds', messages: [{ key: 'r', text: '' }] });
      const replyId = seeded.ids.r!;
      const search = createSearchIndex(database.db);
      const find = async (term: string) => (await search.searchMessages(userId, [term], { limit: 10 })).messageIds;

      await updateMessage(database.db.kysely, userId, replyId, { text: 'albatross so far', unfinished: true });
      expect(await find('albatross')).toEqual([]);
      // Finishing with the text last saved still indexes it.
      await updateMessage(database.db.kysely, userId, replyId, { text: 'albatross so far', unfinished: false });
      expect(await find('albatross')).toEqual([replyId]);
      await updateMessage(database.db.kysely, userId, replyId, { text: 'puffin after an edit' });
      expect(await find('albatross')).toEqual([]);
      expect(await find('puffin')).toEqual([replyId]);
      // Continuing a finished reply: its old text stays findable until the new one is finished.
      await updateMessage(database.db.kysely, userId, replyId, { text: 'puffin after an edit and gannet', unfinished: true });
      expect(await find('gannet')).toEqual([]);
      expect(await find('puffin')).toEqual([replyId]);
      await updateMessage(database.db.kysely, userId, replyId, { unfinished: false });
      expect(await find('gannet')).toEqual([replyId]);
    });
  });
}

/** Migration 007 (SQLite): writes are queued for the index, and indexed in one go before any read. */
describe('migration 007 [sqlite]', () => {
  const database = useTestDatabase('sqlite');
  const queued = async () => Number((await sql<{ n: number }>`select count(*) as n from search_pending`.execute(database.db.kysely)).rows[0]?.n);
  const indexed = async (term: string) =>
    Number((await sql<{ n: number }>`select count(*) as n from message_fts where message_fts match ${term}`.execute(database.db.kysely)).rows[0]?.n);

  it('queues writes and indexes them before a search reads', async () => {
    const userId = await seedUser(database.db);
    const seeded = await seedConversation(database.db, userId, { title: 'Kestrel notes', messages: [{ key: 'q', text: 'osprey sighting' }] });
    expect(await queued()).toBe(2); // the title and the message
    expect(await indexed('osprey')).toBe(0);
    const search = createSearchIndex(database.db);
    expect((await search.searchMessages(userId, ['osprey'], { limit: 10 })).messageIds).toEqual([seeded.ids.q]);
    expect(await queued()).toBe(0);
    expect(await search.matchingConversationsIfFew(userId, ['kestrel'])).toEqual([seeded.conversationId]);

    // An edit replaces the old entry; a rename too.
    await updateMessage(database.db.kysely, userId, seeded.ids.q!, { text: 'merlin sighting' });
    await database.db.kysely.updateTable('conversations').set({ title: 'Falcon notes' }).where('conversation_id', '=', seeded.conversationId).execute();
    expect(await search.matchingConversationsIfFew(userId, ['osprey'])).toEqual([]);
    expect(await search.matchingConversationsIfFew(userId, ['kestrel'])).toEqual([]);
    expect(await search.matchingConversationsIfFew(userId, ['merlin'])).toEqual([seeded.conversationId]);
    expect(await search.matchingConversationsIfFew(userId, ['falcon'])).toEqual([seeded.conversationId]);
    expect(await indexed('sighting')).toBe(1);
  });

  it('forgets a deleted message whether it was queued or indexed', async () => {
    const userId = await seedUser(database.db);
    const indexedOne = await seedConversation(database.db, userId, { messages: [{ key: 'q', text: 'plover indexed' }] });
    const search = createSearchIndex(database.db);
    await search.catchUp();
    const queuedOne = await seedConversation(database.db, userId, { messages: [{ key: 'q', text: 'plover queued' }] });
    await database.db.kysely.deleteFrom('messages').where('message_id', 'in', [indexedOne.ids.q!, queuedOne.ids.q!]).execute();
    expect(await queued()).toBe(1); // the second conversation's title
    expect((await search.searchMessages(userId, ['plover'], { limit: 10 })).messageIds).toEqual([]);
    expect(await indexed('plover')).toBe(0);
  });

  it('indexes a long queue in steps', async () => {
    const userId = await seedUser(database.db);
    await seedConversation(database.db, userId, {
      messages: ['tern one', 'tern two', 'tern three', 'tern four', 'tern five'].map((text, i) => ({ key: `m${i}`, text })),
    });
    expect(await queued()).toBe(6);
    await backlogMigration.flushSearchBacklog(database.db.kysely as unknown as Kysely<unknown>, 2);
    expect(await queued()).toBe(0);
    expect(await indexed('tern')).toBe(5);
  });

  it('is indexed within a second with nobody searching, and when the app closes', async () => {
    const userId = await seedUser(database.db);
    await seedConversation(database.db, userId, { messages: [{ key: 'q', text: 'sandpiper' }] });
    const flusher = startSearchBacklogFlusher(database.db, pino({ level: 'silent' }), 20);
    await vi.waitFor(async () => expect(await indexed('sandpiper')).toBe(1));
    await seedConversation(database.db, userId, { messages: [{ key: 'q', text: 'sandpiper again' }] });
    await flusher.close();
    expect(await queued()).toBe(0);
    expect(await indexed('sandpiper')).toBe(2);
  });

  it('rolls back to direct indexing, keeping what was queued', async () => {
    const userId = await seedUser(database.db);
    const before = await seedConversation(database.db, userId, { messages: [{ key: 'q', text: 'curlew' }] });
    const untyped = database.db.kysely as unknown as Kysely<unknown>;
    await backlogMigration.down(untyped);
    expect(await indexed('curlew')).toBe(1);
    const after = await seedConversation(database.db, userId, { messages: [{ key: 'q', text: 'curlew direct' }] });
    expect(await indexed('direct')).toBe(1);
    await backlogMigration.up(untyped);
    const search = createSearchIndex(database.db);
    expect((await search.searchMessages(userId, ['curlew'], { limit: 10 })).messageIds).toEqual([after.ids.q, before.ids.q]);
  });
});
