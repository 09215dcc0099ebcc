import { NO_PARENT } from '@confab/shared';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-server.js';
import type { Db } from '../../db/database.js';

/**
 * Latency targets of the conversation-management issue, measured over real HTTP:
 * - the first page of GET /api/convos with 10,000 conversations: p95 < 20 ms, every sort;
 * - GET /api/search with 200,000 messages: p95 < 50 ms.
 * Seeding takes a minute per dialect, so this runs only with PERF=1:
 *   PERF=1 TEST_DATABASE_URL=... npx vitest run --project server conversation-management.perf
 */
const CONVERSATIONS = 10_000;
const MESSAGES = 200_000;
const VOCABULARY = 5_000;

/** Deterministic pseudo-random numbers, so every run searches the same corpus. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const word = (i: number) => `w${i.toString(36)}${'aeiou'[i % 5]}`;

/** Zipf-like pick: a few words are very common, most are rare, as in real text. */
const pickWord = (random: () => number) => word(Math.floor(VOCABULARY ** random()) - 1);

async function seed(db: Db, userId: string): Promise<void> {
  const random = rng(42);
  const conversationIds: string[] = [];
  const start = Date.UTC(2023, 0, 1);
  await db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < CONVERSATIONS; i += 500) {
      const rows = Array.from({ length: Math.min(500, CONVERSATIONS - i) }, (_, j) => {
        const n = i + j;
        const id = randomUUID();
        conversationIds.push(id);
        return {
          conversation_id: id, user_id: userId, title: `${pickWord(random)} ${pickWord(random)} chat ${n}`, endpoint: 'openAI', endpoint_type: null,
          model: 'gpt-4o-mini', settings: '{}', is_archived: n % 20 === 0 ? 1 : 0, tags: n % 10 === 0 ? '["work"]' : '[]', expired_at: null,
          created_at: new Date(start + n * 60_000).toISOString(), updated_at: new Date(start + ((n * 7919) % CONVERSATIONS) * 60_000).toISOString(),
        };
      });
      await trx.insertInto('conversations').values(rows).execute();
    }
  });
  const perConversation = MESSAGES / CONVERSATIONS;
  for (let i = 0; i < MESSAGES; i += 5_000) {
    await db.kysely.transaction().execute(async (trx) => {
      for (let b = i; b < i + 5_000; b += 250) {
        let parent = NO_PARENT;
        const rows = Array.from({ length: 250 }, (_, j) => {
          const n = b + j;
          const id = randomUUID();
          const row = {
            message_id: id, conversation_id: conversationIds[Math.floor(n / perConversation)]!, user_id: userId,
            parent_message_id: n % perConversation === 0 ? NO_PARENT : parent, sender: n % 2 ? 'AI' : 'User',
            text: Array.from({ length: 20 + Math.floor(random() * 60) }, () => pickWord(random)).join(' '), content: null,
            is_created_by_user: n % 2 ? 0 : 1, model: null, endpoint: 'openAI', error: 0, unfinished: 0, finish_reason: null,
            token_count: null, usage: null, created_at: new Date(start + n * 1000).toISOString(), updated_at: new Date(start + n * 1000).toISOString(),
          };
          parent = id;
          return row;
        });
        await trx.insertInto('messages').values(rows).execute();
      }
    });
  }
  // Fresh statistics, as autovacuum would have gathered on a live database.
  if (db.dialect === 'postgres') await sql`analyze`.execute(db.kysely);
}

async function p95(run: () => Promise<void>, times = 100): Promise<number> {
  for (let i = 0; i < 10; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(times * 0.95)] ?? Infinity;
}

for (const dialect of DIALECTS) {
  describe.skipIf(!process.env.PERF)(`conversation management latency [${dialect}]`, () => {
    let server: TestServer;
    let client: TestClient;
    beforeAll(async () => {
      server = await startTestServer({ dialect });
      client = new TestClient(server.baseUrl);
      await seed(server.db, (await client.register()).user.id);
    }, 600_000);
    afterAll(async () => {
      await server.close();
    });

    const get = async (path: string) => {
      const res = await client.get(path);
      expect(res.status).toBe(200);
    };

    it.each([
      ['updatedAt', 'desc'], ['updatedAt', 'asc'], ['createdAt', 'desc'], ['createdAt', 'asc'], ['title', 'asc'], ['title', 'desc'],
    ])('lists the first page by %s %s under 20 ms (p95)', async (sortBy, sortDirection) => {
      const ms = await p95(() => get(`/api/convos?sortBy=${sortBy}&sortDirection=${sortDirection}`));
      console.log(`[${dialect}] list ${sortBy} ${sortDirection}: p95 ${ms.toFixed(1)} ms`);
      expect(ms).toBeLessThan(20);
    });

    it('lists archived and tagged conversations quickly too', async () => {
      for (const query of ['isArchived=true', 'tags=work']) {
        const ms = await p95(() => get(`/api/convos?${query}`));
        console.log(`[${dialect}] list ${query}: p95 ${ms.toFixed(1)} ms`);
        expect(ms).toBeLessThan(20);
      }
    });

    // Words as real text has them: a few very common, most rare; one word, two, or a prefix.
    const random = rng(7);
    const queries = Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? `${pickWord(random)} ${pickWord(random)}` : i % 3 === 1 ? pickWord(random) : pickWord(random).slice(0, 3)));

    it('searches 200,000 messages under 50 ms (p95)', async () => {
      let i = 0;
      const ms = await p95(() => get(`/api/search?q=${encodeURIComponent(queries[i++ % queries.length]!)}`));
      console.log(`[${dialect}] search: p95 ${ms.toFixed(1)} ms`);
      expect(ms).toBeLessThan(50);
    });

    it('searches the conversation list under 50 ms (p95)', async () => {
      let i = 0;
      const ms = await p95(() => get(`/api/convos?search=${encodeURIComponent(queries[i++ % queries.length]!)}`));
      console.log(`[${dialect}] list search: p95 ${ms.toFixed(1)} ms`);
      expect(ms).toBeLessThan(50);
    });
  });
}
