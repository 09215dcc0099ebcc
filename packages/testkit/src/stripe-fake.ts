import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local Stripe-compatible API for the `stripe` SDK (pointed at it with host, port and protocol):
 * customers, checkout sessions, billing portal sessions and subscriptions, answered in Stripe's
 * JSON shapes (API version 2025-08-27.basil: periods on subscription items, an invoice's
 * subscription under `parent.subscription_details`). Completing a checkout or cancelling a
 * subscription posts the events Stripe would to the configured webhook, signed by the SDK's own
 * `webhooks.generateTestHeaderString`, so the app's verification is the real one.
 */

type Json = Record<string, unknown>;

export interface StripeFakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: Json; previous_attributes?: Json };
}

export interface WebhookDelivery {
  status: number;
  body: string;
}

export interface StripeFake {
  /** The API origin, for STRIPE_API_BASE (http://127.0.0.1:PORT). */
  url: string;
  /** Sets where webhooks go and the secret they are signed with (STRIPE_WEBHOOK_SECRET). */
  setWebhook(target: { url: string; secret: string }): void;
  /**
   * Completes an open checkout session as a paying customer would: creates the subscription and
   * its paid invoice, then sends checkout.session.completed, customer.subscription.created and
   * invoice.paid. Answers what it created and how the webhook answered each event.
   */
  completeCheckout(sessionId: string): Promise<CheckoutCompletion>;
  /** Cancels a subscription as the billing portal would, sending its events. */
  cancelSubscription(subscriptionId: string, options?: { atPeriodEnd?: boolean }): Promise<WebhookDelivery[]>;
  /** Builds an event as Stripe would (its `created` now, or as given), without sending it. */
  buildEvent(type: string, object: Json, options?: { id?: string; created?: number }): StripeFakeEvent;
  /**
   * Sends an event to the webhook, signed with the configured secret (or `secret`), its
   * signature's timestamp now (or `timestamp`, in seconds).
   */
  deliver(event: StripeFakeEvent, options?: { secret?: string; timestamp?: number }): Promise<WebhookDelivery>;
  /** The stored objects, as the API would answer them. */
  checkoutSession(id: string): Json | undefined;
  subscription(id: string): Json | undefined;
  customer(id: string): Json | undefined;
  invoicesOf(subscriptionId: string): Json[];
  /** Every API request received (method, path, parsed form or query), oldest first. */
  readonly requests: { method: string; path: string; params: Json }[];
  close(): Promise<void>;
}

export interface CheckoutCompletion {
  subscriptionId: string;
  invoiceId: string;
  customerId: string;
  events: StripeFakeEvent[];
  deliveries: WebhookDelivery[];
}

const API_VERSION = '2025-08-27.basil';
const DAY = 86_400;

const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The end of a billing period of `count` `interval`s from `start` (seconds), as Stripe counts it. */
function periodEnd(start: number, interval: string, count: number): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === 'week') return start + 7 * DAY * count;
  else return start + DAY * count;
  return Math.floor(date.getTime() / 1000);
}

/** Sets `a[b][0][c]=v` into a nested object, as Stripe's form encoding (qs, indexed arrays) nests it. */
function setPath(target: Json, key: string, value: string): void {
  const parts = key.replace(/\]/g, '').split('[');
  let node: Json = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
    if (node[part] === undefined || typeof node[part] !== 'object') node[part] = nextIsIndex ? [] : {};
    node = node[part] as Json;
  }
  node[parts.at(-1)!] = value;
}

export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) setPath(out, key, value);
  return out;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export async function startStripeFake(
  options: { port?: number; prices?: Record<string, { interval?: string; amount?: number; currency?: string }> } = {},
): Promise<StripeFake> {
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const requests: StripeFake['requests'] = [];
  let webhook: { url: string; secret: string } | undefined;
  let origin = '';

  const price = (id: string): Json => {
    const known = options.prices?.[id] ?? {};
    const interval = known.interval ?? 'month';
    return {
      id,
      object: 'price',
      active: true,
      currency: known.currency ?? 'usd',
      unit_amount: known.amount ?? 900,
      type: 'recurring',
      recurring: { interval, interval_count: 1, usage_type: 'licensed' },
      livemode: false,
    };
  };

  function createCustomer(params: Json): Json {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      created: nowSeconds(),
      email: (params.email as string | undefined) ?? null,
      name: (params.name as string | undefined) ?? null,
      metadata: (params.metadata as Json | undefined) ?? {},
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function createCheckoutSession(params: Json): Json {
    if (params.mode !== 'subscription' && params.mode !== 'payment' && params.mode !== 'setup')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: mode.',
        'parameter_missing',
        'mode',
      );
    const items = (params.line_items as Json[] | undefined) ?? [];
    if (!items.length || !items[0]!.price)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: line_items.',
        'parameter_missing',
        'line_items',
      );
    if (typeof params.success_url !== 'string')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: success_url.',
        'parameter_missing',
        'success_url',
      );
    const customerId = params.customer as string | undefined;
    if (customerId && !customers.has(customerId)) throw missing('customer', customerId, 'customer');
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const session = {
      id,
      object: 'checkout.session',
      created: nowSeconds(),
      expires_at: nowSeconds() + DAY,
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      customer: customerId ?? null,
      subscription: null,
      invoice: null,
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      metadata: (params.metadata as Json | undefined) ?? {},
      success_url: params.success_url,
      cancel_url: (params.cancel_url as string | undefined) ?? null,
      url: `${origin}/checkout/${id}`,
      livemode: false,
      // Not part of Stripe's answer (line_items must be expanded); kept to complete the session.
      _line_items: items.map((item) => ({ price: item.price, quantity: Number(item.quantity ?? 1) })),
      _subscription_metadata: ((params.subscription_data as Json | undefined)?.metadata as Json | undefined) ?? {},
    };
    sessions.set(id, session);
    return session;
  }

  const publicSession = (session: Json): Json =>
    Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')));

  function createPortalSession(params: Json): Json {
    const customerId = params.customer as string | undefined;
    if (!customerId)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: customer.',
        'parameter_missing',
        'customer',
      );
    if (!customers.has(customerId)) throw missing('customer', customerId, 'customer');
    const id = newId('bps');
    return {
      id,
      object: 'billing_portal.session',
      created: nowSeconds(),
      customer: customerId,
      return_url: (params.return_url as string | undefined) ?? null,
      url: `${origin}/portal/${id}`,
      livemode: false,
    };
  }

  function updateSubscription(id: string, params: Json): Json {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    if (subscription.status === 'canceled')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    if (params.cancel_at_period_end !== undefined) {
      const atEnd = params.cancel_at_period_end === 'true';
      subscription.cancel_at_period_end = atEnd;
      subscription.canceled_at = atEnd ? nowSeconds() : null;
      subscription.cancel_at = atEnd
        ? ((subscription.items as { data: Json[] }).data[0]!.current_period_end as number)
        : null;
    }
    if (params.metadata) subscription.metadata = { ...(subscription.metadata as Json), ...(params.metadata as Json) };
    return subscription;
  }

  function cancelNow(id: string): Json {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    const now = nowSeconds();
    subscription.status = 'canceled';
    subscription.canceled_at ??= now;
    subscription.ended_at = now;
    subscription.cancel_at_period_end = false;
    return subscription;
  }

  function route(method: string, path: string, params: Json): Json {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') return createCustomer(params);
    if ((match = path.match(/^\/v1\/customers\/([^/]+)$/)) && method === 'GET') {
      const customer = customers.get(match[1]!);
      if (!customer) throw missing('customer', match[1]!);
      return customer;
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return publicSession(createCheckoutSession(params));
    if ((match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === 'GET') {
      const session = sessions.get(match[1]!);
      if (!session) throw missing('checkout.session', match[1]!, 'session');
      return publicSession(session);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') return createPortalSession(params);
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const id = match[1]!;
      if (method === 'GET') {
        const subscription = subscriptions.get(id);
        if (!subscription) throw missing('subscription', id);
        return subscription;
      }
      if (method === 'POST') return updateSubscription(id, params);
      if (method === 'DELETE') return cancelNow(id);
    }
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const readBody = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'request-id': newId('req'),
      'stripe-version': API_VERSION,
    });
    res.end(text);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = await readBody(req);
      const params =
        req.method === 'GET' || req.method === 'DELETE' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
      try {
        const auth = req.headers.authorization ?? '';
        if (!/^Bearer sk_(test|live)_\S+$/.test(auth))
          throw new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided.');
        send(res, 200, route(req.method ?? 'GET', url.pathname, params));
      } catch (err) {
        if (err instanceof StripeApiError) {
          send(res, err.status, {
            error: {
              type: err.type,
              message: err.message,
              ...(err.code ? { code: err.code } : {}),
              ...(err.param ? { param: err.param } : {}),
            },
          });
        } else {
          send(res, 500, { error: { type: 'api_error', message: String(err) } });
        }
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function buildEvent(type: string, object: Json, opts: { id?: string; created?: number } = {}): StripeFakeEvent {
    return {
      id: opts.id ?? newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: opts.created ?? nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      // A snapshot: later changes to the object don't change an event already built.
      data: { object: structuredClone(object) },
    };
  }

  async function deliver(
    event: StripeFakeEvent,
    opts: { secret?: string; timestamp?: number } = {},
  ): Promise<WebhookDelivery> {
    if (!webhook) throw new Error('The Stripe fake has no webhook: call setWebhook first');
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? webhook.secret,
      timestamp: opts.timestamp ?? nowSeconds(),
    });
    const res = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': header,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    return { status: res.status, body: await res.text() };
  }

  async function completeCheckout(sessionId: string): Promise<CheckoutCompletion> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${String(session.status)}`);
    let customerId = session.customer as string | null;
    if (!customerId) customerId = createCustomer({}).id as string;
    const items = session._line_items as { price: string; quantity: number }[];
    const start = nowSeconds();
    const subscriptionId = newId('sub');
    const itemPrices = items.map((item) => price(item.price));
    const end = periodEnd(start, String((itemPrices[0]!.recurring as Json).interval), 1);
    const subscription: Json = {
      id: subscriptionId,
      object: 'subscription',
      created: start,
      start_date: start,
      customer: customerId,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      collection_method: 'charge_automatically',
      currency: itemPrices[0]!.currency,
      metadata: session._subscription_metadata,
      items: {
        object: 'list',
        data: items.map((item, i) => ({
          id: newId('si'),
          object: 'subscription_item',
          created: start,
          price: itemPrices[i],
          quantity: item.quantity,
          subscription: subscriptionId,
          current_period_start: start,
          current_period_end: end,
        })),
        has_more: false,
      },
      livemode: false,
    };
    subscriptions.set(subscriptionId, subscription);
    const invoiceId = newId('in');
    const invoice: Json = {
      id: invoiceId,
      object: 'invoice',
      created: start,
      customer: customerId,
      status: 'paid',
      billing_reason: 'subscription_create',
      currency: itemPrices[0]!.currency,
      amount_due: items.reduce((sum, item, i) => sum + Number(itemPrices[i]!.unit_amount) * item.quantity, 0),
      period_start: start,
      period_end: start,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
      lines: {
        object: 'list',
        data: items.map((item, i) => ({
          id: newId('il'),
          object: 'line_item',
          amount: Number(itemPrices[i]!.unit_amount) * item.quantity,
          quantity: item.quantity,
          period: { start, end },
          pricing: { type: 'price_details', price_details: { price: item.price, product: newId('prod') } },
          parent: { type: 'subscription_item_details', subscription_item_details: { subscription: subscriptionId } },
        })),
        has_more: false,
      },
      livemode: false,
    };
    invoices.set(invoiceId, invoice);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customerId,
      subscription: subscriptionId,
      invoice: invoiceId,
    });
    const events = [
      buildEvent('checkout.session.completed', publicSession(session)),
      buildEvent('customer.subscription.created', subscription),
      buildEvent('invoice.paid', invoice),
    ];
    const deliveries: WebhookDelivery[] = [];
    for (const event of events) deliveries.push(await deliver(event));
    return { subscriptionId, invoiceId, customerId, events, deliveries };
  }

  async function cancelSubscription(
    subscriptionId: string,
    opts: { atPeriodEnd?: boolean } = {},
  ): Promise<WebhookDelivery[]> {
    if (opts.atPeriodEnd) {
      const updated = updateSubscription(subscriptionId, { cancel_at_period_end: 'true' });
      return [await deliver(buildEvent('customer.subscription.updated', updated))];
    }
    const canceled = cancelNow(subscriptionId);
    return [await deliver(buildEvent('customer.subscription.deleted', canceled))];
  }

  return {
    url: origin,
    requests,
    setWebhook(target) {
      webhook = target;
    },
    completeCheckout,
    cancelSubscription,
    buildEvent,
    deliver,
    checkoutSession: (id) => {
      const session = sessions.get(id);
      return session ? publicSession(session) : undefined;
    },
    subscription: (id) => subscriptions.get(id),
    customer: (id) => customers.get(id),
    invoicesOf: (subscriptionId) =>
      [...invoices.values()].filter(
        (invoice) => ((invoice.parent as Json).subscription_details as Json).subscription === subscriptionId,
      ),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
