import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { newId } from '../src/platform/ids.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/** Seeds rows with known times straight into the tables Admin → Usage counts. */
function seeder(db: Db) {
  const conversations = new Map<string, string>();
  const conversationOf = async (userId: string): Promise<string> => {
    const known = conversations.get(userId);
    if (known) return known;
    const id = newId();
    const at = '2026-01-01T00:00:00.000Z';
    await db.kysely
      .insertInto('conversations')
      .values({ conversation_id: id, user_id: userId, title: 'Seeded', endpoint: null, endpoint_type: null, model: null, settings: '{}', is_archived: 0, tags: '[]', expired_at: null, created_at: at, updated_at: at })
      .execute();
    conversations.set(userId, id);
    return id;
  };
  return {
    async message(userId: string, at: string, reply?: { model: string | null; usage?: { promptTokens: number; completionTokens: number } }) {
      await db.kysely
        .insertInto('messages')
        .values({
          message_id: newId(),
          conversation_id: await conversationOf(userId),
          user_id: userId,
          parent_message_id: '00000000-0000-0000-0000-000000000000',
          sender: reply ? 'Model' : 'User',
          text: 'hello',
          content: null,
          is_created_by_user: reply ? 0 : 1,
          model: reply?.model ?? null,
          endpoint: reply ? 'openAI' : null,
          error: 0,
          unfinished: 0,
          finish_reason: null,
          token_count: reply?.usage?.completionTokens ?? null,
          usage: reply?.usage ? JSON.stringify(reply.usage) : null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },
    async ledger(userId: string, at: string, row: { kind: string; context: string; model: string; tokenValue: number }) {
      await db.kysely
        .insertInto('transactions')
        .values({ id: newId(), user_id: userId, kind: row.kind, token_type: 'prompt', model: row.model, endpoint: 'openAI', conversation_id: null, message_id: null, raw_amount: null, rate: null, token_value: row.tokenValue, context: row.context, external_id: null, created_at: at })
        .execute();
    },
    async event(event: string, at: string, userId: string | null = null) {
      await db.kysely.insertInto('analytics_events').values({ id: newId(), user_id: userId, event, chat_id: null, properties: '{}', created_at: at }).execute();
    },
    async violation(type: string, at: string, userId: string | null) {
      await db.kysely.insertInto('violations').values({ id: newId(), user_id: userId, ip: '203.0.113.9', type, score: 1, details: '{}', created_at: at }).execute();
    },
  };
}

describeEachDialect('Admin → Usage', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let alice: string;
  let bob: string;
  const range = 'from=2026-03-01&to=2026-03-03';

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = new TestClient(server.baseUrl);
    await admin.register({ name: 'Admin' });
    alice = (await new TestClient(server.baseUrl).register({ name: 'Alice', email: 'alice@example.com' })).user.id;
    bob = (await new TestClient(server.baseUrl).register({ name: 'Bob', email: 'bob@example.com' })).user.id;

    const seed = seeder(server.db);
    // Day 1: Alice sends 2 and gets 2 gpt-4o replies; Bob sends 1 and gets a claude reply.
    await seed.message(alice, '2026-03-01T08:00:00.000Z');
    await seed.message(alice, '2026-03-01T08:00:01.000Z', { model: 'gpt-4o', usage: { promptTokens: 10, completionTokens: 5 } });
    await seed.message(alice, '2026-03-01T09:00:00.000Z');
    await seed.message(alice, '2026-03-01T09:00:01.000Z', { model: 'gpt-4o', usage: { promptTokens: 10, completionTokens: 5 } });
    await seed.message(bob, '2026-03-01T23:59:59.999Z');
    await seed.message(bob, '2026-03-01T23:59:59.999Z', { model: 'claude-sonnet-4', usage: { promptTokens: 20, completionTokens: 8 } });
    // Day 2: nothing. Day 3: Alice, one reply of a model named like a formula and one without model or usage.
    await seed.message(alice, '2026-03-03T12:00:00.000Z');
    await seed.message(alice, '2026-03-03T12:00:01.000Z', { model: '=SUM(A1)', usage: { promptTokens: 3, completionTokens: 2 } });
    await seed.message(alice, '2026-03-03T12:00:02.000Z', { model: null });
    // Outside the range: the previous period's last instant, and the day after.
    await seed.message(alice, '2026-02-28T23:59:59.999Z');
    await seed.message(bob, '2026-03-04T00:00:00.000Z');

    // Settled spends count; a hold and its release do not.
    await seed.ledger(alice, '2026-03-01T08:00:02.000Z', { kind: 'spend', context: 'message', model: 'gpt-4o', tokenValue: -100 });
    await seed.ledger(alice, '2026-03-01T08:00:02.000Z', { kind: 'spend', context: 'message', model: 'gpt-4o', tokenValue: -50 });
    await seed.ledger(alice, '2026-03-01T08:00:00.500Z', { kind: 'spend', context: 'hold', model: 'gpt-4o', tokenValue: -1000 });
    await seed.ledger(alice, '2026-03-01T08:00:02.000Z', { kind: 'refund', context: 'hold_release', model: 'gpt-4o', tokenValue: 1000 });
    await seed.ledger(bob, '2026-03-01T23:59:59.999Z', { kind: 'spend', context: 'message', model: 'claude-sonnet-4', tokenValue: -30 });
    await seed.ledger(bob, '2026-03-04T00:00:00.000Z', { kind: 'spend', context: 'message', model: 'claude-sonnet-4', tokenValue: -999 });

    for (let i = 0; i < 3; i++) await seed.event('meme_share', `2026-03-01T10:00:0${i}.000Z`, alice);
    await seed.event('share_link', '2026-03-03T10:00:00.000Z', bob);
    await seed.event('share_link', '2026-03-05T10:00:00.000Z', bob);

    await seed.violation('concurrent', '2026-03-01T11:00:00.000Z', alice);
    await seed.violation('concurrent', '2026-03-03T11:00:00.000Z', alice);
    await seed.violation('logins', '2026-03-02T11:00:00.000Z', null);
  });
  afterAll(() => server.close());

  it('is for administrators only: a USER gets 403, a visitor 401', async () => {
    const user = new TestClient(server.baseUrl);
    await user.register();
    expect((await user.get(`/api/admin/usage?${range}`)).status).toBe(403);
    expect((await user.get(`/api/admin/usage.csv?${range}`)).status).toBe(403);
    expect((await new TestClient(server.baseUrl).get('/api/admin/usage')).status).toBe(401);
    expect((await new TestClient(server.baseUrl).get('/api/admin/usage.csv')).status).toBe(401);
  });

  it('counts messages, replies, active users, tokens and credits per UTC day, with the previous period', async () => {
    const res = await admin.get(`/api/admin/usage?${range}`);
    expect(res.status).toBe(200);
    const r = res.json;
    expect(r.range).toEqual({ from: '2026-03-01', to: '2026-03-03', days: 3, timeZone: 'UTC' });
    expect(r.previousRange).toEqual({ from: '2026-02-26', to: '2026-02-28' });
    expect(r.totals).toEqual({ messages: 4, replies: 5, activeUsers: 2, promptTokens: 43, completionTokens: 20, credits: 180 });
    expect(r.previousTotals).toEqual({ messages: 1, replies: 0, activeUsers: 1, promptTokens: 0, completionTokens: 0, credits: 0 });
    expect(r.daily).toEqual([
      { date: '2026-03-01', messages: 3, replies: 3, activeUsers: 2, promptTokens: 40, completionTokens: 18, credits: 180 },
      { date: '2026-03-02', messages: 0, replies: 0, activeUsers: 0, promptTokens: 0, completionTokens: 0, credits: 0 },
      { date: '2026-03-03', messages: 1, replies: 2, activeUsers: 1, promptTokens: 3, completionTokens: 2, credits: 0 },
    ]);
  });

  it('breaks usage down by model and by user, and counts events and violations', async () => {
    const r = (await admin.get(`/api/admin/usage?${range}`)).json;
    expect(r.models).toEqual([
      { model: 'gpt-4o', endpoint: 'openAI', replies: 2, promptTokens: 20, completionTokens: 10, credits: 150 },
      { model: 'claude-sonnet-4', endpoint: 'openAI', replies: 1, promptTokens: 20, completionTokens: 8, credits: 30 },
      { model: '=SUM(A1)', endpoint: 'openAI', replies: 1, promptTokens: 3, completionTokens: 2, credits: 0 },
      { model: '(unknown)', endpoint: 'openAI', replies: 1, promptTokens: 0, completionTokens: 0, credits: 0 },
    ]);
    expect(r.topUsers).toEqual([
      { id: alice, name: 'Alice', email: 'alice@example.com', messages: 3, promptTokens: 23, completionTokens: 12, credits: 150 },
      { id: bob, name: 'Bob', email: 'bob@example.com', messages: 1, promptTokens: 20, completionTokens: 8, credits: 30 },
    ]);
    expect(r.events).toEqual([
      { event: 'meme_share', count: 3 },
      { event: 'share_link', count: 1 },
    ]);
    expect(r.violations.byType).toEqual([
      { type: 'concurrent', count: 2, users: 1 },
      { type: 'logins', count: 1, users: 0 },
    ]);
    expect(r.violations.recent.map((v: { type: string; createdAt: string }) => [v.type, v.createdAt])).toEqual([
      ['concurrent', '2026-03-03T11:00:00.000Z'],
      ['logins', '2026-03-02T11:00:00.000Z'],
      ['concurrent', '2026-03-01T11:00:00.000Z'],
    ]);
    expect(r.violations.recent[0].user).toEqual({ id: alice, name: 'Alice', email: 'alice@example.com' });
    expect(r.violations.recent[1].user).toBeNull();
    const one = (await admin.get(`/api/admin/usage?${range}&topUsers=1`)).json;
    expect(one.topUsers.map((u: { id: string }) => u.id)).toEqual([alice]);
  });

  it('defaults to the last 30 UTC days, today included', async () => {
    const r = (await admin.get('/api/admin/usage')).json;
    const today = new Date().toISOString().slice(0, 10);
    expect(r.range.to).toBe(today);
    expect(r.range.days).toBe(30);
    expect(r.daily).toHaveLength(30);
    expect(r.daily.at(-1).date).toBe(today);
    expect(r.totals.messages).toBe(0);
  });

  it('refuses a reversed, too long or malformed range with a 400 that says why', async () => {
    const reversed = await admin.get('/api/admin/usage?from=2026-03-05&to=2026-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.json.error?.message ?? reversed.text).toMatch(/after/);
    const tooLong = await admin.get('/api/admin/usage?from=2025-01-01&to=2026-01-02');
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toMatch(/367 days/);
    expect((await admin.get('/api/admin/usage?from=2025-01-01&to=2026-01-01')).status).toBe(200);
    expect((await admin.get('/api/admin/usage?from=2026-02-30')).status).toBe(400);
    expect((await admin.get('/api/admin/usage?from=yesterday')).status).toBe(400);
    expect((await admin.get('/api/admin/usage?groupBy=model')).status).toBe(400);
    expect((await admin.get('/api/admin/usage.csv?to=2026-13-01')).status).toBe(400);
  });

  it('downloads the report as one long-format CSV, formulas defused', async () => {
    const res = await admin.get(`/api/admin/usage.csv?${range}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="confab-usage-2026-03-01-to-2026-03-03.csv"');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('section,date,subject,detail,metric,value');
    expect(lines).toContain('total,,2026-03-01..2026-03-03,,messages,4');
    expect(lines).toContain('total,,2026-03-01..2026-03-03,,credits,180');
    expect(lines).toContain('day,2026-03-01,,,active_users,2');
    expect(lines).toContain('day,2026-03-02,,,messages,0');
    expect(lines).toContain('model,,gpt-4o,openAI,prompt_tokens,20');
    expect(lines).toContain("model,,'=SUM(A1),openAI,replies,1");
    expect(lines).toContain('user,,alice@example.com,Alice,messages,3');
    expect(lines).toContain('event,,meme_share,,count,3');
    expect(lines).toContain('violation,,concurrent,,users,1');
    expect(lines.some((l) => l.includes(',=SUM'))).toBe(false);
  });
});
