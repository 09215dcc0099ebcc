import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestDatabase } from '../../../test/test-server.js';
import type { Db } from '../../db/database.js';
import { listConversations } from '../conversations/conversation-list.js';
import { seedConversation, seedUser } from '../conversations/test-seed.js';
import { listShares } from '../share/share.repo.js';
import { extractSearchTerms } from './fts-query.js';
import { createSearchIndex } from './search-index.js';

/**
 * A list search takes one of two paths (a complete match set, or a walk checked chunk by chunk).
 * Both must give exactly the pages a plain reading of the data gives, in every order.
 */
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'alpine'];

for (const dialect of DIALECTS) {
  describe(`list search strategies [${dialect}]`, () => {
    const database = useTestDatabase(dialect);
    let db: Db;
    let userId: string;
    const expected = new Map<string, { title: string; texts: string[]; isArchived: boolean }>();

    beforeAll(async () => {
      db = database.db;
      userId = await seedUser(db);
      const now = new Date().toISOString();
      for (let i = 0; i < 150; i++) {
        const title = `${WORDS[i % 5]} topic ${i % 7}`;
        const texts = [`${WORDS[(i * 3) % 5]} and ${WORDS[(i * 7 + 1) % 5]}`, i % 4 === 0 ? 'nothing here' : `more ${WORDS[(i + 2) % 5]}`];
        const isArchived = i % 9 === 0;
        const s = await seedConversation(db, userId, {
          title,
          isArchived,
          updatedAt: new Date(Date.UTC(2024, 0, 1, 0, (i * 37) % 150)).toISOString(),
          createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
          messages: texts.map((text, k) => ({ key: `m${k}`, text })),
        });
        expected.set(s.conversationId, { title, texts, isArchived });
        if (i % 3 === 0) {
          await db.kysely
            .insertInto('shared_links')
            .values({ share_id: `share${i}`, conversation_id: s.conversationId, user_id: userId, title, is_public: 1, message_ids: '[]', created_at: now, updated_at: now })
            .execute();
        }
      }
    });
    /** What a plain reading says: every term is the prefix of some word of the title or of one message. */
    const matches = (id: string, query: string) => {
      const terms = extractSearchTerms(query);
      const c = expected.get(id)!;
      const words = (text: string) => text.toLowerCase().split(/\s+/);
      return [c.title, ...c.texts].some((text) => terms.every((t) => words(text).some((w) => w.startsWith(t))));
    };

    async function allPages(fewMatches: number | undefined, query: string, sortBy: 'updatedAt' | 'createdAt' | 'title', sortDirection: 'asc' | 'desc') {
      const search = createSearchIndex(db, fewMatches === undefined ? {} : { fewMatches });
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listConversations(db, search, userId, { cursor, limit: 7, isArchived: false, sortBy, sortDirection, tags: [], searchTerms: extractSearchTerms(query) });
        ids.push(...page.conversations.map((c) => c.conversationId));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return ids;
    }

    it.each(['alpha', 'al', 'alpha beta', 'topic 3', 'gamma nothing', 'zzz', 'more delta'])('finds the same conversations both ways for "%s"', async (query) => {
      for (const [sortBy, sortDirection] of [['updatedAt', 'desc'], ['createdAt', 'asc'], ['title', 'desc']] as const) {
        const unsearched = await allPages(undefined, 'topic', sortBy, sortDirection);
        const want = unsearched.filter((id) => matches(id, query));
        expect(await allPages(undefined, query, sortBy, sortDirection)).toEqual(want);
        expect(await allPages(0, query, sortBy, sortDirection)).toEqual(want);
      }
    });

    it('pages message search the same with any window of newest messages', async () => {
      const pages = async (newestWindow: number, query: string) => {
        const search = createSearchIndex(db, { newestWindow });
        const ids: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await search.searchMessages(userId, extractSearchTerms(query), { cursor, limit: 5 });
          ids.push(...page.messageIds);
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        return ids;
      };
      for (const query of ['alpha', 'nothing', 'more gamma', 'zzz']) {
        const reference = await pages(100_000, query);
        expect(new Set(reference).size).toBe(reference.length);
        for (const window of [1, 3, 8, 40]) expect(await pages(window, query), `${query} / ${window}`).toEqual(reference);
      }
      expect((await pages(1000, 'alpha')).length).toBeGreaterThan(10);
    });

    it('walks shared links the same way', async () => {
      for (const query of ['alpha', 'beta gamma', 'zzz']) {
        const both = [];
        for (const search of [createSearchIndex(db), createSearchIndex(db, { fewMatches: 0 })]) {
          const ids: string[] = [];
          let cursor: string | undefined;
          do {
            const page = await listShares(db, search, userId, { pageSize: 4, isPublic: undefined, sortBy: 'createdAt', sortDirection: 'desc', search: query, cursor });
            ids.push(...page.links.map((l) => l.conversationId));
            cursor = page.nextCursor ?? undefined;
          } while (cursor);
          both.push(ids);
        }
        expect(both[1]).toEqual(both[0]);
        expect(new Set(both[0])).toEqual(new Set([...expected.keys()].filter((id, i) => i % 3 === 0 && matches(id, query))));
      }
    });
  });
}
