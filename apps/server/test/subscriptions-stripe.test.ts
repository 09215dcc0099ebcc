import { startStripeFake, type StripeFake, type StripeFakeEvent } from '@confab/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../src/features/balance/ledger.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

const SECRET = 'whsec_confab_test_secret';
const CLIENT = 'http://app.confab.test';
const START = 20_000;
const PLANS = [
  { id: 'price_basic', name: 'Basic', price: 9, tokensPerMonth: 1_000_000 },
  { id: 'price_pro', name: 'Pro', price: 19, tokensPerMonth: 3_000_000 },
  { id: 'price_yearly', name: 'Yearly', price: 190, interval: 'year', tokensPerMonth: 2_000_000 },
];
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** A subscription as Stripe's current API shapes it (periods on the item). */
function subscriptionObject(id: string, customer: string, price: string, extra: Record<string, unknown> = {}) {
  const start = now();
  return {
    id,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    metadata: {},
    items: {
      object: 'list',
      data: [{ price: { id: price }, quantity: 1, current_period_start: start, current_period_end: start + 30 * DAY }],
    },
    ...extra,
  };
}

function invoiceObject(id: string, customer: string, subscription: string, price: string, days = 30) {
  const start = now();
  return {
    id,
    object: 'invoice',
    customer,
    status: 'paid',
    parent: { type: 'subscription_details', subscription_details: { subscription } },
    lines: {
      object: 'list',
      data: [{ period: { start, end: start + days * DAY }, pricing: { price_details: { price } } }],
    },
  };
}

describeEachDialect('subscriptions with Stripe (the SDK against the Stripe fake)', (dialect) => {
  let fake: StripeFake;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startStripeFake({ prices: { price_yearly: { interval: 'year', amount: 19_000 } } });
    server = await startTestServer({
      dialect,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_confab',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_BASE: fake.url,
        DOMAIN_CLIENT: CLIENT,
      },
      config: { balance: { enabled: true, startBalance: START }, subscriptions: { plans: PLANS } },
    });
    fake.setWebhook({ url: `${server.baseUrl}/api/subscriptions/webhook`, secret: SECRET });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const kysely = () => server.db.kysely;
  const newUser = async () => {
    const client = new TestClient(server.baseUrl);
    const { user } = await client.register();
    return { client, userId: user.id };
  };
  const credits = async (client: TestClient) => (await client.get('/api/balance')).json.tokenCredits as number;
  const eventCount = async () =>
    Number(
      (
        await kysely()
          .selectFrom('stripe_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  /** Opens a checkout through the API and answers the fake's session and the customer it was made for. */
  const openCheckout = async (client: TestClient, priceId = 'price_basic') => {
    const res = await client.post('/api/subscriptions/create-checkout-session', { priceId });
    expect(res.status).toBe(200);
    const sessionId = new URL(res.json.url).pathname.split('/').pop()!;
    const session = fake.checkoutSession(sessionId)!;
    return { url: res.json.url as string, sessionId, customer: session.customer as string, session };
  };
  const send = async (event: StripeFakeEvent) => {
    const delivery = await fake.deliver(event);
    expect(delivery.status).toBe(200);
    return delivery;
  };

  it('answers the overview, the plans and no subscription yet', async () => {
    const { client } = await newUser();
    const overview = await client.get('/api/subscriptions');
    expect(overview.status).toBe(200);
    expect(overview.json).toMatchObject({ enabled: true, mode: 'stripe', subscription: null });
    expect(overview.json.plans.map((p: { id: string }) => p.id)).toEqual(['price_basic', 'price_pro', 'price_yearly']);
    expect(overview.json.plans[0]).toMatchObject({ currency: 'usd', interval: 'month', features: [] });
    expect((await client.get('/api/subscriptions/plans')).json).toHaveLength(3);
    const current = await client.get('/api/subscriptions/current');
    expect([current.status, current.json]).toEqual([200, null]);
    expect((await new TestClient(server.baseUrl).get('/api/subscriptions')).status).toBe(401);
  });

  it('checks out through Stripe Checkout: customer, session, events, credits, then refuses a second subscription', async () => {
    const { client, userId } = await newUser();
    const refused = await client.post('/api/subscriptions/create-checkout-session', { priceId: 'price_unknown' });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('validation_error');
    expect(await kysely().selectFrom('stripe_customers').selectAll().where('user_id', '=', userId).execute()).toEqual(
      [],
    );

    const { url, sessionId, customer, session } = await openCheckout(client);
    expect(url).toBe(`${fake.url}/checkout/${sessionId}`);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: userId,
      metadata: { userId },
      success_url: `${CLIENT}/c/new?subscription=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${CLIENT}/c/new?subscription=cancel`,
    });
    expect(fake.customer(customer)).toMatchObject({ metadata: { userId } });
    expect(
      await kysely().selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst(),
    ).toMatchObject({
      user_id: userId,
      price_id: 'price_basic',
      mode: 'stripe',
      status: 'open',
    });
    // A second checkout (the first one abandoned) reuses the customer.
    expect((await openCheckout(client, 'price_pro')).customer).toBe(customer);

    const done = await fake.completeCheckout(sessionId);
    expect(done.deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    const current = (await client.get('/api/subscriptions/current')).json;
    expect(current).toMatchObject({
      status: 'active',
      priceId: 'price_basic',
      canceledAt: null,
      cancelAtPeriodEnd: false,
      plan: { name: 'Basic' },
    });
    expect(new Date(current.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * DAY * 1000);
    expect(await credits(client)).toBe(START + 1_000_000);
    expect(await ledgerSum(kysely(), userId)).toBe(START + 1_000_000);
    expect(
      await kysely().selectFrom('checkout_sessions').select('status').where('id', '=', sessionId).executeTakeFirst(),
    ).toEqual({ status: 'complete' });

    const again = await client.post('/api/subscriptions/create-checkout-session', { priceId: 'price_pro' });
    expect([again.status, again.json.code]).toEqual([409, 'conflict']);

    // The portal: Stripe's, for this customer, returning to Settings → Subscription.
    const portal = await client.post('/api/subscriptions/create-portal-session');
    expect(portal.status).toBe(200);
    expect(portal.json.url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      params: { customer, return_url: `${CLIENT}/c/new?settings=subscription` },
    });

    // Cancelled at the period's end, then at once: the state follows, and a new checkout is allowed.
    await fake.cancelSubscription(done.subscriptionId, { atPeriodEnd: true });
    expect((await client.get('/api/subscriptions/current')).json).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    await fake.cancelSubscription(done.subscriptionId);
    const canceled = (await client.get('/api/subscriptions/current')).json;
    expect(canceled).toMatchObject({ status: 'canceled' });
    expect(canceled.canceledAt).toEqual(expect.any(String));
    const resubscribe = await openCheckout(client, 'price_pro');
    await fake.completeCheckout(resubscribe.sessionId);
    expect((await client.get('/api/subscriptions/current')).json).toMatchObject({
      status: 'active',
      priceId: 'price_pro',
    });
    expect(await credits(client)).toBe(START + 4_000_000);
  });

  it('grants a yearly invoice twelve months of credits, once', async () => {
    const { client } = await newUser();
    const { sessionId } = await openCheckout(client, 'price_yearly');
    const done = await fake.completeCheckout(sessionId);
    expect(await credits(client)).toBe(START + 12 * 2_000_000);
    const invoice = done.events.find((e) => e.type === 'invoice.paid')!;
    await send(fake.buildEvent('invoice.paid', invoice.data.object));
    expect(await credits(client)).toBe(START + 12 * 2_000_000);
  });

  it('has no portal for a user who never checked out', async () => {
    const { client } = await newUser();
    const res = await client.post('/api/subscriptions/create-portal-session');
    expect([res.status, res.json.code]).toEqual([404, 'not_found']);
  });

  it('refuses a bad signature, an old timestamp and an unsigned body, storing nothing', async () => {
    const { client, userId } = await newUser();
    const { customer } = await openCheckout(client);
    const before = await eventCount();
    const paid = fake.buildEvent('invoice.paid', invoiceObject('in_forged', customer, 'sub_forged', 'price_pro'));
    const bad = await fake.deliver(paid, { secret: 'whsec_someone_else' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).code).toBe('bad_request');
    expect((await fake.deliver(paid, { timestamp: now() - 301 })).status).toBe(400);
    const unsigned = await fetch(`${server.baseUrl}/api/subscriptions/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(paid),
    });
    expect(unsigned.status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect(await credits(client)).toBe(START);
    expect(await ledgerSum(kysely(), userId)).toBe(START);
    // Within the tolerance it is accepted.
    expect((await fake.deliver(paid, { timestamp: now() - 200 })).status).toBe(200);
    expect(await credits(client)).toBe(START + 3_000_000);
  });

  it('processes a replayed event id once, and an invoice once under another event id', async () => {
    const { client, userId } = await newUser();
    const { customer } = await openCheckout(client);
    const paid = fake.buildEvent('invoice.paid', invoiceObject('in_replayed', customer, 'sub_replayed', 'price_basic'));
    const first = await send(paid);
    expect(JSON.parse(first.body)).toEqual({ received: true, duplicate: false });
    const replay = await send(paid);
    expect(JSON.parse(replay.body)).toEqual({ received: true, duplicate: true });
    await send(fake.buildEvent('invoice.paid', paid.data.object));
    expect(await credits(client)).toBe(START + 1_000_000);
    // Delivered many times at once: still once.
    const burst = fake.buildEvent('invoice.paid', invoiceObject('in_burst', customer, 'sub_replayed', 'price_basic'));
    const answers = await Promise.all(Array.from({ length: 8 }, () => fake.deliver(burst)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => JSON.parse(a.body).duplicate === false)).toHaveLength(1);
    expect(await credits(client)).toBe(START + 2_000_000);
    await send(fake.buildEvent('invoice.paid', paid.data.object));
    expect(await credits(client)).toBe(START + 2_000_000);
    expect(await ledgerSum(kysely(), userId)).toBe(START + 2_000_000);
    expect(await kysely().selectFrom('stripe_events').select('type').where('id', '=', paid.id).execute()).toEqual([
      { type: 'invoice.paid' },
    ]);
  });

  it('ends right whatever order the events come in', async () => {
    const { client, userId } = await newUser();
    const { sessionId, customer, session } = await openCheckout(client, 'price_pro');
    const subId = 'sub_out_of_order';
    const t = now();
    // invoice.paid first, then subscription.updated before its created, then the checkout.
    await send(
      fake.buildEvent('invoice.paid', invoiceObject('in_out_of_order', customer, subId, 'price_pro'), { created: t }),
    );
    expect(await credits(client)).toBe(START + 3_000_000);
    await send(
      fake.buildEvent(
        'customer.subscription.updated',
        subscriptionObject(subId, customer, 'price_pro', { cancel_at_period_end: true, canceled_at: t + 5 }),
        { created: t + 5 },
      ),
    );
    expect((await client.get('/api/subscriptions/current')).json).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      priceId: 'price_pro',
    });
    await send(
      fake.buildEvent(
        'customer.subscription.created',
        subscriptionObject(subId, customer, 'price_pro', { status: 'incomplete' }),
        { created: t },
      ),
    );
    await send(
      fake.buildEvent(
        'checkout.session.completed',
        { ...session, status: 'complete', payment_status: 'paid', subscription: subId },
        { created: t },
      ),
    );
    expect((await client.get('/api/subscriptions/current')).json).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect(
      await kysely().selectFrom('checkout_sessions').select('status').where('id', '=', sessionId).executeTakeFirst(),
    ).toEqual({ status: 'complete' });

    // Deleted, then an older `updated` arrives late: it stays cancelled.
    await send(
      fake.buildEvent(
        'customer.subscription.deleted',
        subscriptionObject(subId, customer, 'price_pro', { status: 'canceled', canceled_at: t + 20 }),
        { created: t + 20 },
      ),
    );
    await send(
      fake.buildEvent('customer.subscription.updated', subscriptionObject(subId, customer, 'price_pro'), {
        created: t + 10,
      }),
    );
    // A payment failure older than the deletion changes nothing either.
    await send(
      fake.buildEvent('invoice.payment_failed', invoiceObject('in_failed', customer, subId, 'price_pro'), {
        created: t + 15,
      }),
    );
    const rows = await kysely().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: subId, status: 'canceled', price_id: 'price_pro' });
    expect(Number(rows[0]!.state_at)).toBe(t + 20);
    expect(await credits(client)).toBe(START + 3_000_000);
    expect(await ledgerSum(kysely(), userId)).toBe(START + 3_000_000);
    // Cancelled: a new checkout is allowed.
    expect((await client.post('/api/subscriptions/create-checkout-session', { priceId: 'price_basic' })).status).toBe(
      200,
    );
  });

  it('marks a subscription past due when its payment fails', async () => {
    const { client } = await newUser();
    const { sessionId, customer } = await openCheckout(client);
    const done = await fake.completeCheckout(sessionId);
    await send(
      fake.buildEvent(
        'invoice.payment_failed',
        invoiceObject('in_renewal', customer, done.subscriptionId, 'price_basic'),
        { created: now() + 1 },
      ),
    );
    expect((await client.get('/api/subscriptions/current')).json).toMatchObject({ status: 'past_due' });
  });

  it("credits nobody for another user's checkout session, a session we never opened, or a customer we don't know", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const aliceCheckout = await openCheckout(alice.client);
    const bobCheckout = await openCheckout(bob.client);
    // Bob's session completed under Alice's customer, claiming Alice in its metadata.
    await send(
      fake.buildEvent('checkout.session.completed', {
        ...bobCheckout.session,
        customer: aliceCheckout.customer,
        subscription: 'sub_stolen',
        client_reference_id: alice.userId,
        metadata: { userId: alice.userId },
        status: 'complete',
        payment_status: 'paid',
      }),
    );
    // A session id that is not ours at all.
    await send(
      fake.buildEvent('checkout.session.completed', {
        id: 'cs_test_forged',
        object: 'checkout.session',
        mode: 'subscription',
        customer: aliceCheckout.customer,
        subscription: 'sub_forged',
        client_reference_id: alice.userId,
        metadata: { userId: alice.userId },
        payment_status: 'paid',
      }),
    );
    // Events for a customer we never created, naming Alice.
    await send(
      fake.buildEvent(
        'customer.subscription.created',
        subscriptionObject('sub_stranger', 'cus_stranger', 'price_pro', { metadata: { userId: alice.userId } }),
      ),
    );
    const strangerInvoice = {
      ...invoiceObject('in_stranger', 'cus_stranger', 'sub_stranger', 'price_pro'),
      metadata: { userId: alice.userId },
    };
    await send(fake.buildEvent('invoice.paid', strangerInvoice));

    const aliceRows = await kysely()
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', alice.userId)
      .execute();
    expect(aliceRows).toEqual([]);
    expect(
      await kysely()
        .selectFrom('subscriptions')
        .select('id')
        .where('id', 'in', ['sub_stolen', 'sub_forged', 'sub_stranger'])
        .execute(),
    ).toEqual([]);
    expect(await credits(alice.client)).toBe(START);
    expect((await alice.client.get('/api/subscriptions/current')).json).toBeNull();
    // Bob's own checkout, completed by the fake under his own customer, is his.
    await fake.completeCheckout(bobCheckout.sessionId);
    expect(
      await kysely()
        .selectFrom('checkout_sessions')
        .select('status')
        .where('id', '=', bobCheckout.sessionId)
        .executeTakeFirst(),
    ).toEqual({ status: 'complete' });
    expect((await bob.client.get('/api/subscriptions/current')).json).toMatchObject({ status: 'active' });
    expect(await credits(bob.client)).toBe(START + 1_000_000);
  });
});

describe('subscriptions when Stripe cannot be reached', () => {
  it('answers 502 payment_provider_error and stores no customer or session', async () => {
    const server = await startTestServer({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_confab',
        STRIPE_WEBHOOK_SECRET: SECRET,
        // Nothing listens on port 1.
        STRIPE_API_BASE: 'http://127.0.0.1:1',
        DOMAIN_CLIENT: CLIENT,
      },
      config: { balance: { enabled: true, startBalance: START }, subscriptions: { plans: PLANS } },
    });
    try {
      const client = new TestClient(server.baseUrl);
      await client.register();
      const res = await client.post('/api/subscriptions/create-checkout-session', { priceId: 'price_basic' });
      expect(res.status).toBe(502);
      expect(res.json.code).toBe('payment_provider_error');
      expect(await server.db.kysely.selectFrom('stripe_customers').selectAll().execute()).toEqual([]);
      expect(await server.db.kysely.selectFrom('checkout_sessions').selectAll().execute()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
