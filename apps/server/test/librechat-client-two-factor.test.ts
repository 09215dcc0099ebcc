import { randomUUID } from 'node:crypto';
import { TWO_FACTOR } from '@confab/shared';
import { generate } from 'otplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dataService as service, failureOf, librechat, librechatAxios as axios } from './librechat-package.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * Two-factor sign-in through LibreChat's own client (`librechat-data-provider`): enable, confirm,
 * the login's second factor, verify, disable and backup-code regeneration, with every code
 * computed here from the otpauth secret. Each refusal is checked to change nothing stored.
 */
const password = 'correct horse battery';
const period = TWO_FACTOR.periodSeconds;

const currentStep = () => Math.floor(Date.now() / 1000 / period);
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * period });
const secretOf = (otpauthUrl: string) => new URL(otpauthUrl).searchParams.get('secret') ?? '';

describeEachDialect('two-factor sign-in through a LibreChat client (librechat-data-provider)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { APP_TITLE: 'Confab Test' } });
    axios.defaults.baseURL = server.baseUrl;
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server.close();
  });

  const userRow = (id: string) =>
    server.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function signUp(name: string) {
    const email = `${name.toLowerCase().replace(/\s/g, '-')}-${randomUUID()}@example.com`;
    const { token, user } = await service.register({ name, email, password, confirm_password: password });
    librechat.setTokenHeader(token);
    return { token, id: user.id as string, email };
  }

  /**
   * A right code the server has not accepted yet: the earliest step after the last one accepted
   * that is still inside the drift window. Each secret gets three (previous, current, next step).
   */
  async function freshCode(userId: string, secret: string): Promise<string> {
    // Too close to a step change the code could leave the window on its way.
    if (Date.now() % (period * 1000) > period * 1000 - 1500) await new Promise((r) => setTimeout(r, 1600));
    const now = currentStep();
    const last = (await userRow(userId)).totp_last_step;
    const step = Math.max(now - TWO_FACTOR.window, (last ?? -Infinity) + 1);
    if (step > now + TWO_FACTOR.window) throw new Error('No unused step left in the window for this secret');
    return codeAt(secret, step);
  }

  async function enableTwoFactor(userId: string) {
    const { otpauthUrl, backupCodes } = await service.enableTwoFactor();
    const secret = secretOf(otpauthUrl);
    await service.confirmTwoFactor({ token: await freshCode(userId, secret) });
    return { secret, backupCodes: backupCodes as string[] };
  }

  it('runs the whole lifecycle: enable, confirm, a login with its second factor, verify, disable', async () => {
    const { id, email } = await signUp('Two Factor');
    const { otpauthUrl, backupCodes } = await service.enableTwoFactor();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Confab%20Test:/);
    expect(new URL(otpauthUrl).searchParams.get('issuer')).toBe('Confab Test');
    expect(decodeURIComponent(otpauthUrl)).toContain(email);
    expect(backupCodes).toHaveLength(TWO_FACTOR.backupCodeCount);
    for (const code of backupCodes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const secret = secretOf(otpauthUrl);

    // Stored encrypted, codes only as hashes, and still off until confirmed.
    const pending = await userRow(id);
    expect(pending.two_factor_enabled).toBe(0);
    expect(pending.totp_secret).toMatch(/^v1:/);
    expect(pending.totp_secret).not.toContain(secret);
    for (const code of backupCodes) expect(pending.backup_codes).not.toContain(code);
    expect((await service.login({ email, password })).token).toBeTruthy();

    // LibreChat's dialog verifies the first code, then confirms with the same one.
    const first = await freshCode(id, secret);
    expect(await service.verifyTwoFactor({ token: first })).toEqual({ message: '2FA token verified' });
    expect(await service.confirmTwoFactor({ token: first })).toEqual({ message: '2FA is now enabled' });
    const user = await service.getUser();
    expect(user.twoFactorEnabled).toBe(true);
    expect(user.backupCodes).toHaveLength(10);
    expect(user.backupCodes[0]).toEqual({ codeHash: expect.any(String), used: false, usedAt: null });
    expect(JSON.stringify(user)).not.toContain(secret);

    // The password alone earns a temp token and nothing else (no session cookie either).
    librechat.setTokenHeader(undefined);
    const pendingLogin = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const pendingBody = (await pendingLogin.json()) as { twoFAPending: boolean; tempToken: string };
    expect(Object.keys(pendingBody).sort()).toEqual(['tempToken', 'twoFAPending']);
    expect(pendingBody.twoFAPending).toBe(true);
    expect(pendingLogin.headers.get('set-cookie')).toBeNull();

    const secondFactor = await fetch(`${server.baseUrl}/api/auth/2fa/verify-temp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tempToken: pendingBody.tempToken, token: await freshCode(id, secret) }),
    });
    expect(secondFactor.status).toBe(200);
    expect(secondFactor.headers.get('set-cookie')).toMatch(/^refreshToken=/);
    const signed = (await secondFactor.json()) as { token: string; user: { id: string } };
    expect(signed.user.id).toBe(id);

    // Through the data service too, with a backup code this time.
    const { tempToken } = await service.login({ email, password });
    const viaBackup = await service.verifyTwoFactorTemp({ tempToken, backupCode: backupCodes[0] });
    librechat.setTokenHeader(viaBackup.token);
    expect((await service.getUser()).backupCodes.filter((c: { used: boolean }) => c.used)).toHaveLength(1);

    // Disabling takes a current code; LibreChat's dialog verifies it first, then disables.
    expect(await failureOf(service.disableTwoFactor())).toMatchObject({
      status: 401,
      body: { code: 'invalid_two_factor_code' },
    });
    expect((await userRow(id)).two_factor_enabled).toBe(1);
    await service.verifyTwoFactor({ token: await freshCode(id, secret) });
    expect(await service.disableTwoFactor()).toEqual({ message: '2FA has been disabled' });
    const off = await userRow(id);
    expect([off.two_factor_enabled, off.totp_secret, off.backup_codes, off.totp_last_step]).toEqual([
      0,
      null,
      '[]',
      null,
    ]);
    expect((await service.login({ email, password })).token).toBeTruthy();
  });

  it('regenerates backup codes for a current code only, and the old codes stop working', async () => {
    const { id, email } = await signUp('Regenerator');
    const { secret, backupCodes } = await enableTwoFactor(id);
    // A session of its own: the one that confirmed may change things for a few minutes.
    const { tempToken: first } = await service.login({ email, password });
    librechat.setTokenHeader(
      (await service.verifyTwoFactorTemp({ tempToken: first, backupCode: backupCodes[9] })).token,
    );
    const before = await userRow(id);
    expect(await failureOf(service.regenerateBackupCodes())).toMatchObject({
      status: 401,
      body: { code: 'invalid_two_factor_code' },
    });
    expect(await userRow(id)).toEqual(before);

    // Newer clients send the code along.
    const { data } = await axios.post('/api/auth/2fa/backup/regenerate', { token: await freshCode(id, secret) });
    expect(data.backupCodes).toHaveLength(10);
    expect(data.backupCodesHash).toEqual(
      data.backupCodes.map(() => ({ codeHash: expect.any(String), used: false, usedAt: null })),
    );
    expect((await service.getUser()).backupCodes).toEqual(data.backupCodesHash);

    // The step-up a verify grants is good for one call.
    await service.verifyTwoFactor({ backupCode: data.backupCodes[1] });
    const again = await service.regenerateBackupCodes();
    expect(again.backupCodes).toHaveLength(10);
    expect(await failureOf(service.regenerateBackupCodes())).toMatchObject({ status: 401 });

    librechat.setTokenHeader(undefined);
    const { tempToken } = await service.login({ email, password });
    const oldCode = await failureOf(service.verifyTwoFactorTemp({ tempToken, backupCode: backupCodes[2] }));
    expect(oldCode).toMatchObject({ status: 401, body: { code: 'invalid_two_factor_code' } });
    expect((await service.verifyTwoFactorTemp({ tempToken, backupCode: again.backupCodes[0] })).user.id).toBe(id);
  });

  it('refuses a replayed code, a used backup code, an expired or reused temp token, changing nothing', async () => {
    const { id, email } = await signUp('Replayer');
    const { secret, backupCodes } = await enableTwoFactor(id);
    librechat.setTokenHeader(undefined);

    // The confirm's code again, for a sign-in.
    const confirmed = await userRow(id);
    const replayed = await codeAt(secret, confirmed.totp_last_step ?? 0);
    const { tempToken } = await service.login({ email, password });
    expect(await failureOf(service.verifyTwoFactorTemp({ tempToken, token: replayed }))).toEqual({
      status: 401,
      body: { code: 'invalid_two_factor_code', message: 'Invalid two-factor code.' },
    });
    expect(await userRow(id)).toEqual(confirmed);

    // Signs in with a backup code; the temp token and the code are both spent.
    const signed = await service.verifyTwoFactorTemp({ tempToken, backupCode: (backupCodes[0] ?? '').toLowerCase() });
    expect(signed.user.id).toBe(id);
    const afterUse = await userRow(id);
    expect(
      await failureOf(service.verifyTwoFactorTemp({ tempToken, token: await freshCode(id, secret) })),
    ).toMatchObject({
      status: 401,
      body: { code: 'invalid_temp_token' },
    });
    expect(await userRow(id)).toEqual(afterUse);

    const { tempToken: second } = await service.login({ email, password });
    expect(
      await failureOf(service.verifyTwoFactorTemp({ tempToken: second, backupCode: backupCodes[0] })),
    ).toMatchObject({
      status: 401,
      body: { code: 'invalid_two_factor_code' },
    });
    expect(await userRow(id)).toEqual(afterUse);

    // An expired temp token, with a right code.
    await server.db.kysely
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', id)
      .where('kind', '=', 'two_factor_temp')
      .where('used_at', 'is', null)
      .execute();
    const expired = await failureOf(
      service.verifyTwoFactorTemp({ tempToken: second, token: await freshCode(id, secret) }),
    );
    expect(expired).toMatchObject({ status: 401, body: { code: 'invalid_temp_token' } });
    expect(
      await failureOf(service.verifyTwoFactorTemp({ tempToken: 'made-up', backupCode: backupCodes[1] })),
    ).toMatchObject({
      status: 401,
      body: { code: 'invalid_temp_token' },
    });
    expect(await userRow(id)).toEqual(afterUse);
  });

  it('keeps each account to its own caller, and two-factor to password accounts', async () => {
    const owner = await signUp('Owner');
    await enableTwoFactor(owner.id);
    const ownerRow = await userRow(owner.id);

    const other = await signUp('Other');
    for (const call of [
      () => service.disableTwoFactor(),
      () => service.regenerateBackupCodes(),
      () => service.verifyTwoFactor({ token: '123456' }),
    ]) {
      expect(await failureOf(call())).toMatchObject({ status: 409, body: { code: 'two_factor_state' } });
    }
    expect(await userRow(owner.id)).toEqual(ownerRow);

    librechat.setTokenHeader(undefined);
    expect(await failureOf(service.enableTwoFactor())).toMatchObject({ status: 401 });

    librechat.setTokenHeader(other.token);
    await server.db.kysely.updateTable('users').set({ provider: 'github' }).where('id', '=', other.id).execute();
    const social = await userRow(other.id);
    expect(await failureOf(service.enableTwoFactor())).toMatchObject({
      status: 403,
      body: { code: 'two_factor_not_available' },
    });
    expect(await userRow(other.id)).toEqual(social);
  });

  it('lets the session that confirmed roll the setup back without a new code (the dialog closed on its last step)', async () => {
    const { id, email } = await signUp('Closer');
    await enableTwoFactor(id);
    expect(await service.disableTwoFactor()).toEqual({ message: '2FA has been disabled' });
    expect((await userRow(id)).two_factor_enabled).toBe(0);
    expect(await failureOf(service.disableTwoFactor())).toMatchObject({ status: 409 });
    expect((await service.login({ email, password })).token).toBeTruthy();
  });

  it('rolls a setup left half way back without a code, and refuses a second enable', async () => {
    const { id } = await signUp('Half Way');
    const clean = await userRow(id);
    await service.enableTwoFactor();
    expect((await userRow(id)).totp_secret).not.toBeNull();
    expect(await service.disableTwoFactor()).toEqual({ message: '2FA has been disabled' });
    const rolledBack = await userRow(id);
    expect({ ...rolledBack, updated_at: clean.updated_at }).toEqual(clean);

    await enableTwoFactor(id);
    const on = await userRow(id);
    expect(await failureOf(service.enableTwoFactor())).toMatchObject({
      status: 409,
      body: { code: 'two_factor_state' },
    });
    expect(await userRow(id)).toEqual(on);
  });
});

describeEachDialect('two-factor wrong-code limits', (dialect) => {
  /** Per account, the default; per address, set to a few more so the test stays short. */
  const PER_ACCOUNT = 5;
  const PER_ADDRESS = 8;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { TWO_FACTOR_IP_MAX: String(PER_ADDRESS) } });
  });
  afterAll(() => server.close());

  const userRow = (id: string) =>
    server.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Through inject, so each call can come from its own address. */
  async function call(url: string, body: unknown, opts: { token?: string; ip?: string; method?: 'GET' | 'POST' } = {}) {
    const res = await server.app.inject({
      method: opts.method ?? 'POST',
      url,
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  async function userWithTwoFactor(ip: string) {
    const email = `limit-${randomUUID()}@example.com`;
    const registered = await call(
      '/api/auth/register',
      { name: 'Limit', email, password, confirm_password: password },
      { ip },
    );
    const token = registered.body.token as string;
    const id = registered.body.user.id as string;
    const enabled = await call('/api/auth/2fa/enable', undefined, { token, ip, method: 'GET' });
    const secret = secretOf(enabled.body.otpauthUrl);
    const confirmed = await call(
      '/api/auth/2fa/confirm',
      { token: await codeAt(secret, currentStep() - 1) },
      { token, ip },
    );
    expect(confirmed.status).toBe(200);
    return { id, email, secret, backupCodes: enabled.body.backupCodes as string[] };
  }

  it('refuses even a right code once an account had too many wrong ones, from any address', async () => {
    const { id, email, secret, backupCodes } = await userWithTwoFactor('10.0.0.1');
    const wrong = (await codeAt(secret, currentStep() + 5)) as string;
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const ip = `10.0.1.${i}`;
      const { body } = await call('/api/auth/login', { email, password }, { ip });
      const res = await call('/api/auth/2fa/verify-temp', { tempToken: body.tempToken, token: wrong }, { ip });
      expect(res).toMatchObject({ status: 401, body: { code: 'invalid_two_factor_code' } });
    }
    const before = await userRow(id);
    const ip = '10.0.2.1';
    const { body } = await call('/api/auth/login', { email, password }, { ip });
    for (const right of [{ token: await codeAt(secret, currentStep()) }, { backupCode: backupCodes[0] }]) {
      const res = await call('/api/auth/2fa/verify-temp', { tempToken: body.tempToken, ...right }, { ip });
      expect(res).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await userRow(id)).toEqual(before);
    const live = await server.db.kysely
      .selectFrom('auth_tokens')
      .select('id')
      .where('user_id', '=', id)
      .where('kind', '=', 'two_factor_temp')
      .where('used_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    const violations = await server.db.kysely
      .selectFrom('violations')
      .select(['type', 'ip'])
      .where('user_id', '=', id)
      .execute();
    expect(violations).toEqual([
      { type: 'two_factor', ip },
      { type: 'two_factor', ip },
    ]);
  });

  it('accepts one code or one backup code once when two requests race with it', async () => {
    const { id, email, secret, backupCodes } = await userWithTwoFactor('10.7.0.1');
    const step = currentStep();
    const code = await codeAt(secret, step);
    for (const factor of [{ token: code }, { backupCode: backupCodes[3] }]) {
      const { body } = await call('/api/auth/login', { email, password }, { ip: '10.7.1.1' });
      const tempToken = body.tempToken as string;
      const results = await Promise.all(
        ['10.7.2.1', '10.7.2.2'].map((ip) => call('/api/auth/2fa/verify-temp', { tempToken, ...factor }, { ip })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    }
    const row = await userRow(id);
    expect(row.totp_last_step).toBe(step);
    expect(JSON.parse(row.backup_codes).filter((c: { used: boolean }) => c.used)).toHaveLength(1);
  });

  it("lets a second account sign in from an address after a first account's wrong codes there", async () => {
    const ip = '10.6.6.6';
    const typist = await userWithTwoFactor('10.6.0.1');
    const { body: typing } = await call('/api/auth/login', { email: typist.email, password }, { ip });
    const wrong = (await codeAt(typist.secret, currentStep() + 5)) as string;
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await call('/api/auth/2fa/verify-temp', { tempToken: typing.tempToken, token: wrong }, { ip });
      expect(res.status).toBe(401);
    }
    // The typist's own account is limited now...
    const locked = await call(
      '/api/auth/2fa/verify-temp',
      { tempToken: typing.tempToken, token: await codeAt(typist.secret, currentStep()) },
      { ip },
    );
    expect(locked.status).toBe(429);
    // ...but a colleague behind the same router signs in.
    const colleague = await userWithTwoFactor('10.6.0.2');
    const { body } = await call('/api/auth/login', { email: colleague.email, password }, { ip });
    const ok = await call(
      '/api/auth/2fa/verify-temp',
      { tempToken: body.tempToken, token: await codeAt(colleague.secret, currentStep()) },
      { ip },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.token).toEqual(expect.any(String));
  });

  it('refuses an address that sent TWO_FACTOR_IP_MAX wrong codes, whichever account it tries', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < PER_ADDRESS; i++) {
      const { email, secret } = await userWithTwoFactor(`10.8.0.${i}`);
      const { body } = await call('/api/auth/login', { email, password }, { ip });
      const wrong = (await codeAt(secret, currentStep() + 5)) as string;
      const res = await call('/api/auth/2fa/verify-temp', { tempToken: body.tempToken, token: wrong }, { ip });
      expect(res.status).toBe(401);
    }
    const fresh = await userWithTwoFactor('10.8.1.1');
    const before = await userRow(fresh.id);
    const { body } = await call('/api/auth/login', { email: fresh.email, password }, { ip });
    const res = await call(
      '/api/auth/2fa/verify-temp',
      { tempToken: body.tempToken, token: await codeAt(fresh.secret, currentStep()) },
      { ip },
    );
    expect(res).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(await userRow(fresh.id)).toEqual(before);
    // From another address the same code works.
    const ok = await call(
      '/api/auth/2fa/verify-temp',
      { tempToken: body.tempToken, token: await codeAt(fresh.secret, currentStep()) },
      { ip: '10.8.1.2' },
    );
    expect(ok.status).toBe(200);
  });
});
