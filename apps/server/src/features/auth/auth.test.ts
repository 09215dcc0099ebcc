import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';

async function tableCounts(server: TestServer) {
  const users = await server.db.kysely
    .selectFrom('users')
    .select((e) => e.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const sessions = await server.db.kysely
    .selectFrom('sessions')
    .select((e) => e.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { users: Number(users.n), sessions: Number(sessions.n) };
}

const strong = 'correct horse battery';
const registration = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: `ada-${Math.random().toString(36).slice(2)}@example.com`,
  password: strong,
  confirm_password: strong,
  ...over,
});

describeEachDialect('auth', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { LOGIN_MAX: '5', LOGIN_IP_MAX: '1000' } });
  });
  afterAll(() => server.close());

  describe('register', () => {
    it('makes the first user ADMIN and the next ones USER, and signs them in', async () => {
      const first = new TestClient(server.baseUrl);
      const a = await first.register();
      expect(a.user.role).toBe('ADMIN');
      expect(a.token).toMatch(/^ey/);
      expect(first.cookies.get('refreshToken')).toBeTruthy();
      expect(Object.keys(a.user)).not.toEqual(
        expect.arrayContaining(['password', 'password_hash', 'totp_secret', 'backup_codes']),
      );
      expect(JSON.stringify(a.user)).not.toMatch(/argon2/);
      const b = await new TestClient(server.baseUrl).register();
      expect(b.user.role).toBe('USER');
    });

    it('accepts every SPEC 5 limit at its bound', async () => {
      const client = new TestClient(server.baseUrl);
      const pw = 'x'.repeat(128);
      const email = `${'b'.repeat(108 - 4)}${Math.random().toString(36).slice(2, 6)}@example.com`;
      expect(email).toHaveLength(120);
      const res = await client.post(
        '/api/auth/register',
        registration({ name: 'n'.repeat(80), username: 'u'.repeat(80), email, password: pw, confirm_password: pw }),
      );
      expect(res.status).toBe(200);
      const min = await client.post(
        '/api/auth/register',
        registration({ name: 'abc', username: 'ab', password: '12345678', confirm_password: '12345678' }),
      );
      expect(min.status).toBe(200);
    });

    it.each([
      ['name too short', { name: 'ab' }, 'name'],
      ['name too long', { name: 'n'.repeat(81) }, 'name'],
      ['username too short', { username: 'u' }, 'username'],
      ['username too long', { username: 'u'.repeat(81) }, 'username'],
      ['email too long', { email: `${'e'.repeat(109)}@example.com` }, 'email'],
      ['email malformed', { email: 'not-an-email' }, 'email'],
      ['email missing', { email: undefined }, 'email'],
      ['password too short', { password: '1234567', confirm_password: '1234567' }, 'password'],
      ['password too long', { password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) }, 'password'],
      ['passwords differ', { confirm_password: 'something else' }, 'confirm_password'],
    ])('refuses %s with a validation error and stores nothing', async (_label, over, field) => {
      const before = await tableCounts(server);
      const res = await new TestClient(server.baseUrl).post('/api/auth/register', registration(over));
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_error');
      expect(res.json.issues.map((i: { path: string }) => i.path)).toContain(field);
      expect(await tableCounts(server)).toEqual(before);
    });

    it('refuses a taken email (in any letter case) with 409', async () => {
      const client = new TestClient(server.baseUrl);
      const { email } = await client.register();
      const before = await tableCounts(server);
      const res = await new TestClient(server.baseUrl).post(
        '/api/auth/register',
        registration({ email: email.toUpperCase() }),
      );
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('email_taken');
      expect(await tableCounts(server)).toEqual(before);
    });

    it('drops unknown fields such as role instead of trusting them', async () => {
      const res = await new TestClient(server.baseUrl).post(
        '/api/auth/register',
        registration({ role: 'ADMIN', balance: 1e9 }),
      );
      expect(res.status).toBe(200);
      expect(res.json.user.role).toBe('USER');
    });
  });

  describe('bad bodies', () => {
    it('answers malformed JSON with 400 invalid_json', async () => {
      const before = await tableCounts(server);
      const res = await new TestClient(server.baseUrl).post('/api/auth/login', undefined, {
        raw: '{"email": "a@b.co",',
      });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('invalid_json');
      expect(await tableCounts(server)).toEqual(before);
    });

    it('answers an oversized body with 413 before reading it all', async () => {
      const before = await tableCounts(server);
      const huge = JSON.stringify(registration({ name: 'x'.repeat(3 * 1024 * 1024) }));
      const res = await new TestClient(server.baseUrl).post('/api/auth/register', undefined, { raw: huge });
      expect(res.status).toBe(413);
      expect(res.json.code).toBe('payload_too_large');
      expect(await tableCounts(server)).toEqual(before);
    });

    it('answers a non-object body with a validation error', async () => {
      const res = await new TestClient(server.baseUrl).post('/api/auth/login', undefined, { raw: '[1,2,3]' });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_error');
    });
  });

  describe('login', () => {
    it('signs in with the right password, whatever the email case', async () => {
      const { email, password } = await new TestClient(server.baseUrl).register();
      const client = new TestClient(server.baseUrl);
      const res = await client.post('/api/auth/login', { email: email.toUpperCase(), password });
      expect(res.status).toBe(200);
      expect(res.json.user.email).toBe(email);
      expect(client.cookies.get('refreshToken')).toBeTruthy();
      const cookie = res.headers.getSetCookie().join(';');
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
    });

    it('refuses a wrong password and an unknown email with the same 404, as LibreChat does', async () => {
      const { email } = await new TestClient(server.baseUrl).register();
      const before = await tableCounts(server);
      const wrong = await new TestClient(server.baseUrl).post('/api/auth/login', { email, password: 'wrong password' });
      const unknown = await new TestClient(server.baseUrl).post('/api/auth/login', {
        email: 'nobody@example.com',
        password: 'wrong password',
      });
      expect(wrong.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(wrong.json).toEqual(unknown.json);
      expect(wrong.json.code).toBe('invalid_credentials');
      expect(await tableCounts(server)).toEqual(before);
    });

    it.each([
      ['email too long', { email: `${'e'.repeat(109)}@example.com`, password: strong }],
      ['password too short', { email: 'a@example.com', password: '1234567' }],
      ['password too long', { email: 'a@example.com', password: 'p'.repeat(129) }],
      ['missing fields', {}],
    ])('refuses %s with 400', async (_label, body) => {
      const res = await new TestClient(server.baseUrl).post('/api/auth/login', body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_error');
    });

    it('limits failed attempts per email with 429, and the right password is refused too while limited', async () => {
      const { email, password } = await new TestClient(server.baseUrl).register();
      const client = new TestClient(server.baseUrl);
      for (let i = 0; i < 5; i++) {
        expect((await client.post('/api/auth/login', { email, password: 'wrong password' })).status).toBe(404);
      }
      const limited = await client.post('/api/auth/login', { email, password });
      expect(limited.status).toBe(429);
      expect(limited.json.code).toBe('rate_limited');
    });

    it('refuses a banned user with 403', async () => {
      const { email, password, user } = await new TestClient(server.baseUrl).register();
      await server.db.kysely
        .updateTable('users')
        .set({ banned_until: new Date(Date.now() + 60_000).toISOString() })
        .where('id', '=', user.id)
        .execute();
      const res = await new TestClient(server.baseUrl).post('/api/auth/login', { email, password });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('banned');
    });
  });

  describe('session', () => {
    it('GET /api/user needs a valid bearer token', async () => {
      const client = new TestClient(server.baseUrl);
      const { email } = await client.register();
      const me = await client.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.json.email).toBe(email);
      expect((await client.get('/api/user', { headers: { authorization: 'Bearer nonsense' } })).status).toBe(401);
      expect((await new TestClient(server.baseUrl).get('/api/user')).status).toBe(401);
    });

    it('refuses an expired access token with token_expired', async () => {
      const client = new TestClient(server.baseUrl);
      const { user } = await client.register();
      const secrets = JSON.parse((await import('node:fs')).readFileSync(`${server.dataDir}/secrets.json`, 'utf8'));
      const session = await server.db.kysely
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      const past = Math.floor(Date.now() / 1000) - 3600;
      const expired = await new SignJWT({ sid: session.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('confab')
        .setIssuedAt(past - 900)
        .setExpirationTime(past)
        .sign(new TextEncoder().encode(secrets.jwtSecret));
      const res = await client.get('/api/user', { headers: { authorization: `Bearer ${expired}` } });
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('token_expired');
    });

    it('refresh rotates the token; reusing an old one revokes the whole family', async () => {
      const client = new TestClient(server.baseUrl);
      await client.register();
      const first = client.cookies.get('refreshToken');
      const r1 = await client.post('/api/auth/refresh');
      expect(r1.status).toBe(200);
      expect(r1.json.token).toBeTruthy();
      const second = client.cookies.get('refreshToken');
      expect(second).not.toBe(first);

      // An attacker replays the first token.
      const attacker = new TestClient(server.baseUrl);
      attacker.cookies.set('refreshToken', first!);
      const replay = await attacker.post('/api/auth/refresh');
      // 403, not 401: a client that refreshes on every 401 must not refresh because a refresh failed.
      expect(replay.status).toBe(403);

      // The legitimate holder's newer token is now dead too, and so is its access token.
      const after = await client.post('/api/auth/refresh');
      expect(after.status).toBe(403);
      client.token = r1.json.token;
      expect((await client.get('/api/user')).status).toBe(401);
    });

    it('refresh without a cookie answers without a token', async () => {
      const res = await new TestClient(server.baseUrl).post('/api/auth/refresh');
      expect(res.status).toBe(200);
      expect(res.json.token).toBeUndefined();
    });

    it('logout ends the session: the refresh cookie and the access token stop working', async () => {
      const client = new TestClient(server.baseUrl);
      await client.register();
      const cookie = client.cookies.get('refreshToken');
      const out = await client.post('/api/auth/logout');
      expect(out.status).toBe(200);
      expect(client.cookies.get('refreshToken')).toBeUndefined();
      expect((await client.get('/api/user')).status).toBe(401);
      const replay = new TestClient(server.baseUrl);
      replay.cookies.set('refreshToken', cookie!);
      expect((await replay.post('/api/auth/refresh')).status).toBe(403);
    });

    it('logout with only the bearer token (a client without cookies) ends that session and no other', async () => {
      const client = new TestClient(server.baseUrl);
      await client.register();
      const cookie = client.cookies.get('refreshToken');
      const other = new TestClient(server.baseUrl);
      await other.register();
      client.cookies.clear();
      // A bodyless POST with a JSON content type, as axios sends it.
      const out = await client.request('POST', '/api/auth/logout', undefined, {
        headers: { 'content-type': 'application/json' },
      });
      expect(out.status).toBe(200);
      expect((await client.get('/api/user')).status).toBe(401);
      const replay = new TestClient(server.baseUrl);
      replay.cookies.set('refreshToken', cookie!);
      expect((await replay.post('/api/auth/refresh')).status).toBe(403);
      expect((await other.get('/api/user')).status).toBe(200);
      // A forged or garbled bearer logs nobody out and is not an error.
      expect(
        (
          await new TestClient(server.baseUrl).post('/api/auth/logout', undefined, {
            headers: { authorization: 'Bearer not.a.token' },
          })
        ).status,
      ).toBe(200);
      expect((await other.get('/api/user')).status).toBe(200);
    });
  });
});

describe('auth flags', () => {
  it('honours registration and email login being off', async () => {
    const server = await startTestServer({ env: { ALLOW_REGISTRATION: 'false', ALLOW_EMAIL_LOGIN: 'false' } });
    try {
      const client = new TestClient(server.baseUrl);
      const reg = await client.post('/api/auth/register', registration());
      expect(reg.status).toBe(403);
      expect(reg.json.code).toBe('registration_disabled');
      const login = await client.post('/api/auth/login', { email: 'a@example.com', password: strong });
      expect(login.status).toBe(403);
      expect(login.json.code).toBe('email_login_disabled');
      const config = await client.get('/api/config');
      expect(config.json.registrationEnabled).toBe(false);
      expect(config.json.emailLoginEnabled).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('registers only addresses at registration.allowedDomains when it names some, storing nothing else', async () => {
    const server = await startTestServer({
      config: { version: '1.2.5', registration: { allowedDomains: ['example.com'] } },
    });
    try {
      const client = new TestClient(server.baseUrl);
      const outsider = await client.post('/api/auth/register', { ...registration(), email: 'ada@elsewhere.org' });
      expect(outsider.status).toBe(403);
      expect(outsider.json.code).toBe('email_domain_not_allowed');
      const users = await server.db.kysely.selectFrom('users').select('email').execute();
      expect(users).toEqual([]);
      expect((await client.post('/api/auth/register', { ...registration(), email: 'ada@EXAMPLE.com' })).status).toBe(
        200,
      );
    } finally {
      await server.close();
    }
  });

  it('limits registrations per IP', async () => {
    const server = await startTestServer({ env: { REGISTER_MAX: '2' } });
    try {
      const client = new TestClient(server.baseUrl);
      expect((await client.post('/api/auth/register', registration())).status).toBe(200);
      expect((await client.post('/api/auth/register', registration())).status).toBe(200);
      const third = await client.post('/api/auth/register', registration());
      expect(third.status).toBe(429);
    } finally {
      await server.close();
    }
  });
});
