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
import { describeEachDialect, startTestServer } from './test-server.js';

/**
 * Email verification (issue 22) with mail configured: links caught by a real SMTP server the
 * test starts, driven through LibreChat's data service where it has the call.
 */
describeEachDialect('email verification', (dialect) => {
  let mailed: MailedServer;

  beforeAll(async () => {
    mailed = await startMailedServer(dialect);
    axios.defaults.baseURL = mailed.server.baseUrl;
  });
  afterAll(() => mailed.close());

  const userRow = (email: string) =>
    mailed.server.db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  it('registers without signing in, mails a link, refuses the login until the link is opened, then signs in', async () => {
    const client = mailed.client();
    const email = uniqueEmail('verify');
    const since = Date.now();
    const registered = await client.post('/api/auth/register', registrationOf(email, 'Verity'));
    expect(registered.status).toBe(200);
    expect(registered.json).toEqual({ message: 'Please check your email to verify your email address.' });
    expect(client.cookies.has('refreshToken')).toBe(false);
    expect((await userRow(email))?.email_verified).toBe(0);

    const login = await client.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(422);
    expect(login.json.code).toBe('email_not_verified');

    const mail = await mailed.sink.waitForMail(email, { after: since, subject: /verify/i });
    expect(mail.from).toBe('noreply@confab.test');
    expect(mail.subject).toBe('Verify your email address for Confab');
    expect(mail.text).toContain('Hi Verity,');
    expect(mail.html).toContain('Verify email address');
    const link = new URL(mail.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://app.confab.test/verify');
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('token') ?? '';
    // Only the token's hash is stored.
    const stored = await mailed.server.db.kysely.selectFrom('auth_tokens').selectAll().execute();
    expect(stored.some((row) => row.token_hash === token)).toBe(false);

    expect(await service.verifyEmail({ email, token })).toEqual({ message: 'Email verification was successful' });
    expect((await userRow(email))?.email_verified).toBe(1);
    const signedIn = await client.post('/api/auth/login', { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user.emailVerified).toBe(true);

    // A link works once.
    expect(await failureOf(service.verifyEmail({ email, token }))).toEqual({
      status: 400,
      body: { code: 'invalid_token', message: 'Invalid or expired email verification link.' },
    });
  });

  it('answers a registration with a taken address exactly like a new one, and mails its owner instead', async () => {
    const owner = mailed.client();
    const email = uniqueEmail('taken');
    await owner.post('/api/auth/register', registrationOf(email, 'Owner'));
    const first = await mailed.sink.waitForMail(email, { subject: /verify/i });
    await service.verifyEmail({ email, token: paramsOf(first).get('token') });

    const since = Date.now();
    const intruder = mailed.client();
    const again = await intruder.post('/api/auth/register', {
      ...registrationOf(email, 'Intruder'),
      password: 'another password',
      confirm_password: 'another password',
    });
    const fresh = await intruder.post('/api/auth/register', registrationOf(uniqueEmail('fresh')));
    expect(again.status).toBe(fresh.status);
    expect(again.json).toEqual(fresh.json);
    expect(Object.keys(again.json)).toEqual(['message']);

    const notice = await mailed.sink.waitForMail(email, { after: since });
    expect(notice.subject).toBe('Someone tried to create a Confab account with your email');
    expect(notice.text).toContain('Hi Owner,');
    expect(notice.text).not.toContain('Intruder');
    expect(notice.link).toBe('http://app.confab.test/login');
    const rows = await mailed.server.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect((await intruder.post('/api/auth/login', { email, password: 'another password' })).status).toBe(404);
  });

  it('mails an unverified owner who registers again a fresh link, and only the newest link works', async () => {
    const client = mailed.client();
    const email = uniqueEmail('again');
    await client.post('/api/auth/register', registrationOf(email));
    const first = await mailed.sink.waitForMail(email, { subject: /verify/i });
    const since = Date.now();
    await client.post('/api/auth/register', registrationOf(email));
    const second = await mailed.sink.waitForMail(email, { after: since, subject: /verify/i });
    expect(paramsOf(second).get('token')).not.toBe(paramsOf(first).get('token'));

    expect((await failureOf(service.verifyEmail({ email, token: paramsOf(first).get('token') }))).status).toBe(400);
    expect(await service.verifyEmail({ email, token: paramsOf(second).get('token') })).toEqual({
      message: 'Email verification was successful',
    });
  });

  it('refuses a wrong, foreign, expired or malformed link with nothing changed', async () => {
    const client = mailed.client();
    const email = uniqueEmail('bad-link');
    const other = uniqueEmail('other');
    await client.post('/api/auth/register', registrationOf(email));
    await client.post('/api/auth/register', registrationOf(other));
    const token = paramsOf(await mailed.sink.waitForMail(email, { subject: /verify/i })).get('token') ?? '';
    const invalid = {
      status: 400,
      body: { code: 'invalid_token', message: 'Invalid or expired email verification link.' },
    };

    expect(await failureOf(service.verifyEmail({ email, token: `${token}x` }))).toEqual(invalid);
    // Another account's address with this account's token.
    expect(await failureOf(service.verifyEmail({ email: other, token }))).toEqual(invalid);
    expect(await failureOf(service.verifyEmail({ email: uniqueEmail('nobody'), token }))).toEqual(invalid);
    expect((await failureOf(service.verifyEmail({ email }))).status).toBe(400);

    await mailed.server.db.kysely
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'email_verification')
      .execute();
    expect(await failureOf(service.verifyEmail({ email, token }))).toEqual(invalid);
    expect((await userRow(email))?.email_verified).toBe(0);
    expect((await userRow(other))?.email_verified).toBe(0);
  });

  it('resends the same answer for an unknown, a verified and an unverified address, mailing only the unverified', async () => {
    const client = mailed.client();
    const unverified = uniqueEmail('resend');
    const verified = uniqueEmail('done');
    await client.post('/api/auth/register', registrationOf(unverified));
    await client.post('/api/auth/register', registrationOf(verified));
    const mail = await mailed.sink.waitForMail(verified, { subject: /verify/i });
    await service.verifyEmail({ email: verified, token: paramsOf(mail).get('token') });
    await mailed.sink.waitForMail(unverified, { subject: /verify/i });

    const since = Date.now();
    const unknown = uniqueEmail('unknown');
    const answers = await Promise.all(
      [unverified, verified, unknown].map((email) => service.resendVerificationEmail({ email })),
    );
    for (const answer of answers)
      expect(answer).toEqual({ message: 'Please check your email to verify your email address.' });
    const resent = await mailed.sink.waitForMail(unverified, { after: since, subject: /verify/i });
    expect(await service.verifyEmail({ email: unverified, token: paramsOf(resent).get('token') })).toEqual({
      message: 'Email verification was successful',
    });
    expect(await hasMailTo(mailed.sink, verified, since)).toBe(false);
    expect(await hasMailTo(mailed.sink, unknown, since)).toBe(false);
  });

  it("writes the mail in the person's language: the web app's cookie, else Accept-Language, else English; HTML escaped", async () => {
    const cases: { headers: Record<string, string>; subject: string }[] = [
      { headers: { cookie: 'lang=de-DE' }, subject: 'Bestätige deine E-Mail-Adresse für Confab' },
      {
        headers: { 'accept-language': 'ja, fr-CH;q=0.9, en;q=0.5' },
        subject: 'Vérifiez votre adresse e-mail pour Confab',
      },
      {
        headers: { cookie: 'lang=es-ES', 'accept-language': 'de' },
        subject: 'Verifica tu dirección de correo para Confab',
      },
      { headers: { 'accept-language': 'ja-JP' }, subject: 'Verify your email address for Confab' },
    ];
    for (const { headers, subject } of cases) {
      const email = uniqueEmail('lang');
      const client = new TestClient(mailed.server.baseUrl);
      const res = await client.post('/api/auth/register', registrationOf(email, 'Ada <b>"&\' Lovelace'), { headers });
      expect(res.status).toBe(200);
      const mail = await mailed.sink.waitForMail(email);
      expect(mail.subject).toBe(subject);
      expect(mail.html).toContain('Ada &lt;b&gt;&quot;&amp;&#39; Lovelace');
      expect(mail.html).not.toContain('<b>"');
      expect(mail.text).toContain('Ada <b>"&\' Lovelace');
      // The link survives HTML escaping.
      expect(mail.html).toContain(`href="${(mail.link ?? '').replace(/&/g, '&amp;')}"`);
    }
  });
});

describeEachDialect('verification email limits', (dialect) => {
  let mailed: MailedServer;
  beforeAll(async () => {
    mailed = await startMailedServer(dialect, { VERIFY_EMAIL_MAX: '2', VERIFY_EMAIL_WINDOW: '5', TRUST_PROXY: 'true' });
  });
  afterAll(() => mailed.close());

  const resend = (email: string, ip: string) =>
    mailed.client().post('/api/user/verify/resend', { email }, { headers: { 'x-forwarded-for': ip } });

  it('limits resends per address (whatever the IP) and per IP (whatever the address), as verify_email_limit', async () => {
    const email = uniqueEmail('limited');
    expect((await resend(email, '10.0.0.1')).status).toBe(200);
    expect((await resend(email, '10.0.0.2')).status).toBe(200);
    const perEmail = await resend(email, '10.0.0.3');
    expect(perEmail.status).toBe(429);
    expect(perEmail.json).toMatchObject({ code: 'rate_limited', type: 'verify_email_limit' });
    expect(Number(perEmail.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await resend(uniqueEmail('a'), '10.0.0.9')).status).toBe(200);
    expect((await resend(uniqueEmail('b'), '10.0.0.9')).status).toBe(200);
    const perIp = await resend(uniqueEmail('c'), '10.0.0.9');
    expect(perIp.status).toBe(429);
    expect(perIp.json.type).toBe('verify_email_limit');

    const violations = await mailed.server.db.kysely.selectFrom('violations').selectAll().execute();
    expect(violations.map((v) => [v.type, v.ip, v.user_id])).toEqual([
      ['verify_email_limit', '10.0.0.3', null],
      ['verify_email_limit', '10.0.0.9', null],
    ]);
  });
});

describeEachDialect('registration without required verification', (dialect) => {
  it('with no mail configured signs in at once, verified, and refuses a taken address (no one could be told)', async () => {
    const server = await startTestServer({ dialect });
    try {
      const client = new TestClient(server.baseUrl);
      const email = uniqueEmail('nomail');
      const { user } = await client.register({ email });
      expect(user.id).toBeTruthy();
      const row = await server.db.kysely
        .selectFrom('users')
        .select('email_verified')
        .where('id', '=', user.id)
        .executeTakeFirst();
      expect(row?.email_verified).toBe(1);
      const taken = await new TestClient(server.baseUrl).post('/api/auth/register', registrationOf(email));
      expect(taken.status).toBe(409);
      expect(taken.json.code).toBe('email_taken');
    } finally {
      await server.close();
    }
  });

  it('with ALLOW_UNVERIFIED_EMAIL_LOGIN signs in unverified and still mails the link', async () => {
    const mailed = await startMailedServer(dialect, { ALLOW_UNVERIFIED_EMAIL_LOGIN: 'true' });
    try {
      const client = mailed.client();
      const email = uniqueEmail('lenient');
      const { user } = await client.register({ email });
      expect(client.cookies.has('refreshToken')).toBe(true);
      expect((await client.get('/api/user')).json.emailVerified).toBe(false);
      const mail = await mailed.sink.waitForMail(email, { subject: /verify/i });
      const verified = await client.post('/api/user/verify', { email, token: paramsOf(mail).get('token') });
      expect(verified.status).toBe(200);
      expect((await client.get('/api/user')).json).toMatchObject({ id: user.id, emailVerified: true });
      expect((await mailed.client().post('/api/auth/register', registrationOf(email))).status).toBe(409);
    } finally {
      await mailed.close();
    }
  });
});
