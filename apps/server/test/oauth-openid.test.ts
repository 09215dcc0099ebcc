import { generateCodeVerifier } from 'arctic';
import { startOidcTestProvider, type OidcTestAccount, type OidcTestProvider } from '@confab/testkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../src/features/auth/password.js';
import { FLOW_COOKIE, openFlow, sealFlow } from '../src/features/oauth/oauth-flow-cookie.js';
import { insertUser } from '../src/features/users/users.repo.js';
import { loadSecrets } from '../src/platform/secrets.js';
import { CookieJar, followCallback, freePort, walkToCallback } from './oauth-test-kit.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * Sign-in through a real OpenID Connect provider (oidc-provider, started here) over real HTTP:
 * the account a new identity gets, the same identity again, tampered state and PKCE, the rules
 * for an existing account with the same email, bans, two-factor, and the startup config.
 */
const CLIENT = { client_id: 'confab', client_secret: 'confab-secret' };

const accounts: OidcTestAccount[] = [
  {
    sub: 'ada',
    email: 'ada@idp.test',
    email_verified: true,
    name: 'Ada Lovelace',
    preferred_username: 'ada',
    picture: 'https://img.idp.test/ada.png',
  },
  { sub: 'tamper-state', email: 'state@idp.test', email_verified: true },
  { sub: 'tamper-pkce', email: 'pkce@idp.test', email_verified: true },
  { sub: 'local-twin', email: 'twin@example.com', email_verified: true },
  { sub: 'verified-twin', email: 'linked@example.com', email_verified: true },
  { sub: 'unverified-twin', email: 'unverified@example.com', email_verified: false },
  { sub: 'twofa-twin', email: 'twofa@example.com', email_verified: true },
  { sub: 'banned', email: 'banned@idp.test', email_verified: true },
  { sub: 'banned-twin', email: 'banned-local@example.com', email_verified: true },
  { sub: 'newcomer', email: 'newcomer@idp.test', email_verified: true },
];

const OPENID_ENV = {
  ALLOW_SOCIAL_LOGIN: 'true',
  OPENID_CLIENT_ID: CLIENT.client_id,
  OPENID_CLIENT_SECRET: CLIENT.client_secret,
  OPENID_SCOPE: 'openid profile email',
  OPENID_CALLBACK_URL: '/oauth/openid/callback',
};

describeEachDialect('OpenID sign-in against a real provider', (dialect) => {
  let provider: OidcTestProvider;
  /** Social registration on, linking off (the default). */
  let main: TestServer;
  /** ALLOW_SOCIAL_ACCOUNT_LINKING on. */
  let linking: TestServer;
  /** ALLOW_SOCIAL_REGISTRATION off. */
  let closed: TestServer;
  /** Registration on, but only at example.com (`registration.allowedDomains`). */
  let restricted: TestServer;

  async function start(port: number, env: Record<string, string>, config?: unknown): Promise<TestServer> {
    return startTestServer({
      dialect,
      port,
      ...(config ? { config } : {}),
      env: { ...OPENID_ENV, OPENID_ISSUER: provider.issuer, DOMAIN_SERVER: `http://127.0.0.1:${port}`, ...env },
    });
  }

  beforeAll(async () => {
    const ports = [await freePort(), await freePort(), await freePort(), await freePort()];
    provider = await startOidcTestProvider({
      clients: [{ ...CLIENT, redirect_uris: ports.map((port) => `http://127.0.0.1:${port}/oauth/openid/callback`) }],
      accounts,
    });
    main = await start(ports[0]!, {
      ALLOW_SOCIAL_REGISTRATION: 'true',
      OPENID_BUTTON_LABEL: 'Company SSO',
      OPENID_IMAGE_URL: 'https://sso.example.com/logo.svg',
      OPENID_AUTO_REDIRECT: 'true',
    });
    linking = await start(ports[1]!, { ALLOW_SOCIAL_REGISTRATION: 'true', ALLOW_SOCIAL_ACCOUNT_LINKING: 'true' });
    closed = await start(ports[2]!, { ALLOW_SOCIAL_REGISTRATION: 'false', ALLOW_SOCIAL_ACCOUNT_LINKING: 'true' });
    restricted = await start(
      ports[3]!,
      { ALLOW_SOCIAL_REGISTRATION: 'true' },
      { version: '1.2.5', registration: { allowedDomains: ['example.com'] } },
    );
  });
  afterAll(async () => {
    await Promise.all([main?.close(), linking?.close(), closed?.close(), restricted?.close()]);
    await provider?.close();
  });

  const usersWithEmail = (server: TestServer, email: string) =>
    server.db.kysely.selectFrom('users').selectAll().where('email', '=', email).execute();
  const identitiesOf = (server: TestServer, subject: string) =>
    server.db.kysely.selectFrom('user_identities').selectAll().where('subject', '=', subject).execute();

  async function signIn(server: TestServer, sub: string) {
    const jar = new CookieJar();
    const target = await followCallback(jar, await walkToCallback(jar, server.baseUrl, sub));
    return { jar, target };
  }

  /** The web app's silent refresh: the session the callback's cookie carries. */
  async function refresh(server: TestServer, jar: CookieJar) {
    const response = await jar.fetch(`${server.baseUrl}/api/auth/refresh`, { method: 'POST' });
    return {
      status: response.status,
      body: (await response.json()) as { token?: string; user?: { id: string; email: string } },
    };
  }

  async function localAccount(server: TestServer, email: string) {
    return insertUser(server.db.kysely, {
      name: 'Local Person',
      username: 'local',
      email,
      passwordHash: await hashPassword('correct horse battery'),
      role: 'USER',
      emailVerified: true,
    });
  }

  function expectRefused(target: URL, server: TestServer, code: string) {
    expect(`${target.origin}${target.pathname}`).toBe(`${server.baseUrl}/login`);
    expect(target.searchParams.get('redirect')).toBe('false');
    expect(target.searchParams.get('error')).toBe(code);
  }

  it('signs a new identity up through the provider login form and hands the session to the web app', async () => {
    const { jar, target } = await signIn(main, 'ada');
    expect(target.href).toBe(`${main.baseUrl}/c/new`);
    // The flow cookie is spent; the refresh cookie is what the web app's silent refresh uses.
    expect(jar.cookies.has(FLOW_COOKIE)).toBe(false);
    const session = await refresh(main, jar);
    expect(session.status).toBe(200);
    expect(session.body.user?.email).toBe('ada@idp.test');

    const [user, ...others] = await usersWithEmail(main, 'ada@idp.test');
    expect(others).toHaveLength(0);
    expect(user).toMatchObject({
      provider: 'openid',
      password_hash: null,
      email_verified: 1,
      name: 'Ada Lovelace',
      username: 'ada',
      avatar: 'https://img.idp.test/ada.png',
      two_factor_enabled: 0,
    });
    expect(await identitiesOf(main, 'ada')).toMatchObject([
      { provider: 'openid', user_id: user!.id, email: 'ada@idp.test' },
    ]);

    const me = await fetch(`${main.baseUrl}/api/user`, { headers: { authorization: `Bearer ${session.body.token}` } });
    expect(await me.json()).toMatchObject({ email: 'ada@idp.test', provider: 'openid', hasPassword: false });
  });

  it('signs the same identity in again without a second account', async () => {
    const first = (await usersWithEmail(main, 'ada@idp.test'))[0]!;
    const { jar, target } = await signIn(main, 'ada');
    expect(target.href).toBe(`${main.baseUrl}/c/new`);
    expect((await refresh(main, jar)).body.user?.id).toBe(first.id);
    expect(await usersWithEmail(main, 'ada@idp.test')).toHaveLength(1);
    expect(await identitiesOf(main, 'ada')).toHaveLength(1);
  });

  it('refuses a callback whose state was changed, and stores nothing', async () => {
    const jar = new CookieJar();
    const callback = new URL(await walkToCallback(jar, main.baseUrl, 'tamper-state'));
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    expectRefused(await followCallback(jar, callback.href), main, 'oauth_state_invalid');
    expect(await usersWithEmail(main, 'state@idp.test')).toHaveLength(0);
    expect(jar.cookies.has('refreshToken')).toBe(false);
  });

  it('refuses a callback replayed without its flow cookie (another browser)', async () => {
    const jar = new CookieJar();
    const callback = await walkToCallback(jar, main.baseUrl, 'tamper-state');
    expectRefused(await followCallback(new CookieJar(), callback), main, 'oauth_state_invalid');
    // The cookie is single use too: after a refused attempt the same browser cannot retry it.
    const original = await followCallback(jar, callback);
    expect(original.href).toBe(`${main.baseUrl}/c/new`);
    expectRefused(await followCallback(jar, callback), main, 'oauth_state_invalid');
  });

  it('refuses a flow whose PKCE verifier was swapped (the provider rejects the exchange), and stores nothing', async () => {
    const jar = new CookieJar();
    const callback = await walkToCallback(jar, main.baseUrl, 'tamper-pkce');
    const key = loadSecrets(main.env).credsKey;
    const checks = openFlow(decodeURIComponent(jar.cookies.get(FLOW_COOKIE)!), 'openid', key)!;
    expect(checks).toBeDefined();
    // Resealed with the server's own key, so only the verifier is wrong: the provider must refuse it.
    jar.cookies.set(
      FLOW_COOKIE,
      encodeURIComponent(sealFlow('openid', { ...checks, codeVerifier: generateCodeVerifier() }, key)),
    );
    expectRefused(await followCallback(jar, callback), main, 'oauth_failed');
    expect(await usersWithEmail(main, 'pkce@idp.test')).toHaveLength(0);
    expect(await identitiesOf(main, 'tamper-pkce')).toHaveLength(0);
  });

  it('refuses a flow cookie changed by the browser (it is sealed)', async () => {
    const jar = new CookieJar();
    const callback = await walkToCallback(jar, main.baseUrl, 'tamper-pkce');
    const sealed = decodeURIComponent(jar.cookies.get(FLOW_COOKIE)!);
    // The second-to-last character is swapped for another one (comparing it, not the last one:
    // when it already was the replacement, nothing changed and the flow went through, 1 run in 64).
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    jar.cookies.set(FLOW_COOKIE, encodeURIComponent(flipped));
    expectRefused(await followCallback(jar, callback), main, 'oauth_state_invalid');
    expect(await usersWithEmail(main, 'pkce@idp.test')).toHaveLength(0);
  });

  it('does not merge into an existing local account with the same email by default', async () => {
    const local = await localAccount(main, 'twin@example.com');
    const { jar, target } = await signIn(main, 'local-twin');
    expectRefused(target, main, 'oauth_account_exists');
    expect(jar.cookies.has('refreshToken')).toBe(false);
    expect(await identitiesOf(main, 'local-twin')).toHaveLength(0);
    expect(await usersWithEmail(main, 'twin@example.com')).toMatchObject([{ id: local.id, provider: 'local' }]);
  });

  it('links a local account when linking is on and the provider says the email is verified', async () => {
    const local = await localAccount(linking, 'linked@example.com');
    const { jar, target } = await signIn(linking, 'verified-twin');
    expect(target.href).toBe(`${linking.baseUrl}/c/new`);
    expect((await refresh(linking, jar)).body.user?.id).toBe(local.id);
    expect(await identitiesOf(linking, 'verified-twin')).toMatchObject([{ provider: 'openid', user_id: local.id }]);
    // The local account keeps its password and provider; it gains a way in, not a new owner.
    expect(await usersWithEmail(linking, 'linked@example.com')).toMatchObject([{ id: local.id, provider: 'local' }]);
    expect((await signIn(linking, 'verified-twin')).target.href).toBe(`${linking.baseUrl}/c/new`);
  });

  it('does not link when the provider does not vouch for the email, even with linking on', async () => {
    await localAccount(linking, 'unverified@example.com');
    const { target } = await signIn(linking, 'unverified-twin');
    expectRefused(target, linking, 'oauth_account_exists');
    expect(await identitiesOf(linking, 'unverified-twin')).toHaveLength(0);
  });

  it('sends a linked account with two-factor on to /login/2fa with a temp token, not into a session', async () => {
    const local = await localAccount(linking, 'twofa@example.com');
    await linking.db.kysely.updateTable('users').set({ two_factor_enabled: 1 }).where('id', '=', local.id).execute();
    const { jar, target } = await signIn(linking, 'twofa-twin');
    expect(`${target.origin}${target.pathname}`).toBe(`${linking.baseUrl}/login/2fa`);
    expect(target.searchParams.get('tempToken')).toBeTruthy();
    expect(jar.cookies.has('refreshToken')).toBe(false);
    const tokens = await linking.db.kysely
      .selectFrom('auth_tokens')
      .select(['kind', 'used_at'])
      .where('user_id', '=', local.id)
      .execute();
    expect(tokens).toEqual([{ kind: 'two_factor_temp', used_at: null }]);
  });

  it('refuses a banned account, known or linked, and stores nothing', async () => {
    await signIn(main, 'banned');
    const bannedUntil = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    await main.db.kysely
      .updateTable('users')
      .set({ banned_until: bannedUntil })
      .where('email', '=', 'banned@idp.test')
      .execute();
    const { jar, target } = await signIn(main, 'banned');
    expectRefused(target, main, 'banned');
    expect(jar.cookies.has('refreshToken')).toBe(false);

    const local = await localAccount(linking, 'banned-local@example.com');
    await linking.db.kysely
      .updateTable('users')
      .set({ banned_until: bannedUntil })
      .where('id', '=', local.id)
      .execute();
    expectRefused((await signIn(linking, 'banned-twin')).target, linking, 'banned');
    expect(await identitiesOf(linking, 'banned-twin')).toHaveLength(0);
  });

  it('refuses new accounts when ALLOW_SOCIAL_REGISTRATION is off, and stores nothing', async () => {
    const { target } = await signIn(closed, 'newcomer');
    expectRefused(target, closed, 'oauth_registration_disabled');
    expect(await usersWithEmail(closed, 'newcomer@idp.test')).toHaveLength(0);
    expect(await identitiesOf(closed, 'newcomer')).toHaveLength(0);
    // An existing, unlinkable account gets the very same answer: the refusal does not tell them apart.
    await localAccount(closed, 'unverified@example.com');
    expectRefused((await signIn(closed, 'unverified-twin')).target, closed, 'oauth_registration_disabled');
  });

  it('creates accounts only at registration.allowedDomains, storing nothing for others', async () => {
    expectRefused((await signIn(restricted, 'newcomer')).target, restricted, 'oauth_domain_not_allowed');
    expect(await usersWithEmail(restricted, 'newcomer@idp.test')).toHaveLength(0);
    expect(await identitiesOf(restricted, 'newcomer')).toHaveLength(0);
    const { jar } = await signIn(restricted, 'local-twin');
    expect((await refresh(restricted, jar)).body.user?.email).toBe('twin@example.com');
  });

  it('reports a sign-in cancelled at the provider', async () => {
    const jar = new CookieJar();
    const start = await jar.fetch(`${main.baseUrl}/oauth/openid`);
    const login = await jar.fetch(start.headers.get('location')!);
    const interaction = new URL(login.headers.get('location')!, provider.issuer);
    const abort = await jar.fetch(`${interaction.href}/abort`);
    const back = await jar.fetch(new URL(abort.headers.get('location')!, provider.issuer).href);
    const callback = new URL(back.headers.get('location')!, provider.issuer);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expectRefused(await followCallback(jar, callback.href), main, 'oauth_denied');
  });

  it('answers 404 JSON for unconfigured providers and unknown oauth paths', async () => {
    for (const path of [
      '/oauth/google',
      '/oauth/google/callback',
      '/oauth/github',
      '/oauth/nope',
      '/oauth/openid/other',
      '/oauth',
    ]) {
      const response = await fetch(`${main.baseUrl}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/json');
      expect(await response.json(), path).toMatchObject({ code: 'not_found' });
    }
  });

  it('puts the OpenID button, its label and image and the auto-redirect in the startup config', async () => {
    const config = await (await fetch(`${main.baseUrl}/api/config`)).json();
    expect(config).toMatchObject({
      openidLoginEnabled: true,
      openidLabel: 'Company SSO',
      openidImageUrl: 'https://sso.example.com/logo.svg',
      openidAutoRedirect: true,
      googleLoginEnabled: false,
      githubLoginEnabled: false,
      serverDomain: main.baseUrl,
    });
    const plain = await (await fetch(`${linking.baseUrl}/api/config`)).json();
    expect(plain).toMatchObject({
      openidLoginEnabled: true,
      openidLabel: 'Continue with OpenID',
      openidAutoRedirect: false,
    });
  });
});

describeEachDialect('OpenID sign-in switched off', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // A complete OpenID env but no ALLOW_SOCIAL_LOGIN: as in LibreChat, nothing is offered.
    server = await startTestServer({
      dialect,
      env: { ...OPENID_ENV, ALLOW_SOCIAL_LOGIN: '', OPENID_ISSUER: 'http://127.0.0.1:9', OPENID_AUTO_REDIRECT: 'true' },
    });
  });
  afterAll(() => server.close());

  it('offers no provider and answers its oauth paths with 404 JSON', async () => {
    const config = await (await fetch(`${server.baseUrl}/api/config`)).json();
    expect(config).toMatchObject({ openidLoginEnabled: false, openidAutoRedirect: false });
    const response = await fetch(`${server.baseUrl}/oauth/openid`, { redirect: 'manual' });
    expect(response.status).toBe(404);
  });
});
