import { afterAll, beforeAll, expect, it } from 'vitest';
import { dataService as service, failureOf, librechatAxios as axios } from './librechat-package.js';
import {
  hasMailTo,
  paramsOf,
  PASSWORD,
  registrationOf,
  startMailedServer,
  uniqueEmail,
  type MailedServer,
} from './account-email-kit.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

const NEW_PASSWORD = 'a brand new passphrase';
const SENT = { message: 'If an account with that email exists, a password reset link has been sent to it.' };
const INVALID = { status: 400, body: { code: 'invalid_token', message: 'Invalid or expired password reset token' } };

/** Password reset and create password (issue 22), through LibreChat's data service where it has the call. */
describeEachDialect('password reset by mail', (dialect) => {
  let mailed: MailedServer;

  beforeAll(async () => {
    mailed = await startMailedServer(dialect, { ALLOW_UNVERIFIED_EMAIL_LOGIN: 'true' });
    axios.defaults.baseURL = mailed.server.baseUrl;
  });
  afterAll(() => mailed.close());

  const passwordHashOf = async (email: string) =>
    (
      await mailed.server.db.kysely
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirst()
    )?.password_hash;

  /** A signed-in account, and the reset link mailed to it. */
  async function accountWithResetLink(prefix: string) {
    const client = mailed.client();
    const email = uniqueEmail(prefix);
    const { user } = await client.register({ email, name: 'Resetter' });
    const since = Date.now();
    expect(await service.requestPasswordReset({ email })).toEqual(SENT);
    const mail = await mailed.sink.waitForMail(email, { after: since, subject: /reset/i });
    return { client, email, userId: user.id, mail, params: paramsOf(mail) };
  }

  it('mails a single-use link that sets the password, ends every session and tells the owner', async () => {
    const { client, email, userId, mail, params } = await accountWithResetLink('reset');
    expect(mail.subject).toBe('Reset your Confab password');
    const link = new URL(mail.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://app.confab.test/reset-password');
    expect(params.get('userId')).toBe(userId);
    const other = new TestClient(mailed.server.baseUrl);
    other.token = (await other.post('/api/auth/login', { email, password: PASSWORD })).json.token;

    const since = Date.now();
    const token = params.get('token');
    const done = await service.resetPassword({ userId, token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(done).toEqual({ message: 'Password reset was successful' });

    // Every session ended: access tokens refused, the refresh cookie too.
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await client.post('/api/auth/refresh')).status).toBe(403);
    expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(404);
    const signedIn = await client.post('/api/auth/login', { email, password: NEW_PASSWORD });
    expect(signedIn.status).toBe(200);
    client.token = signedIn.json.token;

    const notice = await mailed.sink.waitForMail(email, { after: since, subject: /changed/i });
    expect(notice.subject).toBe('Your Confab password was changed');
    // The mailed link proved the mailbox.
    expect((await client.get('/api/user')).json.emailVerified).toBe(true);

    const hash = await passwordHashOf(email);
    expect(
      await failureOf(
        service.resetPassword({ userId, token, password: 'yet another one', confirm_password: 'yet another one' }),
      ),
    ).toEqual(INVALID);
    expect(await passwordHashOf(email)).toBe(hash);
  });

  it('refuses an expired link, a link of another user and an older link, with nothing changed', async () => {
    const first = await accountWithResetLink('expired');
    const second = await accountWithResetLink('other-user');
    const hash = await passwordHashOf(first.email);
    const reset = (userId: string, token: string | null) =>
      failureOf(service.resetPassword({ userId, token, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }));

    expect(await reset(second.userId, first.params.get('token'))).toEqual(INVALID);

    // A newer request retires the older link.
    const since = Date.now();
    await service.requestPasswordReset({ email: first.email });
    const newer = paramsOf(await mailed.sink.waitForMail(first.email, { after: since, subject: /reset/i }));
    expect(await reset(first.userId, first.params.get('token'))).toEqual(INVALID);

    await mailed.server.db.kysely
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', first.userId)
      .where('kind', '=', 'password_reset')
      .execute();
    expect(await reset(first.userId, newer.get('token'))).toEqual(INVALID);
    expect(await passwordHashOf(first.email)).toBe(hash);
    expect((await first.client.get('/api/user')).status).toBe(200);
  });

  it('never signs in, so an account with two-factor still answers twoFAPending after a reset', async () => {
    const { email, userId, params } = await accountWithResetLink('twofa');
    await mailed.server.db.kysely
      .updateTable('users')
      .set({ two_factor_enabled: 1 })
      .where('id', '=', userId)
      .execute();
    const done = await mailed.client().post('/api/auth/resetPassword', {
      userId,
      token: params.get('token'),
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ message: 'Password reset was successful' });
    expect(done.headers.getSetCookie()).toEqual([]);
    const login = await mailed.client().post('/api/auth/login', { email, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    expect(Object.keys(login.json).sort()).toEqual(['tempToken', 'twoFAPending']);
  });

  it('answers an unknown address like a known one and mails nobody', async () => {
    const since = Date.now();
    const unknown = uniqueEmail('nobody');
    expect(await service.requestPasswordReset({ email: unknown })).toEqual(SENT);
    expect(await hasMailTo(mailed.sink, unknown, since)).toBe(false);
  });

  it('checks the new password with the messages of SPEC 5', async () => {
    const client = mailed.client();
    const short = await client.post('/api/auth/resetPassword', {
      userId: 'u',
      token: 't',
      password: 'short',
      confirm_password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.json.code).toBe('validation_error');
    const mismatch = await client.post('/api/auth/resetPassword', {
      userId: 'u',
      token: 't',
      password: NEW_PASSWORD,
      confirm_password: 'different one',
    });
    expect(mismatch.json.issues).toEqual([{ path: 'confirm_password', message: 'Passwords do not match' }]);
    const missing = await client.post('/api/auth/resetPassword', {
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(missing.json.issues.map((i: { message: string }) => i.message).sort()).toEqual([
      'Unable to process: No valid reset token',
      'Unable to process: No valid user id',
    ]);
  });

  it('creates a password for an account without one, once', async () => {
    const client = mailed.client();
    const email = uniqueEmail('social');
    await client.register({ email });
    await mailed.server.db.kysely
      .updateTable('users')
      .set({ password_hash: null, provider: 'openid' })
      .where('email', '=', email)
      .execute();
    expect((await client.get('/api/user')).json.hasPassword).toBe(false);

    expect(
      (
        await mailed
          .client()
          .post('/api/auth/createPassword', { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })
      ).status,
    ).toBe(401);
    const mismatch = await client.post('/api/auth/createPassword', {
      password: NEW_PASSWORD,
      confirm_password: 'nope nope nope',
    });
    expect(mismatch.status).toBe(400);

    const created = await client.post('/api/auth/createPassword', {
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ message: 'Password created', user: { email, hasPassword: true } });
    expect((await mailed.client().post('/api/auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);

    const hash = await passwordHashOf(email);
    const again = await client.post('/api/auth/createPassword', {
      password: 'another password',
      confirm_password: 'another password',
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('password_exists');
    expect(await passwordHashOf(email)).toBe(hash);
  });
});

describeEachDialect('password reset without mail, off, and limited', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { ALLOW_PASSWORD_RESET: 'true', DOMAIN_CLIENT: 'http://app.confab.test', RESET_PASSWORD_MAX: '1000' },
    });
  });
  afterAll(() => server.close());

  it('answers with the link itself (SPEC 2), and an unknown address with a link of the same shape that never works', async () => {
    const client = new TestClient(server.baseUrl);
    const email = uniqueEmail('nomail');
    const { user } = await client.register({ email });
    const known = await client.post('/api/auth/requestPasswordReset', { email });
    const unknown = await client.post('/api/auth/requestPasswordReset', { email: uniqueEmail('nobody') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const shape = (link: string) => link.replace(/token=[\w-]{43}&userId=[0-9a-f-]{36}$/, 'token=T&userId=U');
    expect(shape(known.json.link)).toBe('http://app.confab.test/reset-password?token=T&userId=U');
    expect(shape(unknown.json.link)).toBe(shape(known.json.link));
    expect(unknown.json.message).toBe(known.json.message);

    const use = (link: string) => {
      const params = new URL(link).searchParams;
      return client.post('/api/auth/resetPassword', {
        userId: params.get('userId'),
        token: params.get('token'),
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
    };
    expect((await use(unknown.json.link)).status).toBe(400);
    expect((await use(known.json.link)).status).toBe(200);
    expect(new URL(known.json.link).searchParams.get('userId')).toBe(user.id);
    // Handed out in the answer, the link proved no mailbox.
    const row = await server.db.kysely
      .selectFrom('users')
      .select('email_verified')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.email_verified).toBe(1);
  });

  it('refuses both calls with 403 password_reset_disabled when ALLOW_PASSWORD_RESET is off', async () => {
    const off = await startTestServer({ dialect });
    try {
      const client = new TestClient(off.baseUrl);
      const request = await client.post('/api/auth/requestPasswordReset', { email: uniqueEmail('off') });
      expect(request.status).toBe(403);
      expect(request.json.code).toBe('password_reset_disabled');
      const reset = await client.post('/api/auth/resetPassword', {
        userId: 'u',
        token: 't',
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(reset.status).toBe(403);
    } finally {
      await off.close();
    }
  });

  it('limits requests per IP and per address as reset_password_limit, recorded as violations of no user', async () => {
    const limited = await startTestServer({
      dialect,
      env: { ALLOW_PASSWORD_RESET: 'true', RESET_PASSWORD_MAX: '2', RESET_PASSWORD_WINDOW: '5', TRUST_PROXY: 'true' },
    });
    try {
      const client = new TestClient(limited.baseUrl);
      const email = uniqueEmail('limited');
      await client.register({ email });
      const request = (address: string, ip: string) =>
        client.post('/api/auth/requestPasswordReset', { email: address }, { headers: { 'x-forwarded-for': ip } });
      expect((await request(email, '10.1.0.1')).status).toBe(200);
      expect((await request(email.toUpperCase(), '10.1.0.2')).status).toBe(200);
      const perEmail = await request(email, '10.1.0.3');
      expect(perEmail.status).toBe(429);
      expect(perEmail.json).toMatchObject({ code: 'rate_limited', type: 'reset_password_limit' });
      expect(perEmail.json.link).toBeUndefined();
      expect(perEmail.headers.get('retry-after')).toBeTruthy();

      expect((await request(uniqueEmail('x'), '10.1.0.9')).status).toBe(200);
      expect((await request(uniqueEmail('y'), '10.1.0.9')).status).toBe(200);
      expect((await request(uniqueEmail('z'), '10.1.0.9')).json.type).toBe('reset_password_limit');
      const violations = await limited.db.kysely.selectFrom('violations').select(['type', 'user_id']).execute();
      expect(violations).toEqual([
        { type: 'reset_password_limit', user_id: null },
        { type: 'reset_password_limit', user_id: null },
      ]);
    } finally {
      await limited.close();
    }
  });
});

describeEachDialect('registering again before verifying', (dialect) => {
  it('keeps one account and takes no password from the second registration', async () => {
    const mailed = await startMailedServer(dialect);
    try {
      const email = uniqueEmail('squat');
      await mailed.client().post('/api/auth/register', registrationOf(email));
      await mailed
        .client()
        .post('/api/auth/register', {
          ...registrationOf(email),
          password: 'squatter password',
          confirm_password: 'squatter password',
        });
      const rows = await mailed.server.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(rows).toHaveLength(1);
    } finally {
      await mailed.close();
    }
  });
});
