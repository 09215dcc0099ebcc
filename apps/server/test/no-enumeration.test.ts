import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  paramsOf,
  PASSWORD,
  registrationOf,
  startMailedServer,
  uniqueEmail,
  type MailedServer,
} from './account-email-kit.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * No route tells an existing email from an unknown one (issue 22): the same status, the same
 * body and, within noise, the same time. Calls for the two addresses are interleaved so drift
 * (a warming JIT, a busy machine) falls on both; the medians must be within 40 % of the slower
 * one (or 8 ms, for calls of a millisecond or two) and 60 ms of each other. That still catches a missing dummy password hash (tens of ms)
 * and a mail sent before answering (a connection to the SMTP server and its whole dialogue).
 */
const ROUNDS = 30;
const WARMUP = 4;

type Answer = { status: number; body: unknown; ms: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function timed(call: () => Promise<{ status: number; json: unknown }>): Promise<Answer> {
  const started = performance.now();
  const res = await call();
  return { status: res.status, body: res.json, ms: performance.now() - started };
}

/** Runs the two calls alternately and checks that nothing but the time could differ, and that the time does not. */
async function expectIndistinguishable(
  known: () => Promise<{ status: number; json: unknown }>,
  unknown: () => Promise<{ status: number; json: unknown }>,
  normalize: (body: unknown) => unknown = (body) => body,
): Promise<{ known: number; unknown: number }> {
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    // Alternate which goes first, so neither always follows the other's leftover work.
    const order = round % 2 ? (['unknown', 'known'] as const) : (['known', 'unknown'] as const);
    const answers: Partial<Record<'known' | 'unknown', Answer>> = {};
    for (const which of order) answers[which] = await timed(which === 'known' ? known : unknown);
    const a = answers.known as Answer;
    const b = answers.unknown as Answer;
    expect(b.status).toBe(a.status);
    expect(normalize(b.body)).toEqual(normalize(a.body));
    if (round >= WARMUP) {
      times.known.push(a.ms);
      times.unknown.push(b.ms);
    }
  }
  const medians = { known: median(times.known), unknown: median(times.unknown) };
  const difference = Math.abs(medians.known - medians.unknown);
  const slower = Math.max(medians.known, medians.unknown);
  // A floor of 8 ms: calls of a millisecond or two drift by more than 40 % on a busy machine, and
  // what the test must catch (a skipped password hash, an awaited mail) costs tens of ms or more.
  expect(difference, `medians ${JSON.stringify(medians)}`).toBeLessThan(Math.min(Math.max(0.4 * slower, 8), 60));
  return medians;
}

describeEachDialect(
  'no route tells an existing email from an unknown one (mail configured, verification required)',
  (dialect) => {
    let mailed: MailedServer;
    let client: TestClient;
    const verified = uniqueEmail('known');
    const unverified = uniqueEmail('pending');

    beforeAll(async () => {
      mailed = await startMailedServer(dialect, { LOGIN_MAX: '1000' });
      client = mailed.client();
      await client.post('/api/auth/register', registrationOf(verified));
      await client.post('/api/auth/register', registrationOf(unverified));
      const mail = await mailed.sink.waitForMail(verified);
      expect(
        (await client.post('/api/user/verify', { email: verified, token: paramsOf(mail).get('token') })).status,
      ).toBe(200);
    });
    afterAll(() => mailed.close());

    it('login with a wrong password', async () => {
      const unknown = uniqueEmail('nobody');
      await expectIndistinguishable(
        () => client.post('/api/auth/login', { email: verified, password: 'wrong password!' }),
        () => client.post('/api/auth/login', { email: unknown, password: 'wrong password!' }),
      );
    });

    it('register', async () => {
      await expectIndistinguishable(
        () => client.post('/api/auth/register', registrationOf(verified)),
        () => client.post('/api/auth/register', registrationOf(uniqueEmail('new'))),
      );
    });

    it('requestPasswordReset', async () => {
      const unknown = uniqueEmail('nobody');
      await expectIndistinguishable(
        () => client.post('/api/auth/requestPasswordReset', { email: verified }),
        () => client.post('/api/auth/requestPasswordReset', { email: unknown }),
      );
    });

    it('verify/resend', async () => {
      const unknown = uniqueEmail('nobody');
      await expectIndistinguishable(
        () => client.post('/api/user/verify/resend', { email: unverified }),
        () => client.post('/api/user/verify/resend', { email: unknown }),
      );
    });
  },
);

describeEachDialect('no route tells an existing email from an unknown one (no mail)', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  const known = uniqueEmail('known');

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { ALLOW_PASSWORD_RESET: 'true', RESET_PASSWORD_MAX: '1000', LOGIN_MAX: '1000' },
    });
    client = new TestClient(server.baseUrl);
    await client.post('/api/auth/register', registrationOf(known));
  });
  afterAll(() => server.close());

  it('requestPasswordReset, whose answer carries the link (the unknown one never works)', async () => {
    const unknown = uniqueEmail('nobody');
    const withoutSecrets = (body: unknown) => {
      const { link, ...rest } = body as { link: string };
      return { ...rest, link: link.replace(/token=[\w-]{43}&userId=[0-9a-f-]{36}$/, 'token=…&userId=…') };
    };
    await expectIndistinguishable(
      () => client.post('/api/auth/requestPasswordReset', { email: known }),
      () => client.post('/api/auth/requestPasswordReset', { email: unknown }),
      withoutSecrets,
    );
  });

  it('login with a wrong password', async () => {
    const unknown = uniqueEmail('nobody');
    await expectIndistinguishable(
      () => client.post('/api/auth/login', { email: known, password: PASSWORD.toUpperCase() }),
      () => client.post('/api/auth/login', { email: unknown, password: PASSWORD.toUpperCase() }),
    );
  });
});
