import { NO_PARENT } from '@confab/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { recordViolation } from './violations.js';

const password = 'correct horse battery';
const config = {
  endpoints: {
    custom: [{ name: 'Offered', apiKey: 'sk-x', baseURL: 'http://127.0.0.1:9/v1', models: { default: ['m1'] } }],
  },
};
/** A model the endpoint does not offer: 400 illegal_model_request, before anything is stored. */
const askIllegal = (client: TestClient) =>
  client.post('/api/ask/custom', {
    text: 'hi',
    endpoint: 'Offered',
    endpointType: 'custom',
    model: 'not-offered',
    parentMessageId: NO_PARENT,
    conversationId: null,
  });

const violationsOf = (server: TestServer, userId: string) =>
  server.db.kysely
    .selectFrom('violations')
    .select(['type', 'score', 'ip'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

describeEachDialect('terms, bans and violations', (dialect) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { TITLE_CONVO: 'false' }, config });
    admin = new TestClient(server.baseUrl);
    await admin.register({ name: 'Admin' }); // the first account administers the instance
  });
  afterAll(() => server.close());

  it('terms: not accepted until POST /api/user/terms/accept (LibreChat’s answers)', async () => {
    const client = new TestClient(server.baseUrl);
    await client.register();
    expect((await client.get('/api/user/terms')).json).toEqual({ termsAccepted: false });
    const accepted = await client.post('/api/user/terms/accept');
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({ message: 'Terms accepted successfully' });
    expect((await client.get('/api/user/terms')).json).toEqual({ termsAccepted: true });
    expect((await client.get('/api/user')).json.termsAccepted).toBe(true);
    expect((await new TestClient(server.baseUrl).get('/api/user/terms')).status).toBe(401);
    expect((await new TestClient(server.baseUrl).post('/api/user/terms/accept')).status).toBe(401);
  });

  it('an administrator bans a user: their session ends at once, sign-in and refresh answer 403 banned, 0 lifts it', async () => {
    const bob = new TestClient(server.baseUrl);
    const { user, email } = await bob.register({ name: 'Bob' });
    const laptop = new TestClient(server.baseUrl);
    laptop.token = (await laptop.post('/api/auth/login', { email, password })).json.token;

    // Only administrators; nothing changes on a refusal.
    const notAdmin = await laptop.post(`/api/admin/users/${user.id}/ban`, { durationMs: 60_000 });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.json.code).toBe('forbidden');
    expect((await laptop.get('/api/admin/users')).status).toBe(403);
    expect((await bob.get('/api/user')).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/ban`, { durationMs: -1 })).status).toBe(400);
    expect((await admin.post('/api/admin/users/no-such-user/ban', { durationMs: 1000 })).status).toBe(404);

    const banned = await admin.post(`/api/admin/users/${user.id}/ban`, { durationMs: 3_600_000, reason: 'spam' });
    expect(banned.status).toBe(200);
    expect(Date.parse(banned.json.bannedUntil)).toBeGreaterThan(Date.now() + 3_500_000);
    for (const client of [bob, laptop]) {
      const refused = await client.get('/api/user');
      // The session was revoked with the ban; either way the user is out at once.
      expect([401, 403]).toContain(refused.status);
    }
    const login = await new TestClient(server.baseUrl).post('/api/auth/login', { email, password });
    expect(login.status).toBe(403);
    expect(login.json).toEqual({ code: 'banned', message: 'Your account has been temporarily banned.' });
    expect((await bob.post('/api/auth/refresh')).status).toBe(403);

    const listed = await admin.get(`/api/admin/users?search=${encodeURIComponent(email.toUpperCase())}`);
    expect(listed.json.users).toEqual([
      expect.objectContaining({
        id: user.id,
        email,
        role: 'USER',
        provider: 'local',
        banReason: 'spam',
        bannedUntil: banned.json.bannedUntil,
      }),
    ]);

    const lifted = await admin.post(`/api/admin/users/${user.id}/ban`, { durationMs: 0 });
    expect(lifted.json).toEqual({ id: user.id, bannedUntil: null });
    expect((await new TestClient(server.baseUrl).post('/api/auth/login', { email, password })).status).toBe(200);
  });

  it('an administrator cannot ban themselves', async () => {
    const me = (await admin.get('/api/user')).json.id as string;
    expect((await admin.post(`/api/admin/users/${me}/ban`, { durationMs: 1000 })).status).toBe(400);
    expect((await admin.get('/api/user')).status).toBe(200);
  });

  it('counts illegal model requests (ILLEGAL_MODEL_REQ_SCORE) without banning while BAN_VIOLATIONS is off', async () => {
    const client = new TestClient(server.baseUrl);
    const { user } = await client.register();
    for (let i = 0; i < 5; i++) expect((await askIllegal(client)).status).toBe(400);
    const rows = await violationsOf(server, user.id);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.type === 'illegal_model_request' && r.score === 5 && r.ip === '127.0.0.1')).toBe(true);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('records a refused login by IP only, so nobody can get another user banned with their email', async () => {
    const limited = await startTestServer({
      dialect,
      env: { LOGIN_IP_MAX: '2', BAN_VIOLATIONS: 'true', BAN_INTERVAL: '1' },
    });
    try {
      const client = new TestClient(limited.baseUrl);
      const { email } = await client.register();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await client.post('/api/auth/login', { email, password: 'not the password' })).status);
      expect(statuses).toEqual([404, 404, 429, 429]);
      const rows = await limited.db.kysely
        .selectFrom('violations')
        .select(['type', 'user_id', 'ip', 'score'])
        .execute();
      expect(rows).toEqual([
        { type: 'logins', user_id: null, ip: '127.0.0.1', score: 1 },
        { type: 'logins', user_id: null, ip: '127.0.0.1', score: 1 },
      ]);
      expect((await client.get('/api/user')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describeEachDialect('automatic bans (BAN_VIOLATIONS)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: {
        TITLE_CONVO: 'false',
        BAN_VIOLATIONS: 'true',
        BAN_INTERVAL: '20',
        BAN_DURATION: '600000',
        FILE_UPLOAD_USER_MAX: '1',
      },
      config,
    });
  });
  afterAll(() => server.close());

  it('bans once the score reaches BAN_INTERVAL: every later call, the login and the refresh answer 403 banned', async () => {
    const client = new TestClient(server.baseUrl);
    const { user, email } = await client.register();
    // 5 points each: the fourth brings the score to 20.
    for (let i = 0; i < 3; i++) expect((await askIllegal(client)).status).toBe(400);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await askIllegal(client)).status).toBe(400);

    const row = await server.db.kysely
      .selectFrom('users')
      .select(['banned_until', 'ban_reason'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.ban_reason).toBe('illegal_model_request');
    expect(Date.parse(row.banned_until!)).toBeGreaterThan(Date.now() + 590_000);
    expect([401, 403]).toContain((await client.get('/api/user')).status);
    const login = await new TestClient(server.baseUrl).post('/api/auth/login', { email, password });
    expect(login.status).toBe(403);
    expect(login.json.code).toBe('banned');
    expect((await client.post('/api/auth/refresh')).status).toBe(403);
  });

  it('counts upload limit hits (file_upload_limit) towards the same score', async () => {
    const client = new TestClient(server.baseUrl);
    const { user } = await client.register();
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob(['text']), 'a.txt');
      return fetch(`${server.baseUrl}/api/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.token}` },
        body: form,
      });
    };
    expect((await upload()).status).toBe(200);
    expect((await upload()).status).toBe(429);
    expect(await violationsOf(server, user.id)).toEqual([{ type: 'file_upload_limit', score: 1, ip: '127.0.0.1' }]);
    // 3 × 5 + 1 = 16: not yet; one more illegal request passes 20.
    for (let i = 0; i < 3; i++) await askIllegal(client);
    expect((await client.get('/api/user')).status).toBe(200);
    await askIllegal(client);
    expect([401, 403]).toContain((await client.get('/api/user')).status);
  });

  it('after a ban ends the score starts again from zero', async () => {
    const client = new TestClient(server.baseUrl);
    const { user, email } = await client.register();
    const ended = new Date(Date.now() - 1000).toISOString();
    // Served: 20 points before a ban that has ended.
    for (let i = 0; i < 4; i++) {
      await server.db.kysely
        .insertInto('violations')
        .values({
          id: `${user.id}-${i}`,
          user_id: user.id,
          ip: null,
          type: 'convo_access',
          score: 5,
          details: '{}',
          created_at: new Date(Date.now() - 60_000).toISOString(),
        })
        .execute();
    }
    await server.db.kysely
      .updateTable('users')
      .set({ banned_until: ended, ban_reason: 'convo_access' })
      .where('id', '=', user.id)
      .execute();
    await recordViolation(server.db, server.env, { userId: user.id, type: 'tool_call_limit' });
    expect((await new TestClient(server.baseUrl).post('/api/auth/login', { email, password })).status).toBe(200);
    await recordViolation(server.db, server.env, { userId: user.id, type: 'two_factor', score: 19 });
    expect((await new TestClient(server.baseUrl).post('/api/auth/login', { email, password })).status).toBe(403);
  });
});
