import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../../../test/test-server.js';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import * as migration from '../../db/migrations/003-conversation-management.js';
import { seedConversation, seedUser } from '../conversations/test-seed.js';
import { updateMessage } from '../messages/messages.repo.js';
import { createSearchIndex } from './search-index.js';

/**
 * Migration 003 on a database that already holds conversations: existing messages and titles
 * are indexed by the backfill, and after down and up again the triggers are back.
 */
for (const dialect of DIALECTS) {
  describe(`migration 003 [${dialect}]`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'confab-migration-'));
      ({ db, dispose } = await openTestDatabase(dialect, dataDir));
    });
    afterAll(async () => {
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('indexes what exists when it runs, and can be rolled back and re-applied', async () => {
      const userId = await seedUser(db);
      const seeded = await seedConversation(db, userId, {
        title: 'Backfilled heron',
        messages: [{ key: 'q', text: 'pelican facts' }],
      });

      // Migrations are typed for any schema; this one is the app's.
      const untyped = db.kysely as unknown as Kysely<unknown>;
      await migration.down(untyped);
      await migration.up(untyped);

      const search = createSearchIndex(db);
      expect((await search.searchMessages(userId, ['pelican'], { limit: 10 })).messageIds).toEqual([seeded.ids.q]);
      expect(await search.matchingConversationsIfFew(userId, ['heron'])).toEqual([seeded.conversationId]);
      // The triggers are back: a later write is indexed.
      await updateMessage(db.kysely, userId, seeded.ids.q!, { text: 'cormorant facts' });
      expect((await search.searchMessages(userId, ['pelican'], { limit: 10 })).messageIds).toEqual([]);
      expect((await search.searchMessages(userId, ['cormorant'], { limit: 10 })).messageIds).toEqual([seeded.ids.q]);
    });
  });
}

/** Migration 006: a reply being written is indexed once it is finished, and edits after that as before. */
for (const dialect of DIALECTS) {
  describe(`migration 006 [${dialect}]`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'confab-migration-'));
      ({ db, dispose } = await openTestDatabase(dialect, dataDir));
    });
    afterAll(async () => {
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('indexes a growing reply when it finishes, and re-indexes later edits', async () => {
      const userId = await seedUser(db);
      const seeded = await seedConversation(db, userId, { title: 'Birds', messages: [{ key: 'r', text: '' }] });
      const replyId = seeded.ids.r!;
      const search = createSearchIndex(db);
      const find = async (term: string) => (await search.searchMessages(userId, [term], { limit: 10 })).messageIds;

      await updateMessage(db.kysely, userId, replyId, { text: 'albatross so far', unfinished: true });
      expect(await find('albatross')).toEqual([]);
      // Finishing with the text last saved still indexes it.
      await updateMessage(db.kysely, userId, replyId, { text: 'albatross so far', unfinished: false });
      expect(await find('albatross')).toEqual([replyId]);
      await updateMessage(db.kysely, userId, replyId, { text: 'puffin after an edit' });
      expect(await find('albatross')).toEqual([]);
      expect(await find('puffin')).toEqual([replyId]);
      // Continuing a finished reply: its old text stays findable until the new one is finished.
      await updateMessage(db.kysely, userId, replyId, { text: 'puffin after an edit and gannet', unfinished: true });
      expect(await find('gannet')).toEqual([]);
      expect(await find('puffin')).toEqual([replyId]);
      await updateMessage(db.kysely, userId, replyId, { unfinished: false });
      expect(await find('gannet')).toEqual([replyId]);
    });
  });
}
