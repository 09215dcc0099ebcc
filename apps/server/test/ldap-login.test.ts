import { ldapTestServerUnavailable, startLdapTestServer, type LdapTestServer } from '@confab/testkit';
import { TWO_FACTOR } from '@confab/shared';
import { Client } from 'ldapts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/env.js';
import { verifyDirectoryPassword } from '../src/features/ldap/ldap-directory.js';
import { ldapSettingsFromEnv, type LdapSettings } from '../src/features/ldap/ldap-settings.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

// Directory sign-in (issue 40) against a real slapd (scripts/ensure-ldap.sh installs it).
const unavailable = ldapTestServerUnavailable();
if (unavailable && process.env.CI) throw new Error(`The LDAP tests must run in CI: ${unavailable}`);
if (unavailable) console.warn(`[ldap] Skipping the directory sign-in tests: ${unavailable}`);

const USERS = {
  ada: { uid: 'ada', password: 'analytical-engine', cn: 'Ada Lovelace', givenName: 'Ada', mail: 'ada@confab.test' },
  grace: {
    uid: 'grace',
    password: 'compiler-1952',
    cn: 'Grace B. Hopper',
    givenName: 'Grace',
    sn: 'Hopper',
    mail: 'grace@confab.test',
  },
  // Outside ou=people: the search base never finds her.
  eve: { uid: 'eve', password: 'outside-the-base', cn: 'Eve Outsider', mail: 'eve@confab.test', ou: 'contractors' },
  // No mail attribute at all.
  linus: { uid: 'linus', password: 'no-mail-here', cn: 'Linus Nomail', givenName: 'Linus' },
  // Their directory address is a local account's.
  mallory: { uid: 'mallory', password: 'same-address', cn: 'Mallory Taken', mail: 'taken@confab.test' },
  // Only for the rate limit: her name's failures do not touch the others.
  rita: { uid: 'rita', password: 'rate-limited-1', cn: 'Rita Limit', mail: 'rita@confab.test' },
};

const SILENT = { warn: () => undefined };
const period = TWO_FACTOR.periodSeconds;
const currentStep = () => Math.floor(Date.now() / 1000 / period);
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * period });

describe.skipIf(Boolean(unavailable))('directory sign-in (LDAP)', () => {
  let ldap: LdapTestServer;
  beforeAll(async () => {
    ldap = await startLdapTestServer({ users: Object.values(USERS) });
  });
  afterAll(async () => {
    await ldap?.close();
  });

  const ldapEnv = (extra: Record<string, string> = {}) => ({
    LDAP_URL: ldap.url,
    LDAP_BIND_DN: ldap.bindDn,
    LDAP_BIND_CREDENTIALS: ldap.bindPassword,
    LDAP_USER_SEARCH_BASE: ldap.peopleBase,
    ...extra,
  });
  const settingsOf = (extra: Record<string, string> = {}): LdapSettings =>
    ldapSettingsFromEnv(readEnv(ldapEnv(extra)))!;
  const login = (client: TestClient, email: string, password: string) =>
    client.post('/api/auth/login', { email, password });

  describe('the directory check itself', () => {
    it('never binds with an empty password, although this directory would accept it as anonymous', async () => {
      const raw = new Client({ url: ldap.url });
      await raw.bind(`uid=ada,${ldap.peopleBase}`, '');
      await raw.unbind();
      expect(await verifyDirectoryPassword(settingsOf(), 'ada@confab.test', '', SILENT)).toBeUndefined();
      expect(await verifyDirectoryPassword(settingsOf(), 'ada@confab.test', USERS.ada.password, SILENT)).toMatchObject({
        dn: `uid=ada,${ldap.peopleBase}`,
      });
    });

    it('answers directory_unavailable when nothing listens at LDAP_URL', async () => {
      const down = { ...settingsOf(), url: 'ldap://127.0.0.1:9' };
      await expect(verifyDirectoryPassword(down, 'ada@confab.test', USERS.ada.password, SILENT)).rejects.toMatchObject({
        code: 'directory_unavailable',
        status: 503,
      });
    });
  });

  describeEachDialect('LDAP login by email', (dialect) => {
    let server: TestServer;
    let broken: TestServer;
    beforeAll(async () => {
      [server, broken] = await Promise.all([
        startTestServer({ dialect, env: ldapEnv() }),
        // A service account the directory refuses: a configuration fault, never a wrong password.
        startTestServer({ dialect, env: ldapEnv({ LDAP_BIND_CREDENTIALS: 'not-the-password' }) }),
      ]);
    });
    afterAll(async () => {
      await Promise.all([server?.close(), broken?.close()]);
    });

    it('tells the web in LibreChat shape', async () => {
      const config = await new TestClient(server.baseUrl).get('/api/config');
      expect(config.json.ldap).toEqual({ enabled: true, username: false });
    });

    it('creates the account from the directory on the first sign-in and links it on the next', async () => {
      const first = await login(new TestClient(server.baseUrl), 'Ada@Confab.test', USERS.ada.password);
      expect(first.status).toBe(200);
      expect(first.json.token).toEqual(expect.any(String));
      expect(first.json.user).toMatchObject({
        email: 'ada@confab.test',
        name: 'Ada Lovelace',
        username: 'Ada',
        provider: 'ldap',
        emailVerified: true,
        hasPassword: false,
      });
      // A local edit of what the directory keeps is undone at the next sign-in.
      await server.db.kysely
        .updateTable('users')
        .set({ name: 'Someone Else' })
        .where('id', '=', first.json.user.id)
        .execute();
      const again = new TestClient(server.baseUrl);
      const second = await login(again, 'ada@confab.test', USERS.ada.password);
      expect(second.status).toBe(200);
      expect(second.json.user).toMatchObject({ id: first.json.user.id, name: 'Ada Lovelace' });
      again.token = second.json.token;
      expect((await again.get('/api/user')).json).toMatchObject({ id: first.json.user.id });
      const identities = await server.db.kysely
        .selectFrom('user_identities')
        .selectAll()
        .where('provider', '=', 'ldap')
        .execute();
      expect(identities.filter((row) => row.user_id === first.json.user.id).map((row) => row.subject)).toEqual(['ada']);
      const accounts = await server.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'ada@confab.test')
        .execute();
      expect(accounts).toHaveLength(1);
    });

    it('continues with the second factor when the directory account turned it on', async () => {
      const client = new TestClient(server.baseUrl);
      const signed = await login(client, 'ada@confab.test', USERS.ada.password);
      client.token = signed.json.token;
      const enabled = await client.get('/api/auth/2fa/enable');
      expect(enabled.status).toBe(200);
      const secret = new URL(enabled.json.otpauthUrl).searchParams.get('secret') ?? '';
      const confirmed = await client.post('/api/auth/2fa/confirm', { token: await codeAt(secret, currentStep() - 1) });
      expect(confirmed.status).toBe(200);
      const pending = await login(new TestClient(server.baseUrl), 'ada@confab.test', USERS.ada.password);
      expect(pending.status).toBe(200);
      expect(pending.json).toEqual({ twoFAPending: true, tempToken: expect.any(String) });
      const verified = await new TestClient(server.baseUrl).post('/api/auth/2fa/verify-temp', {
        tempToken: pending.json.tempToken,
        token: await codeAt(secret, currentStep()),
      });
      expect(verified.status).toBe(200);
      expect(verified.json.user).toMatchObject({ email: 'ada@confab.test', twoFactorEnabled: true });
    });

    it('refuses a wrong password, an unknown name and an empty password with one same answer', async () => {
      const client = new TestClient(server.baseUrl);
      const wrong = await login(client, 'ada@confab.test', 'not-her-password');
      const unknown = await login(client, 'nobody@confab.test', 'whatever-it-is');
      const empty = await login(client, 'ada@confab.test', '');
      for (const res of [wrong, unknown, empty]) {
        expect(res.status).toBe(404);
        expect(res.json).toEqual(wrong.json);
        expect(res.json.code).toBe('invalid_credentials');
        expect(client.cookies.size).toBe(0);
      }
    });

    it('refuses an entry outside the search base, even with its right password', async () => {
      const res = await login(new TestClient(server.baseUrl), 'eve@confab.test', USERS.eve.password);
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('invalid_credentials');
      const eve = await server.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'eve@confab.test')
        .execute();
      expect(eve).toHaveLength(0);
    });

    it('escapes the typed value: filter syntax never widens the search', async () => {
      const client = new TestClient(server.baseUrl);
      // Unescaped, `mail=ada*` finds Ada alone and her password would sign in.
      for (const typed of ['ada*', '*', 'ada@confab.test)(mail=*', '*)(uid=*', 'ada@confab.test\\2a']) {
        const res = await login(client, typed, USERS.ada.password);
        expect(res.status, typed).toBe(404);
        expect(res.json.code).toBe('invalid_credentials');
      }
    });

    it('refuses a directory email that belongs to a local account, which stays as it was', async () => {
      const local = new TestClient(server.baseUrl);
      const registered = await local.register({ email: 'taken@confab.test', password: 'local password 1' });
      const res = await login(new TestClient(server.baseUrl), 'taken@confab.test', USERS.mallory.password);
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('email_taken');
      const row = await server.db.kysely
        .selectFrom('users')
        .selectAll()
        .where('id', '=', registered.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ provider: 'local', email: 'taken@confab.test' });
      expect(
        await server.db.kysely.selectFrom('user_identities').selectAll().where('user_id', '=', row.id).execute(),
      ).toEqual([]);
      // As in LibreChat, the directory alone judges passwords: the local one no longer signs in.
      const byLocalPassword = await login(new TestClient(server.baseUrl), 'taken@confab.test', 'local password 1');
      expect(byLocalPassword.status).toBe(404);
    });

    it('refuses a banned directory account with 403 banned', async () => {
      const first = await login(new TestClient(server.baseUrl), 'grace@confab.test', USERS.grace.password);
      expect(first.status).toBe(200);
      const until = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      await server.db.kysely
        .updateTable('users')
        .set({ banned_until: until })
        .where('id', '=', first.json.user.id)
        .execute();
      const banned = await login(new TestClient(server.baseUrl), 'grace@confab.test', USERS.grace.password);
      expect(banned.status).toBe(403);
      expect(banned.json.code).toBe('banned');
    });

    it('counts failures per name as the local login does (LOGIN_MAX)', async () => {
      const client = new TestClient(server.baseUrl);
      for (let i = 0; i < server.env.LOGIN_MAX; i += 1) {
        expect((await login(client, 'rita@confab.test', 'wrong-guess')).status).toBe(404);
      }
      const limited = await login(client, 'rita@confab.test', USERS.rita.password);
      expect(limited.status).toBe(429);
      expect(limited.json.code).toBe('rate_limited');
    });

    it('answers 503 directory_unavailable when the directory refuses the service account', async () => {
      const res = await login(new TestClient(broken.baseUrl), 'ada@confab.test', USERS.ada.password);
      expect(res.status).toBe(503);
      expect(res.json.code).toBe('directory_unavailable');
      expect(JSON.stringify(res.json)).not.toContain('not-the-password');
    });
  });

  describeEachDialect('LDAP login by user name', (dialect) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        env: ldapEnv({
          LDAP_LOGIN_USES_USERNAME: 'true',
          LDAP_SEARCH_FILTER: '(&(objectClass=inetOrgPerson)(uid={{username}}))',
          LDAP_FULL_NAME: 'givenName,sn',
          LDAP_USERNAME: 'uid',
        }),
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('tells the web to ask for a user name', async () => {
      expect((await new TestClient(server.baseUrl).get('/api/config')).json.ldap).toEqual({
        enabled: true,
        username: true,
      });
    });

    it('signs in by uid, with the configured name attributes', async () => {
      const res = await login(new TestClient(server.baseUrl), 'grace', USERS.grace.password);
      expect(res.status).toBe(200);
      expect(res.json.user).toMatchObject({ email: 'grace@confab.test', name: 'Grace Hopper', username: 'grace' });
      const byEmail = await login(new TestClient(server.baseUrl), 'grace@confab.test', USERS.grace.password);
      expect(byEmail.status).toBe(404);
      expect(byEmail.json).toEqual({ code: 'invalid_credentials', message: 'Username or password is incorrect.' });
    });

    it('gives an entry without an email attribute an address made from its id', async () => {
      const res = await login(new TestClient(server.baseUrl), 'linus', USERS.linus.password);
      expect(res.status).toBe(200);
      expect(res.json.user).toMatchObject({ email: 'linus@ldap.local', name: 'Linus Nomail', username: 'linus' });
    });

    it('still escapes: a wildcard name finds nobody', async () => {
      const res = await login(new TestClient(server.baseUrl), 'gra*', USERS.grace.password);
      expect(res.status).toBe(404);
    });
  });
});
