import { PASSKEY_PATHS, type PasskeySummary } from '@confab/shared';
import { InvalidStateError, SoftwareAuthenticator, type CeremonyOptions } from '@confab/testkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';

const itemPath = (id: string) => PASSKEY_PATHS.item.replace(':id', encodeURIComponent(id));

describeEachDialect('passkeys', (dialect) => {
  let server: TestServer;
  let origin: string;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    origin = server.baseUrl;
  });
  afterAll(() => server.close());

  const db = () => server.db.kysely;
  const passkeyRow = (id: string) => db().selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
  const challengeCount = async () =>
    Number(
      (
        await db()
          .selectFrom('webauthn_challenges')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function signedInUser() {
    const client = new TestClient(server.baseUrl);
    const account = await client.register();
    return { client, account, authenticator: new SoftwareAuthenticator() };
  }

  async function enroll(
    client: TestClient,
    authenticator: SoftwareAuthenticator,
    name?: string,
    ceremony: Partial<CeremonyOptions> = {},
  ): Promise<PasskeySummary> {
    const options = await client.post(PASSKEY_PATHS.registerOptions);
    expect(options.status).toBe(200);
    const response = authenticator.create(options.json, { origin, ...ceremony });
    const res = await client.post(PASSKEY_PATHS.registerVerify, { response, ...(name ? { name } : {}) });
    expect(res.status, res.text).toBe(200);
    return res.json;
  }

  /** A passwordless sign-in: options, the authenticator's assertion, verify. */
  async function passkeySignIn(authenticator: SoftwareAuthenticator, ceremony: Partial<CeremonyOptions> = {}) {
    const client = new TestClient(server.baseUrl);
    const started = await client.post(PASSKEY_PATHS.loginOptions);
    expect(started.status).toBe(200);
    const response = authenticator.get(started.json.options, { origin, ...ceremony });
    const res = await client.post(PASSKEY_PATHS.loginVerify, { challengeId: started.json.challengeId, response });
    return { client, res, started, response };
  }

  it('registers a resident passkey and lists it to its owner only', async () => {
    const { client, authenticator } = await signedInUser();
    const options = await client.post(PASSKEY_PATHS.registerOptions);
    expect(options.json.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.json.rp.id).toBe('127.0.0.1');
    expect(options.json.excludeCredentials).toEqual([]);

    const summary = await enroll(client, authenticator, 'My laptop', { backupEligible: true, backedUp: true });
    expect(summary).toMatchObject({ name: 'My laptop', lastUsedAt: null, deviceType: 'multiDevice', backedUp: true });
    const [credentialId] = authenticator.credentials.keys();
    expect(summary.id).toBe(credentialId);
    const row = await passkeyRow(summary.id);
    expect(row).toMatchObject({ counter: 0, backed_up: 1 });
    expect(JSON.parse(row!.transports)).toContain('internal');
    expect(row!.public_key).toMatch(/^[A-Za-z0-9_-]+$/);

    const listed = await client.get(PASSKEY_PATHS.list);
    expect(listed.json).toEqual([summary]);
    const other = await signedInUser();
    expect((await other.client.get(PASSKEY_PATHS.list)).json).toEqual([]);
    expect((await new TestClient(server.baseUrl).get(PASSKEY_PATHS.list)).status).toBe(401);

    // The same authenticator again is excluded by the options (the browser would refuse).
    const again = await client.post(PASSKEY_PATHS.registerOptions);
    expect(again.json.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([summary.id]);
    expect(() => authenticator.create(again.json, { origin })).toThrow(InvalidStateError);
    // A second authenticator is welcome; without a name it gets the default.
    const second = await enroll(client, new SoftwareAuthenticator());
    expect(second.name).toBe('Passkey');
    expect((await client.get(PASSKEY_PATHS.list)).json).toHaveLength(2);
  });

  it('refuses a registration from another origin or answered twice, and stores nothing', async () => {
    const { client, authenticator } = await signedInUser();
    const options = await client.post(PASSKEY_PATHS.registerOptions);
    const phished = authenticator.create(options.json, { origin: 'https://evil.example' });
    const res = await client.post(PASSKEY_PATHS.registerVerify, { response: phished });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('passkey_failed');
    expect(await passkeyRow(phished.id)).toBeUndefined();
    // The challenge went with the failed answer: a good answer to it now fails too.
    const late = new SoftwareAuthenticator().create(options.json, { origin });
    expect((await client.post(PASSKEY_PATHS.registerVerify, { response: late })).json.code).toBe('passkey_failed');
    // Without user verification it is not a passkey that can stand in for a password.
    const fresh = await client.post(PASSKEY_PATHS.registerOptions);
    const unverified = new SoftwareAuthenticator().create(fresh.json, { origin, userVerified: false });
    expect((await client.post(PASSKEY_PATHS.registerVerify, { response: unverified })).status).toBe(400);
    // Garbage is a failure like any other.
    await client.post(PASSKEY_PATHS.registerOptions);
    expect((await client.post(PASSKEY_PATHS.registerVerify, { response: { id: 'x' } })).json.code).toBe(
      'passkey_failed',
    );
    expect((await client.get(PASSKEY_PATHS.list)).json).toEqual([]);
  });

  it('renames a passkey of its owner only', async () => {
    const { client, authenticator } = await signedInUser();
    const summary = await enroll(client, authenticator, 'Phone');
    const renamed = await client.patch(itemPath(summary.id), { name: '  Work phone  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.name).toBe('Work phone');
    expect((await client.patch(itemPath(summary.id), { name: '' })).status).toBe(400);
    expect((await client.patch(itemPath(summary.id), { name: 'n'.repeat(65) })).status).toBe(400);
    const other = await signedInUser();
    const stolen = await other.client.patch(itemPath(summary.id), { name: 'Mine now' });
    expect(stolen.status).toBe(404);
    expect((await passkeyRow(summary.id))?.name).toBe('Work phone');
  });

  it('signs in without an email: the passkey is both factors', async () => {
    const { client, account, authenticator } = await signedInUser();
    const summary = await enroll(client, authenticator);
    // Two-factor on: a passkey with user verification still signs in alone.
    await db().updateTable('users').set({ two_factor_enabled: 1 }).where('id', '=', account.user.id).execute();

    const { client: browser, res, started } = await passkeySignIn(authenticator);
    expect(started.json.options.allowCredentials ?? []).toEqual([]);
    expect(started.json.options.userVerification).toBe('required');
    expect(res.status, res.text).toBe(200);
    expect(res.json.user.id).toBe(account.user.id);
    expect(res.json.token).toMatch(/^ey/);
    expect(browser.cookies.get('refreshToken')).toBeTruthy();
    browser.token = res.json.token;
    expect((await browser.get('/api/user')).json.email).toBe(account.email);

    const row = await passkeyRow(summary.id);
    expect(row?.counter).toBe(1);
    expect(row?.last_used_at).not.toBeNull();
    expect((await client.get(PASSKEY_PATHS.list)).json[0].lastUsedAt).toBe(row?.last_used_at);
  });

  it('refuses a replayed assertion and a reused challenge', async () => {
    const { client, authenticator } = await signedInUser();
    const summary = await enroll(client, authenticator);
    const first = await passkeySignIn(authenticator);
    expect(first.res.status).toBe(200);
    const replay = await new TestClient(server.baseUrl).post(PASSKEY_PATHS.loginVerify, {
      challengeId: first.started.json.challengeId,
      response: first.response,
    });
    expect(replay.status).toBe(400);
    expect(replay.json.code).toBe('passkey_failed');
    // A fresh assertion over the used challenge (a higher counter) is refused as well.
    const fresh = authenticator.get(first.started.json.options, { origin });
    const reused = await new TestClient(server.baseUrl).post(PASSKEY_PATHS.loginVerify, {
      challengeId: first.started.json.challengeId,
      response: fresh,
    });
    expect(reused.json.code).toBe('passkey_failed');
    expect((await passkeyRow(summary.id))?.counter).toBe(1);
  });

  it('refuses an assertion made for another origin and uses the challenge up', async () => {
    const { client, authenticator } = await signedInUser();
    const summary = await enroll(client, authenticator);
    const before = await passkeyRow(summary.id);
    const phished = await passkeySignIn(authenticator, { origin: 'https://evil.example' });
    expect(phished.res.status).toBe(400);
    expect(phished.res.json.code).toBe('passkey_failed');
    expect(phished.client.cookies.size).toBe(0);
    const honest = authenticator.get(phished.started.json.options, { origin });
    const retry = await new TestClient(server.baseUrl).post(PASSKEY_PATHS.loginVerify, {
      challengeId: phished.started.json.challengeId,
      response: honest,
    });
    expect(retry.json.code).toBe('passkey_failed');
    expect(await passkeyRow(summary.id)).toEqual(before);
  });

  it('refuses a counter that goes back (a cloned authenticator) and one without user verification', async () => {
    const { client, authenticator } = await signedInUser();
    const summary = await enroll(client, authenticator);
    expect((await passkeySignIn(authenticator, { counter: 10 })).res.status).toBe(200);
    const cloned = await passkeySignIn(authenticator, { counter: 5 });
    expect(cloned.res.status).toBe(400);
    expect(cloned.res.json.code).toBe('passkey_failed');
    expect((await passkeyRow(summary.id))?.counter).toBe(10);
    const unverified = await passkeySignIn(authenticator, { counter: 11, userVerified: false });
    expect(unverified.res.json.code).toBe('passkey_failed');
    expect((await passkeySignIn(authenticator, { counter: 12 })).res.status).toBe(200);
  });

  it("does not delete another user's passkey, and a deleted passkey no longer signs in", async () => {
    const { client, authenticator } = await signedInUser();
    const summary = await enroll(client, authenticator);
    const other = await signedInUser();
    const res = await other.client.delete(itemPath(summary.id));
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('not_found');
    expect(await passkeyRow(summary.id)).toBeDefined();
    expect((await client.delete(itemPath('no-such-passkey'))).status).toBe(404);

    expect((await client.delete(itemPath(summary.id))).status).toBe(204);
    expect(await passkeyRow(summary.id)).toBeUndefined();
    expect((await client.get(PASSKEY_PATHS.list)).json).toEqual([]);
    const after = await passkeySignIn(authenticator);
    expect(after.res.status).toBe(400);
    expect(after.res.json.code).toBe('passkey_failed');
  });

  it('finishes a password login that waits for its second factor', async () => {
    const { client, account, authenticator } = await signedInUser();
    await enroll(client, authenticator);
    const intruder = await signedInUser();
    await enroll(intruder.client, intruder.authenticator);
    await db().updateTable('users').set({ two_factor_enabled: 1 }).where('id', '=', account.user.id).execute();

    const browser = new TestClient(server.baseUrl);
    const login = await browser.post('/api/auth/login', { email: account.email, password: account.password });
    expect(login.json).toEqual({ twoFAPending: true, tempToken: expect.any(String) });
    const { tempToken } = login.json;

    const options = await browser.post(PASSKEY_PATHS.secondFactorOptions, { tempToken });
    expect(options.status).toBe(200);
    expect(options.json.options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      ...authenticator.credentials.keys(),
    ]);
    // Another account's passkey does not finish this login (and the failure leaves the token).
    const wrongKey = intruder.authenticator.get({ ...options.json.options, allowCredentials: [] }, { origin });
    const refused = await browser.post(PASSKEY_PATHS.secondFactorVerify, {
      tempToken,
      challengeId: options.json.challengeId,
      response: wrongKey,
    });
    expect(refused.json.code).toBe('passkey_failed');
    expect(browser.cookies.size).toBe(0);

    const retry = await browser.post(PASSKEY_PATHS.secondFactorOptions, { tempToken });
    const response = authenticator.get(retry.json.options, { origin });
    const done = await browser.post(PASSKEY_PATHS.secondFactorVerify, {
      tempToken,
      challengeId: retry.json.challengeId,
      response,
    });
    expect(done.status, done.text).toBe(200);
    expect(done.json.user.id).toBe(account.user.id);
    expect(browser.cookies.get('refreshToken')).toBeTruthy();

    // The temp token was spent: it neither starts nor finishes another ceremony.
    expect((await browser.post(PASSKEY_PATHS.secondFactorOptions, { tempToken })).json.code).toBe('passkey_failed');
    const challengesBefore = await challengeCount();
    const again = await browser.post(PASSKEY_PATHS.secondFactorVerify, {
      tempToken,
      challengeId: retry.json.challengeId,
      response,
    });
    expect(again.json.code).toBe('passkey_failed');
    expect(await challengeCount()).toBe(challengesBefore);
  });

  it('refuses a banned account after a good assertion', async () => {
    const { client, account, authenticator } = await signedInUser();
    await enroll(client, authenticator);
    const until = new Date(Date.now() + 60_000).toISOString();
    await db().updateTable('users').set({ banned_until: until }).where('id', '=', account.user.id).execute();
    const { res } = await passkeySignIn(authenticator);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('banned');
  });
});

describeEachDialect('passkeys, limits and configuration', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { LOGIN_IP_MAX: '3', WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_RP_NAME: 'Confab Test' },
    });
  });
  afterAll(() => server.close());

  it('uses the configured relying party and limits sign-in attempts per IP', async () => {
    const client = new TestClient(server.baseUrl);
    await client.register();
    const options = await client.post(PASSKEY_PATHS.registerOptions);
    expect(options.json.rp).toEqual({ id: 'localhost', name: 'Confab Test' });

    const anonymous = new TestClient(server.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await anonymous.post(PASSKEY_PATHS.loginOptions)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const verify = await anonymous.post(PASSKEY_PATHS.loginVerify, { challengeId: 'x', response: {} });
    expect(verify.status).toBe(429);
  });
});
