import { startSmtpSink } from '@confab/testkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../src/features/auth/password.js';
import { ledgerSum } from '../src/features/balance/ledger.js';
import { insertUser } from '../src/features/users/users.repo.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * Admin → Users (issue 40): every route refuses a USER before doing anything, each action and
 * its audit row, bans, role changes on the next request, credits through the ledger, invitations.
 * (Deleting a user's every row and file is scanned in account-deletion.test.ts.)
 */
const password = 'correct horse battery';
const START = 1000;

describeEachDialect('admin users', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: string;

  const auditRows = () =>
    server.db.kysely.selectFrom('admin_audit').selectAll().orderBy('created_at').orderBy('id').execute();
  const lastAudit = async () => (await auditRows()).at(-1);
  const signIn = async (email: string) => {
    const client = new TestClient(server.baseUrl);
    const res = await client.post('/api/auth/login', { email, password });
    client.token = res.json?.token;
    return { client, res };
  };
  /** A USER made by the administrator, signed in. */
  const makeUser = async (overrides: Record<string, unknown> = {}) => {
    const email = `u-${Math.random().toString(36).slice(2)}@example.com`;
    const made = await admin.post('/api/admin/users', {
      mode: 'password',
      name: 'Some User',
      email,
      password,
      ...overrides,
    });
    expect(made.status).toBe(201);
    const { client } = await signIn(email);
    return { id: made.json.user.id as string, email, client };
  };

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      // Registration is closed: accounts come from the administrator (or an invitation).
      env: { ALLOW_REGISTRATION: 'false' },
      config: { balance: { enabled: true, startBalance: START } },
    });
    const row = await insertUser(server.db.kysely, {
      name: 'Ada Admin',
      username: '',
      email: 'ada@example.com',
      passwordHash: await hashPassword(password),
      role: 'ADMIN',
      emailVerified: true,
    });
    adminId = row.id;
    admin = (await signIn('ada@example.com')).client;
  });
  afterAll(() => server.close());

  it('refuses a USER on every admin route (403) and stores nothing', async () => {
    const { id, client } = await makeUser();
    const usersBefore = await server.db.kysely.selectFrom('users').selectAll().orderBy('id').execute();
    const auditBefore = await auditRows();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', { mode: 'password', name: 'Sneaky', email: 'sneaky@example.com', password }],
      ['POST', '/api/admin/users', { mode: 'invite', email: 'sneaky2@example.com' }],
      ['GET', `/api/admin/users/${adminId}`],
      ['PATCH', `/api/admin/users/${id}/role`, { role: 'ADMIN' }],
      ['POST', `/api/admin/users/${adminId}/ban`, { durationMs: 60_000 }],
      ['POST', `/api/admin/users/${id}/verify-email`],
      ['POST', `/api/admin/users/${adminId}/reset-two-factor`],
      ['POST', `/api/admin/users/${id}/credits`, { direction: 'grant', amount: 5, reason: 'me' }],
      ['GET', `/api/admin/users/${id}/transactions`],
      ['DELETE', `/api/admin/users/${adminId}`, { confirmEmail: 'ada@example.com' }],
      ['GET', '/api/admin/audit'],
    ];
    for (const [method, path, body] of calls) {
      const res = await client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.code).toBe('forbidden');
      expect((await new TestClient(server.baseUrl).request(method, path, body)).status).toBe(401);
    }
    expect(await server.db.kysely.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(usersBefore);
    expect(await auditRows()).toEqual(auditBefore);
    expect(await server.db.kysely.selectFrom('transactions').where('user_id', '=', id).selectAll().execute()).toEqual(
      [],
    );
  });

  it('creates a user with a password, lists and searches users with what the table shows', async () => {
    const { id, email } = await makeUser({ name: 'Grace Hopper', username: 'grace', emailVerified: false });
    expect(await lastAudit()).toMatchObject({
      actor_id: adminId,
      actor_label: 'ada@example.com',
      action: 'user.create',
      target_type: 'user',
      target_id: id,
      target_label: email,
    });
    expect(JSON.parse((await lastAudit())!.details)).toEqual({ role: 'USER', emailVerified: false });
    const taken = await admin.post('/api/admin/users', { mode: 'password', name: 'Again', email, password });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe('email_taken');
    expect((await admin.post('/api/admin/users', { mode: 'password', email: 'x@example.com' })).status).toBe(400);

    for (const search of ['GRACE', 'hopper', email.slice(0, 8)]) {
      const page = await admin.get(`/api/admin/users?search=${encodeURIComponent(search)}`);
      expect(page.status).toBe(200);
      expect(page.json.users.map((u: { id: string }) => u.id)).toEqual([id]);
    }
    const [grace] = (await admin.get('/api/admin/users?search=grace')).json.users;
    expect(grace).toEqual({
      id,
      name: 'Grace Hopper',
      username: 'grace',
      email,
      role: 'USER',
      provider: 'local',
      createdAt: expect.any(String),
      lastActiveAt: expect.any(String),
      balance: START,
      twoFactorEnabled: false,
      emailVerified: false,
      hasPassword: true,
      isInvited: false,
      bannedUntil: null,
      banReason: null,
    });
    // Paged by page number, newest first.
    const first = await admin.get('/api/admin/users?limit=1&page=1');
    const second = await admin.get('/api/admin/users?limit=1&page=2');
    expect(first.json.pagination).toMatchObject({ page: 1, limit: 1, total: expect.any(Number) });
    expect(first.json.pagination.total).toBeGreaterThanOrEqual(3);
    expect(first.json.users[0].id).toBe(id);
    expect(second.json.users[0].id).not.toBe(id);
  });

  it('changes a role from the next request on, and never demotes the last administrator', async () => {
    const { id, client } = await makeUser();
    expect((await client.get('/api/admin/users')).status).toBe(403);
    const promoted = await admin.patch(`/api/admin/users/${id}/role`, { role: 'ADMIN' });
    expect(promoted.json.role).toBe('ADMIN');
    expect(await lastAudit()).toMatchObject({ action: 'user.role', target_id: id });
    expect(JSON.parse((await lastAudit())!.details)).toEqual({ from: 'USER', role: 'ADMIN' });
    // The same access token: the role is read from the database on every request.
    expect((await client.get('/api/admin/users')).status).toBe(200);
    expect((await client.patch(`/api/admin/users/${id}/role`, { role: 'USER' })).status).toBe(200);
    expect((await client.get('/api/admin/users')).status).toBe(403);

    const last = await admin.patch(`/api/admin/users/${adminId}/role`, { role: 'USER' });
    expect(last.status).toBe(409);
    expect((await admin.get('/api/admin/users')).status).toBe(200);
  });

  it('bans for a time (sessions end, sign-in answers 403) and lifts the ban', async () => {
    const { id, email, client } = await makeUser();
    const banned = await admin.post(`/api/admin/users/${id}/ban`, { durationMs: 3_600_000, reason: 'spam' });
    expect(banned.status).toBe(200);
    expect(banned.json).toEqual({ id, bannedUntil: expect.any(String) });
    expect(await lastAudit()).toMatchObject({ action: 'user.ban', target_id: id });
    expect(JSON.parse((await lastAudit())!.details)).toMatchObject({ durationMs: 3_600_000, reason: 'spam' });
    expect([401, 403]).toContain((await client.get('/api/user')).status);
    const live = await server.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const refused = await signIn(email);
    expect(refused.res.status).toBe(403);
    expect(refused.res.json.code).toBe('banned');
    const listed = (await admin.get(`/api/admin/users/${id}`)).json;
    expect(listed).toMatchObject({ bannedUntil: banned.json.bannedUntil, banReason: 'spam' });

    expect((await admin.post(`/api/admin/users/${id}/ban`, { durationMs: 0 })).json).toEqual({ id, bannedUntil: null });
    expect(await lastAudit()).toMatchObject({ action: 'user.unban', target_id: id });
    expect((await signIn(email)).res.status).toBe(200);
    expect((await admin.post(`/api/admin/users/${adminId}/ban`, { durationMs: 1000 })).status).toBe(400);
  });

  it('verifies an email by hand and resets two-factor (secret, codes and sessions gone)', async () => {
    const { id, client } = await makeUser({ emailVerified: false });
    const verified = await admin.post(`/api/admin/users/${id}/verify-email`);
    expect(verified.json.emailVerified).toBe(true);
    expect(await lastAudit()).toMatchObject({ action: 'user.verify_email', target_id: id });

    await server.db.kysely
      .updateTable('users')
      .set({ two_factor_enabled: 1, totp_secret: 'enc', backup_codes: '[{"codeHash":"h","used":false,"usedAt":null}]' })
      .where('id', '=', id)
      .execute();
    expect((await admin.get(`/api/admin/users/${id}`)).json.twoFactorEnabled).toBe(true);
    const reset = await admin.post(`/api/admin/users/${id}/reset-two-factor`);
    expect(reset.json.twoFactorEnabled).toBe(false);
    expect(
      await server.db.kysely
        .selectFrom('users')
        .select(['two_factor_enabled', 'totp_secret', 'backup_codes'])
        .where('id', '=', id)
        .executeTakeFirst(),
    ).toEqual({ two_factor_enabled: 0, totp_secret: null, backup_codes: '[]' });
    expect(await lastAudit()).toMatchObject({ action: 'user.reset_two_factor', target_id: id });
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('grants and deducts credits through the ledger, with the reason the user sees', async () => {
    const { id, client } = await makeUser();
    const grant = await admin.post(`/api/admin/users/${id}/credits`, {
      direction: 'grant',
      amount: 500,
      reason: 'Pilot team',
    });
    expect(grant.status).toBe(200);
    expect(grant.json.user.balance).toBe(START + 500);
    expect(grant.json.transaction).toMatchObject({ kind: 'admin_grant', tokenValue: 500, context: 'Pilot team' });
    expect(await lastAudit()).toMatchObject({ action: 'user.credits', target_id: id });
    expect(JSON.parse((await lastAudit())!.details)).toEqual({ amount: 500, reason: 'Pilot team' });
    expect((await client.get('/api/balance')).json.tokenCredits).toBe(START + 500);
    const mine = (await client.get('/api/transactions')).json.transactions;
    expect(mine[0]).toMatchObject({ kind: 'admin_grant', tokenValue: 500, context: 'Pilot team' });

    const auditCount = (await auditRows()).length;
    const tooMuch = await admin.post(`/api/admin/users/${id}/credits`, {
      direction: 'deduct',
      amount: 99_999,
      reason: 'x',
    });
    expect(tooMuch.status).toBe(409);
    expect((await auditRows()).length).toBe(auditCount);
    expect((await admin.post(`/api/admin/users/${id}/credits`, { direction: 'grant', amount: 5 })).status).toBe(400);
    expect(
      (await admin.post(`/api/admin/users/${id}/credits`, { direction: 'grant', amount: -5, reason: 'x' })).status,
    ).toBe(400);

    const deduct = await admin.post(`/api/admin/users/${id}/credits`, {
      direction: 'deduct',
      amount: 200,
      reason: 'Refund issued',
    });
    expect(deduct.json.user.balance).toBe(START + 300);
    expect(deduct.json.transaction).toMatchObject({ kind: 'admin_deduct', tokenValue: -200, context: 'Refund issued' });
    expect(await ledgerSum(server.db.kysely, id)).toBe(START + 300);
    const recent = await admin.get(`/api/admin/users/${id}/transactions?limit=5`);
    expect(recent.json.transactions.map((t: { kind: string }) => t.kind)).toEqual([
      'admin_deduct',
      'admin_grant',
      'start',
    ]);
  });

  it('deletes a user only with their email typed, never oneself', async () => {
    const { id, email, client } = await makeUser();
    const mismatch = await admin.delete(`/api/admin/users/${id}`, { confirmEmail: 'someone@else.example' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.code).toBe('confirmation_mismatch');
    expect((await admin.delete(`/api/admin/users/${adminId}`, { confirmEmail: 'ada@example.com' })).status).toBe(400);
    expect((await admin.delete(`/api/admin/users/${id}`, { confirmEmail: email.toUpperCase() })).status).toBe(204);
    expect(await lastAudit()).toMatchObject({ action: 'user.delete', target_id: id, target_label: email });
    expect((await admin.get(`/api/admin/users/${id}`)).status).toBe(404);
    expect((await client.get('/api/user')).status).toBe(401);
    expect(await server.db.kysely.selectFrom('balances').where('user_id', '=', id).selectAll().execute()).toEqual([]);
  });

  it('invites by a single-use link that registers the invited address while registration is closed', async () => {
    const email = `invited-${Math.random().toString(36).slice(2)}@example.com`;
    const invited = await admin.post('/api/admin/users', { mode: 'invite', email, role: 'USER' });
    expect(invited.status).toBe(201);
    // No mail server: the link is the answer, for the administrator to pass on.
    expect(invited.json.isMailed).toBe(false);
    expect(invited.json.user).toMatchObject({ email, isInvited: true, hasPassword: false, emailVerified: false });
    expect(await lastAudit()).toMatchObject({ action: 'user.invite', target_label: email });
    const link = new URL(invited.json.inviteLink as string);
    expect(link.pathname).toBe('/register');
    const token = link.searchParams.get('token')!;
    const body = (overrides: Record<string, unknown>) => ({
      name: 'Invited Person',
      email,
      password,
      confirm_password: password,
      token,
      ...overrides,
    });

    const closed = await new TestClient(server.baseUrl).post('/api/auth/register', body({ token: undefined }));
    expect(closed.status).toBe(403);
    const wrongEmail = await new TestClient(server.baseUrl).post(
      '/api/auth/register',
      body({ email: 'other@example.com' }),
    );
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.json.code).toBe('invalid_token');
    const accepted = await new TestClient(server.baseUrl).post('/api/auth/register', body({}));
    expect(accepted.status).toBe(200);
    expect(accepted.json.user).toMatchObject({ email, name: 'Invited Person', emailVerified: true, role: 'USER' });
    const again = await new TestClient(server.baseUrl).post('/api/auth/register', body({ name: 'Someone Else' }));
    expect(again.status).toBe(400);
    expect((await signIn(email)).res.status).toBe(200);
    expect((await admin.get(`/api/admin/users/${invited.json.user.id}`)).json).toMatchObject({
      isInvited: false,
      hasPassword: true,
    });
  });
  it('mails the invitation when a mail server is configured, and answers no link', async () => {
    const sink = await startSmtpSink({ host: '127.0.0.1' });
    const mailing = await startTestServer({
      dialect,
      env: {
        ALLOW_REGISTRATION: 'false',
        EMAIL_HOST: '127.0.0.1',
        EMAIL_PORT: String(sink.port),
        EMAIL_ENCRYPTION: 'none',
        EMAIL_FROM: 'confab@example.com',
      },
    });
    try {
      await insertUser(mailing.db.kysely, {
        name: 'Mail Admin',
        username: '',
        email: 'mailadmin@example.com',
        passwordHash: await hashPassword(password),
        role: 'ADMIN',
        emailVerified: true,
      });
      const client = new TestClient(mailing.baseUrl);
      client.token = (await client.post('/api/auth/login', { email: 'mailadmin@example.com', password })).json.token;
      const invited = await client.post('/api/admin/users', { mode: 'invite', email: 'mailed@example.com' });
      expect(invited.status).toBe(201);
      expect(invited.json).toMatchObject({ isMailed: true });
      expect(invited.json.inviteLink).toBeUndefined();
      const mail = await sink.waitForMail('mailed@example.com', { subject: /invited/ });
      const link = new URL(mail.link!);
      const accepted = await new TestClient(mailing.baseUrl).post('/api/auth/register', {
        name: 'Mailed Person',
        email: 'mailed@example.com',
        password,
        confirm_password: password,
        token: link.searchParams.get('token'),
      });
      expect(accepted.status).toBe(200);
      expect(accepted.json.user.emailVerified).toBe(true);
    } finally {
      await mailing.close();
      await sink.close();
    }
  });
});
