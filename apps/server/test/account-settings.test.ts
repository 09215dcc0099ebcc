import { afterAll, beforeAll, expect, it } from 'vitest';
import { paramsOf, PASSWORD, startMailedServer, uniqueEmail, type MailedServer } from './account-email-kit.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer } from './test-server.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Settings → Account (issue 40): password, profile, email change and signed-in devices, over real HTTP. */
describeEachDialect('account settings', (dialect) => {
  let mailed: MailedServer;

  beforeAll(async () => {
    // Registration signs in at once (no verification needed to sign in), but mail is configured.
    mailed = await startMailedServer(dialect, { ALLOW_UNVERIFIED_EMAIL_LOGIN: 'true' });
  });
  afterAll(() => mailed.close());

  const userRow = (id: string) => mailed.server.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** One more signed-in device of an account: a fresh client that logs in. */
  async function signIn(email: string, password = PASSWORD, userAgent?: string) {
    const client = mailed.client();
    const res = await client.post('/api/auth/login', { email, password }, userAgent ? { headers: { 'user-agent': userAgent } } : undefined);
    expect(res.status).toBe(200);
    client.token = res.json.token;
    return client;
  }

  it('changes the password with the current one, ends every other session and keeps this one', async () => {
    const me = mailed.client();
    const { email, user } = await me.register({ email: uniqueEmail('pw') });
    const other = await signIn(email);
    const third = await signIn(email);
    const since = Date.now();

    const changed = await me.post('/api/user/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
    expect(changed.status).toBe(200);

    for (const ended of [other, third]) {
      expect((await ended.get('/api/user')).status).toBe(401);
      expect((await ended.post('/api/auth/refresh')).status).toBe(403);
    }
    // This device stays signed in, on its token and through a refresh.
    expect((await me.get('/api/user')).status).toBe(200);
    const refreshed = await me.post('/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    me.token = refreshed.json.token;
    expect((await me.get('/api/user')).json.id).toBe(user.id);

    expect((await mailed.client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(404);
    await signIn(email, 'a brand new secret');
    const notice = await mailed.sink.waitForMail(email, { after: since, subject: /password was changed/i });
    expect(notice.text).toContain('password');
  });

  it('refuses a wrong current password or a mismatched confirmation, changing nothing', async () => {
    const me = mailed.client();
    const { email, user } = await me.register({ email: uniqueEmail('wrong') });
    const other = await signIn(email);
    const before = await userRow(user.id);

    const wrong = await me.post('/api/user/password', { currentPassword: 'not it', newPassword: 'another secret', confirmPassword: 'another secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.code).toBe('wrong_current_password');
    const mismatch = await me.post('/api/user/password', { currentPassword: PASSWORD, newPassword: 'another secret', confirmPassword: 'another secreT' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.code).toBe('validation_error');
    const short = await me.post('/api/user/password', { currentPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' });
    expect(short.status).toBe(400);

    expect((await userRow(user.id)).password_hash).toBe(before.password_hash);
    expect((await other.get('/api/user')).status).toBe(200);
    await signIn(email);
  });

  it('counts wrong current passwords toward the login limit', async () => {
    const limited = await startTestServer({ dialect, env: { LOGIN_MAX: '2' } });
    try {
      const me = new TestClient(limited.baseUrl);
      const { email } = await me.register();
      const attempt = () => me.post('/api/user/password', { currentPassword: 'nope', newPassword: 'x'.repeat(9), confirmPassword: 'x'.repeat(9) });
      expect((await attempt()).status).toBe(400);
      expect((await attempt()).status).toBe(400);
      expect((await attempt()).status).toBe(429);
      // The account's sign-in is limited too: the form is no way around the login limit.
      expect((await new TestClient(limited.baseUrl).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('edits the name and the username with validation', async () => {
    const me = mailed.client();
    const { user } = await me.register({ email: uniqueEmail('name'), name: 'Old Name' });
    const edited = await me.patch('/api/user/profile', { name: '  Ada Lovelace ', username: 'ada' });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: user.id, name: 'Ada Lovelace', username: 'ada' });
    expect((await me.get('/api/user')).json).toMatchObject({ name: 'Ada Lovelace', username: 'ada' });

    for (const body of [{ name: 'ab' }, { name: 'x'.repeat(81) }, { username: 'a' }, { username: 'x'.repeat(81) }, {}, { name: 'Valid', role: 'ADMIN' }]) {
      expect((await me.patch('/api/user/profile', body)).status).toBe(400);
    }
    expect(await userRow(user.id)).toMatchObject({ name: 'Ada Lovelace', username: 'ada', role: 'USER' });
    // An empty username clears it (LibreChat's default).
    expect((await me.patch('/api/user/profile', { username: '' })).json.username).toBe('');
  });

  it('changes the email only when the link mailed to the new address is opened, once', async () => {
    const me = mailed.client();
    const oldEmail = uniqueEmail('old');
    const { user } = await me.register({ email: oldEmail, name: 'Mover' });
    const newEmail = uniqueEmail('new');
    const since = Date.now();

    expect((await me.post('/api/user/email', { email: newEmail, currentPassword: 'wrong' })).status).toBe(400);
    const asked = await me.post('/api/user/email', { email: newEmail.toUpperCase(), currentPassword: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.json).toMatchObject({ applied: false, pendingEmail: newEmail });
    expect((await me.get('/api/user/email')).json).toEqual({ pendingEmail: newEmail });

    // Nothing applies yet: the old address still signs in, the new one does not.
    expect((await userRow(user.id)).email).toBe(oldEmail);
    await signIn(oldEmail);
    expect((await mailed.client().post('/api/auth/login', { email: newEmail, password: PASSWORD })).status).toBe(404);

    const mail = await mailed.sink.waitForMail(newEmail, { after: since, subject: /new email/i });
    const link = new URL(mail.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://app.confab.test/verify');
    expect(link.searchParams.get('change')).toBe('1');
    const token = paramsOf(mail).get('token') ?? '';

    // The link works signed out (another browser) and once.
    const confirmed = await mailed.client().post('/api/user/email/verify', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.email).toBe(newEmail);
    expect((await mailed.client().post('/api/user/email/verify', { token })).json.code).toBe('invalid_token');
    expect(await userRow(user.id)).toMatchObject({ email: newEmail, email_verified: 1 });
    expect((await me.get('/api/user/email')).json).toEqual({ pendingEmail: null });

    await signIn(newEmail);
    expect((await mailed.client().post('/api/auth/login', { email: oldEmail, password: PASSWORD })).status).toBe(404);
    const notice = await mailed.sink.waitForMail(oldEmail, { after: since, subject: /was changed/i });
    expect(notice.text).not.toContain(token);
  });

  it('answers an address of another account like a free one, mails it no link, and never applies it', async () => {
    const owner = mailed.client();
    const taken = uniqueEmail('taken');
    await owner.register({ email: taken });
    const me = mailed.client();
    const { user, email } = await me.register({ email: uniqueEmail('asker') });
    const since = Date.now();
    const asked = await me.post('/api/user/email', { email: taken, currentPassword: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.json).toMatchObject({ applied: false, pendingEmail: taken });
    const linkMailed = mailed.sink.waitForMail(taken, { after: since, timeoutMs: 400, subject: /new email/i });
    expect(await linkMailed.then(() => true, () => false)).toBe(false);
    expect((await userRow(user.id)).email).toBe(email);
    // Its own address, or a malformed one, is refused outright.
    expect((await me.post('/api/user/email', { email, currentPassword: PASSWORD })).status).toBe(400);
    expect((await me.post('/api/user/email', { email: 'not-an-address', currentPassword: PASSWORD })).status).toBe(400);
  });

  it('lists signed-in devices, one per sign-in across refreshes, and ends one or all others', async () => {
    const me = mailed.client();
    const { email } = await me.register({ email: uniqueEmail('sessions') });
    const phone = await signIn(email, PASSWORD, IPHONE);
    const laptop = await signIn(email, PASSWORD, FIREFOX);
    // Refreshes rotate the phone's token: still one device.
    for (let i = 0; i < 2; i++) phone.token = (await phone.post('/api/auth/refresh', undefined, { headers: { 'user-agent': IPHONE } })).json.token;

    const listed = await me.get('/api/user/sessions');
    expect(listed.status).toBe(200);
    const sessions = listed.json.sessions as { id: string; browser: string | null; os: string | null; isMobile: boolean; isCurrent: boolean; createdAt: string; lastActiveAt: string }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.isCurrent)).toHaveLength(1);
    const phoneSession = sessions.find((s) => s.os === 'iOS');
    expect(phoneSession).toMatchObject({ browser: 'Safari', isMobile: true, isCurrent: false });
    expect(phoneSession!.lastActiveAt > phoneSession!.createdAt).toBe(true);
    expect(sessions.find((s) => s.browser === 'Firefox')).toMatchObject({ os: 'Linux', isMobile: false });

    // Another user's device is not found, and stays signed in.
    const stranger = mailed.client();
    await stranger.register({ email: uniqueEmail('stranger') });
    expect((await stranger.delete(`/api/user/sessions/${phoneSession!.id}`)).status).toBe(404);
    expect((await phone.get('/api/user')).status).toBe(200);

    expect((await me.delete(`/api/user/sessions/${phoneSession!.id}`)).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await me.delete(`/api/user/sessions/${phoneSession!.id}`)).status).toBe(404);
    expect((await me.get('/api/user/sessions')).json.sessions).toHaveLength(2);

    expect((await me.post('/api/user/sessions/revoke-others')).status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(401);
    const left = (await me.get('/api/user/sessions')).json.sessions;
    expect(left).toHaveLength(1);
    expect(left[0].isCurrent).toBe(true);
    expect((await me.get('/api/user')).status).toBe(200);
    expect((await new TestClient(mailed.server.baseUrl).get('/api/user/sessions')).status).toBe(401);
  });
});

describeEachDialect('account settings without a mail server', (dialect) => {
  it('changes the email at once, as a registration then needs no verification, and refuses a taken one', async () => {
    const server = await startTestServer({ dialect });
    try {
      const taken = new TestClient(server.baseUrl);
      const { email: takenEmail } = await taken.register();
      const me = new TestClient(server.baseUrl);
      await me.register();
      const refused = await me.post('/api/user/email', { email: takenEmail, currentPassword: PASSWORD });
      expect(refused.status).toBe(409);
      const newEmail = uniqueEmail('direct');
      const changed = await me.post('/api/user/email', { email: newEmail, currentPassword: PASSWORD });
      expect(changed.json).toMatchObject({ applied: true, pendingEmail: null });
      expect((await me.get('/api/user')).json.email).toBe(newEmail);
    } finally {
      await server.close();
    }
  });
});
