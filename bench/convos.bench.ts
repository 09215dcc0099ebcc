/**
 * Conversation list and search latency (issue "Conversation management"): 10,000 conversations
 * and 200,000 messages for one user, on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL.
 * Reports p50/p95 of GET /api/convos (first page) and GET /api/search over real HTTP.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Insertable, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { validateConfig } from '../apps/server/src/config/load-config.js';
import { migrateToLatest, openDatabase, type Dialect } from '../apps/server/src/db/database.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { readEnv } from '../apps/server/src/env.js';
import { seedRoles } from '../apps/server/src/features/roles/roles.repo.js';
import { loadSecrets } from '../apps/server/src/platform/secrets.js';
import { percentile, round } from './lib/stats.js';

const CONVERSATIONS = Number(process.env.BENCH_CONVOS ?? 10_000);
const MESSAGES_PER = Number(process.env.BENCH_MESSAGES_PER ?? 20);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WORDS = ['apple', 'river', 'quantum', 'garden', 'violin', 'rocket', 'harbor', 'meadow', 'cipher', 'lantern', 'glacier', 'orbit', 'saffron', 'tundra', 'zephyr'];

async function seed(db: Kysely<Database>, userId: string): Promise<void> {
  const base = Date.now() - CONVERSATIONS * 60_000;
  for (let start = 0; start < CONVERSATIONS; start += 250) {
    const convos: Insertable<Database['conversations']>[] = [];
    const messages: Insertable<Database['messages']>[] = [];
    for (let c = start; c < Math.min(CONVERSATIONS, start + 250); c++) {
      const id = randomUUID();
      const at = new Date(base + c * 60_000).toISOString();
      convos.push({ conversation_id: id, user_id: userId, title: `Conversation ${c} about ${WORDS[c % WORDS.length]}`, endpoint: 'openAI', endpoint_type: null, model: 'gpt-4o-mini', settings: '{}', is_archived: 0, tags: '[]', expired_at: null, created_at: at, updated_at: at });
      let parent = '00000000-0000-0000-0000-000000000000';
      for (let m = 0; m < MESSAGES_PER; m++) {
        const mid = randomUUID();
        const mat = new Date(base + c * 60_000 + m * 10).toISOString();
        const word = WORDS[(c * 7 + m) % WORDS.length];
        messages.push({ message_id: mid, conversation_id: id, user_id: userId, parent_message_id: parent, sender: m % 2 ? 'AI' : 'User', text: `Message ${m} of ${c}: a note on the ${word} and other things, unique token c${c}m${m}.`, content: null, is_created_by_user: m % 2 ? 0 : 1, model: null, endpoint: 'openAI', error: 0, unfinished: 0, finish_reason: null, token_count: null, usage: null, created_at: mat, updated_at: mat });
        parent = mid;
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('conversations').values(convos).execute();
      for (let i = 0; i < messages.length; i += 500) await trx.insertInto('messages').values(messages.slice(i, i + 500)).execute();
    });
  }
}

async function measure(url: string, token: string): Promise<{ p50: number; p95: number; status: number; hits: number }> {
  const times: number[] = [];
  let status = 0;
  // One untimed call to record how much a page holds, so a fast but empty answer shows.
  const first = (await (await fetch(url.replace('{i}', '0'), { headers: { authorization: `Bearer ${token}` } })).json()) as {
    conversations?: unknown[];
    messages?: unknown[];
  };
  const hits = (first.messages ?? first.conversations ?? []).length;
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const res = await fetch(url.replace('{i}', String(i)), { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    status = res.status;
    times.push(performance.now() - t0);
  }
  return { p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2), status, hits };
}

async function runOn(dialect: Dialect) {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-convos-'));
  let schema: string | undefined;
  if (dialect === 'postgres') {
    schema = `bench_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
  }
  const db = openDatabase({ url: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, sqlitePath: join(dataDir, 'confab.sqlite'), pgSchema: schema });
  await migrateToLatest(db);
  await seedRoles(db);
  const env = readEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REGISTER_MAX: '100' });
  const app = await buildApp({ env, config: validateConfig({}, 'bench', {}), db, secrets: loadSecrets(env) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const password = 'benchmark password';
    const reg = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', password, confirm_password: password }) });
    const { token, user } = (await reg.json()) as { token: string; user: { id: string } };
    const t0 = performance.now();
    await seed(db.kysely, user.id);
    // Statistics as a live database has them: autovacuum (PostgreSQL) analyses within a minute
    // of a bulk load; SQLite's PRAGMA optimize does the same on the next connection.
    await sql`analyze`.execute(db.kysely);
    // And with the search index caught up: SQLite indexes queued documents a step at a time
    // after a bulk load (migration 007); the first search waits for the rest.
    await fetch(`${base}/api/search?q=warmup`, { headers: { authorization: `Bearer ${token}` } });
    const seedSeconds = round((performance.now() - t0) / 1000, 1);
    const list = await measure(`${base}/api/convos?limit=25`, token);
    // A rare term (one message each) and a common one (thousands of matches, first page only).
    const search = await measure(`${base}/api/search?q=c{i}m3`, token);
    const searchCommon = await measure(`${base}/api/search?q=garden`, token);
    return { dialect, conversations: CONVERSATIONS, messages: CONVERSATIONS * MESSAGES_PER, seedSeconds, list, search, searchCommon };
  } finally {
    await app.close();
    await db.close();
    if (schema) {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    }
  }
}

export async function runConvosBench() {
  const available: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const dialects = process.env.BENCH_DIALECTS ? available.filter((d) => process.env.BENCH_DIALECTS!.split(',').includes(d)) : available;
  const rows = [];
  for (const dialect of dialects) {
    const r = await runOn(dialect);
    rows.push({
      dialect: r.dialect,
      conversations: r.conversations,
      messages: r.messages,
      'list p50 ms': r.list.p50,
      'list p95 ms': r.list.p95,
      'search (rare) p50 ms': r.search.p50,
      'search (rare) p95 ms': r.search.p95,
      'search (common) p50 ms': r.searchCommon.p50,
      'search (common) p95 ms': r.searchCommon.p95,
      'status list/search': `${r.list.status}/${r.search.status}`,
      'hits list/rare/common': `${r.list.hits}/${r.search.hits}/${r.searchCommon.hits}`,
      'seed s': r.seedSeconds,
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
  return { params: { samples: SAMPLES }, rows };
}
