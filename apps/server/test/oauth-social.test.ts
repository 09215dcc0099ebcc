import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SocialProvider } from '@confab/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FLOW_COOKIE, openFlow } from '../src/features/oauth/oauth-flow-cookie.js';
import { loadSecrets } from '../src/platform/secrets.js';
import { CookieJar } from './oauth-test-kit.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * The six OAuth providers with fixed public endpoints (arctic). No internet here, so nothing is
 * exchanged: the redirect to each real authorize URL (client, callback, scopes, state, PKCE,
 * nonce) and a callback with a bad state, which must be refused before any call goes out.
 */
const DOMAIN = 'https://chat.example.test';
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const EXPECTED: Record<Exclude<SocialProvider, 'openid'>, { authorize: string; scope: string; pkce: boolean }> = {
  google: { authorize: 'https://accounts.google.com/o/oauth2/v2/auth', scope: 'openid profile email', pkce: true },
  discord: { authorize: 'https://discord.com/oauth2/authorize', scope: 'identify email', pkce: true },
  github: { authorize: 'https://github.com/login/oauth/authorize', scope: 'read:user user:email', pkce: true },
  facebook: { authorize: 'https://www.facebook.com/v16.0/dialog/oauth', scope: 'public_profile email', pkce: false },
  linkedin: {
    authorize: 'https://www.linkedin.com/oauth/v2/authorization',
    scope: 'openid profile email',
    pkce: false,
  },
  apple: { authorize: 'https://appleid.apple.com/auth/authorize', scope: 'name email', pkce: false },
};

describeEachDialect('social sign-in providers (arctic)', (dialect) => {
  let server: TestServer;
  let keyDir: string;
  let key: string;

  beforeAll(async () => {
    keyDir = mkdtempSync(join(tmpdir(), 'confab-apple-'));
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    writeFileSync(join(keyDir, 'AuthKey.p8'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const env: Record<string, string> = { ALLOW_SOCIAL_LOGIN: 'true', DOMAIN_SERVER: DOMAIN };
    for (const p of ['GOOGLE', 'DISCORD', 'GITHUB', 'FACEBOOK', 'LINKEDIN']) {
      env[`${p}_CLIENT_ID`] = `${p.toLowerCase()}-client`;
      env[`${p}_CLIENT_SECRET`] = `${p.toLowerCase()}-secret`;
    }
    Object.assign(env, {
      APPLE_CLIENT_ID: 'apple-client',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY_PATH: join(keyDir, 'AuthKey.p8'),
    });
    server = await startTestServer({ dialect, env });
    key = loadSecrets(server.env).credsKey;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(keyDir, { recursive: true, force: true });
  });

  for (const [provider, expected] of Object.entries(EXPECTED) as [
    Exclude<SocialProvider, 'openid'>,
    (typeof EXPECTED)['google'],
  ][]) {
    it(`${provider}: redirects to its authorize URL with state${expected.pkce ? ' and PKCE' : ''}, the checks sealed in a cookie`, async () => {
      const jar = new CookieJar();
      const response = await jar.fetch(`${server.baseUrl}/oauth/${provider}`);
      expect(response.status).toBe(302);
      const url = new URL(response.headers.get('location')!);
      expect(`${url.origin}${url.pathname}`).toBe(expected.authorize);
      expect(url.searchParams.get('client_id')).toBe(`${provider}-client`);
      expect(url.searchParams.get('redirect_uri')).toBe(`${DOMAIN}/oauth/${provider}/callback`);
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('scope')).toBe(expected.scope);

      const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${FLOW_COOKIE}=`))!;
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/Path=\/oauth(;|$)/);
      expect(setCookie).toMatch(provider === 'apple' ? /SameSite=None/i : /SameSite=Lax/i);
      if (provider === 'apple') expect(setCookie).toMatch(/Secure/i);

      const checks = openFlow(decodeURIComponent(jar.cookies.get(FLOW_COOKIE)!), provider, key)!;
      expect(url.searchParams.get('state')).toBe(checks.state);
      if (expected.pkce) {
        expect(url.searchParams.get('code_challenge_method')).toBe('S256');
        expect(url.searchParams.get('code_challenge')).toBe(challengeOf(checks.codeVerifier));
      } else {
        expect(url.searchParams.has('code_challenge')).toBe(false);
      }
      if (provider === 'apple') {
        expect(url.searchParams.get('response_mode')).toBe('form_post');
        expect(url.searchParams.get('nonce')).toBe(checks.nonce);
      }
      if (provider === 'google') expect(url.searchParams.get('nonce')).toBe(checks.nonce);

      // Two starts never share a state.
      const again = new URL(
        (await fetch(`${server.baseUrl}/oauth/${provider}`, { redirect: 'manual' })).headers.get('location')!,
      );
      expect(again.searchParams.get('state')).not.toBe(checks.state);
    });

    it(`${provider}: refuses a callback with a bad state before any exchange`, async () => {
      const jar = new CookieJar();
      await jar.fetch(`${server.baseUrl}/oauth/${provider}`);
      const callback = `${server.baseUrl}/oauth/${provider}/callback`;
      const params = new URLSearchParams({ code: 'a-code', state: 'not-the-state' });
      const response =
        provider === 'apple'
          ? await jar.fetch(callback, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: params.toString(),
            })
          : await jar.fetch(`${callback}?${params}`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${DOMAIN}/login?redirect=false&error=oauth_state_invalid`);
      // The attempt is spent: the flow cookie is cleared.
      expect(jar.cookies.has(FLOW_COOKIE)).toBe(false);
    });
  }

  for (const provider of ['google', 'facebook'] as const) {
    it(`GET /api/auth/${provider} (SPEC 7) starts the same flow as /oauth/${provider}`, async () => {
      const jar = new CookieJar();
      const response = await jar.fetch(`${server.baseUrl}/api/auth/${provider}`);
      expect(response.status).toBe(302);
      const url = new URL(response.headers.get('location')!);
      const viaOauth = new URL(
        (await fetch(`${server.baseUrl}/oauth/${provider}`, { redirect: 'manual' })).headers.get('location')!,
      );
      expect(`${url.origin}${url.pathname}`).toBe(`${viaOauth.origin}${viaOauth.pathname}`);
      for (const name of ['client_id', 'redirect_uri', 'scope', 'response_type', 'code_challenge_method']) {
        expect(url.searchParams.get(name), name).toBe(viaOauth.searchParams.get(name));
      }
      expect(url.searchParams.get('redirect_uri')).toBe(`${DOMAIN}/oauth/${provider}/callback`);
      // Its checks are sealed where the callback reads them, so the flow it started can finish.
      const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${FLOW_COOKIE}=`))!;
      expect(setCookie).toMatch(/Path=\/oauth(;|$)/);
      const checks = openFlow(decodeURIComponent(jar.cookies.get(FLOW_COOKIE)!), provider, key)!;
      expect(url.searchParams.get('state')).toBe(checks.state);
      const callback = await jar.fetch(`${server.baseUrl}/oauth/${provider}/callback?code=x&state=wrong`);
      expect(callback.headers.get('location')).toBe(`${DOMAIN}/login?redirect=false&error=oauth_state_invalid`);
    });
  }

  it('refuses a callback of one provider carrying the flow cookie of another', async () => {
    const jar = new CookieJar();
    const start = await jar.fetch(`${server.baseUrl}/oauth/google`);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const response = await jar.fetch(`${server.baseUrl}/oauth/discord/callback?code=x&state=${state}`);
    expect(response.headers.get('location')).toBe(`${DOMAIN}/login?redirect=false&error=oauth_state_invalid`);
  });

  it('flags every configured provider in the startup config, and not OpenID', async () => {
    const config = await (await fetch(`${server.baseUrl}/api/config`)).json();
    expect(config).toMatchObject({
      googleLoginEnabled: true,
      discordLoginEnabled: true,
      githubLoginEnabled: true,
      facebookLoginEnabled: true,
      linkedinLoginEnabled: true,
      appleLoginEnabled: true,
      openidLoginEnabled: false,
    });
  });
});

describeEachDialect('GitHub Enterprise sign-in', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: {
        ALLOW_SOCIAL_LOGIN: 'true',
        DOMAIN_SERVER: DOMAIN,
        GITHUB_CLIENT_ID: 'ghe-client',
        GITHUB_CLIENT_SECRET: 'ghe-secret',
        GITHUB_ENTERPRISE_BASE_URL: 'https://github.corp.example/',
        GITHUB_CALLBACK_URL: '/oauth/github/callback',
      },
    });
  });
  afterAll(() => server.close());

  it('sends the browser to the enterprise server', async () => {
    const response = await fetch(`${server.baseUrl}/oauth/github`, { redirect: 'manual' });
    const url = new URL(response.headers.get('location')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://github.corp.example/login/oauth/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('answers a provider it has not configured with a 404 that says so, on every sign-in path', async () => {
    for (const [path, name] of [
      ['/api/auth/google', 'Google'],
      ['/api/auth/facebook', 'Facebook'],
      ['/oauth/google', 'Google'],
      ['/oauth/discord/callback?code=x&state=y', 'Discord'],
    ] as const) {
      const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({
        code: 'not_found',
        message: `Sign-in with ${name} is not configured on this server.`,
      });
    }
    // A name no provider has is an unknown route, as before.
    const unknown = await fetch(`${server.baseUrl}/oauth/myspace`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('Route GET /oauth/myspace not found');
  });
});
