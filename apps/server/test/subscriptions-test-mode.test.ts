import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerSum } from '../src/features/balance/ledger.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

const CLIENT = 'http://app.confab.test';
const START = 20_000;
const PLANS = [
  { id: 'price_basic', name: 'Basic', price: 9, tokensPerMonth: 1_000_000 },
  { id: 'price_pro', name: 'Pro', price: 19, tokensPerMonth: 3_000_000 },
];

describeEachDialect('subscriptions in test mode (no Stripe key)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { DOMAIN_CLIENT: CLIENT },
      config: { balance: { enabled: true, startBalance: START }, subscriptions: { plans: PLANS } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const kysely = () => server.db.kysely;
  const newUser = async () => {
    const client = new TestClient(server.baseUrl);
    const { user } = await client.register();
    return { client, userId: user.id };
  };
  const credits = async (client: TestClient) => (await client.get('/api/balance')).json.tokenCredits as number;
  const openCheckout = async (client: TestClient, priceId = 'price_basic') => {
    const res = await client.post('/api/subscriptions/create-checkout-session', { priceId });
    expect(res.status).toBe(200);
    const url = res.json.url as string;
    expect(url).toMatch(new RegExp(`^${CLIENT}/checkout/test/cs_test_[\\w-]+$`));
    return url.split('/').pop()!;
  };

  it('says it is in test mode', async () => {
    const { client } = await newUser();
    expect((await client.get('/api/subscriptions')).json).toMatchObject({
      enabled: true,
      mode: 'test',
      subscription: null,
    });
    // No webhook without Stripe.
    const webhook = await fetch(`${server.baseUrl}/api/subscriptions/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{}',
    });
    expect(webhook.status).toBe(404);
  });

  it('pays a test checkout through the webhook path, once, then cancels in the portal and subscribes again', async () => {
    const { client, userId } = await newUser();
    const sessionId = await openCheckout(client);
    expect(
      await kysely().selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst(),
    ).toMatchObject({
      user_id: userId,
      mode: 'test',
      status: 'open',
      price_id: 'price_basic',
    });
    const view = await client.get(`/api/subscriptions/test-checkout/${sessionId}`);
    expect(view.json).toMatchObject({ sessionId, status: 'open', plan: { id: 'price_basic', name: 'Basic' } });

    const complete = await client.post(`/api/subscriptions/test-checkout/${sessionId}/complete`);
    expect(complete.status).toBe(200);
    expect(complete.json.url).toBe(`${CLIENT}/c/new?subscription=success&session_id=${sessionId}`);
    expect((await client.get('/api/subscriptions/current')).json).toMatchObject({
      status: 'active',
      priceId: 'price_basic',
      cancelAtPeriodEnd: false,
      canceledAt: null,
      plan: { name: 'Basic' },
    });
    expect(await credits(client)).toBe(START + 1_000_000);
    const types = await kysely().selectFrom('stripe_events').select('type').where('id', 'like', 'evt_test_%').execute();
    expect(types.map((t) => t.type)).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']),
    );
    expect((await client.get(`/api/subscriptions/test-checkout/${sessionId}`)).json.status).toBe('complete');

    // Paying twice grants nothing more; a second checkout is refused while subscribed.
    expect((await client.post(`/api/subscriptions/test-checkout/${sessionId}/complete`)).json.url).toBe(
      complete.json.url,
    );
    expect(await credits(client)).toBe(START + 1_000_000);
    const second = await client.post('/api/subscriptions/create-checkout-session', { priceId: 'price_pro' });
    expect([second.status, second.json.code]).toEqual([409, 'conflict']);

    const portal = await client.post('/api/subscriptions/create-portal-session');
    expect(portal.json).toEqual({ url: `${CLIENT}/checkout/test/portal` });
    const cancel = await client.post('/api/subscriptions/test-portal/cancel');
    expect(cancel.json).toEqual({ url: `${CLIENT}/c/new?settings=subscription` });
    const canceled = (await client.get('/api/subscriptions/current')).json;
    expect(canceled).toMatchObject({ status: 'canceled', priceId: 'price_basic' });
    expect(canceled.canceledAt).toEqual(expect.any(String));
    expect((await client.post('/api/subscriptions/test-portal/cancel')).status).toBe(404);

    const again = await openCheckout(client, 'price_pro');
    await client.post(`/api/subscriptions/test-checkout/${again}/complete`);
    expect((await client.get('/api/subscriptions/current')).json).toMatchObject({
      status: 'active',
      priceId: 'price_pro',
    });
    expect(await credits(client)).toBe(START + 4_000_000);
    expect(await ledgerSum(kysely(), userId)).toBe(START + 4_000_000);
  });

  it('cancels a test checkout back to the app, and it cannot be paid after', async () => {
    const { client } = await newUser();
    const sessionId = await openCheckout(client);
    const cancel = await client.post(`/api/subscriptions/test-checkout/${sessionId}/cancel`);
    expect(cancel.json).toEqual({ url: `${CLIENT}/c/new?subscription=cancel` });
    expect((await client.get(`/api/subscriptions/test-checkout/${sessionId}`)).json.status).toBe('expired');
    expect((await client.post(`/api/subscriptions/test-checkout/${sessionId}/complete`)).status).toBe(409);
    expect((await client.get('/api/subscriptions/current')).json).toBeNull();
    expect(await credits(client)).toBe(START);
  });

  it("keeps a user's test checkout from everyone else", async () => {
    const owner = await newUser();
    const other = await newUser();
    const sessionId = await openCheckout(owner.client);
    for (const res of [
      await other.client.get(`/api/subscriptions/test-checkout/${sessionId}`),
      await other.client.post(`/api/subscriptions/test-checkout/${sessionId}/complete`),
      await other.client.post(`/api/subscriptions/test-checkout/${sessionId}/cancel`),
    ]) {
      expect([res.status, res.json.code]).toEqual([404, 'not_found']);
    }
    expect((await other.client.get('/api/subscriptions/current')).json).toBeNull();
    expect(await credits(other.client)).toBe(START);
    expect((await owner.client.get(`/api/subscriptions/test-checkout/${sessionId}`)).json.status).toBe('open');
    // Nothing to manage or cancel for someone who never subscribed.
    expect((await other.client.post('/api/subscriptions/create-portal-session')).status).toBe(404);
    expect((await other.client.post('/api/subscriptions/test-portal/cancel')).status).toBe(404);
    expect(
      (await new TestClient(server.baseUrl).post(`/api/subscriptions/test-checkout/${sessionId}/complete`)).status,
    ).toBe(401);
  });

  it('refuses a plan that is not offered and stores nothing', async () => {
    const { client, userId } = await newUser();
    const res = await client.post('/api/subscriptions/create-checkout-session', { priceId: 'price_free_lunch' });
    expect([res.status, res.json.code]).toEqual([400, 'validation_error']);
    expect((await client.post('/api/subscriptions/create-checkout-session', {})).status).toBe(400);
    expect(await kysely().selectFrom('checkout_sessions').selectAll().where('user_id', '=', userId).execute()).toEqual(
      [],
    );
    expect(await kysely().selectFrom('stripe_customers').selectAll().where('user_id', '=', userId).execute()).toEqual(
      [],
    );
  });
});

describeEachDialect('subscriptions turned off', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { balance: { enabled: true } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('offers no plans and no checkout', async () => {
    const client = new TestClient(server.baseUrl);
    await client.register();
    expect((await client.get('/api/subscriptions')).json).toEqual({
      enabled: false,
      mode: 'test',
      plans: [],
      subscription: null,
    });
    expect((await client.get('/api/subscriptions/plans')).json).toEqual([]);
    const res = await client.post('/api/subscriptions/create-checkout-session', { priceId: 'price_basic' });
    expect([res.status, res.json.code]).toEqual([404, 'not_found']);
  });
});
