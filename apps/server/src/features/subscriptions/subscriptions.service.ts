import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  CHECKOUT_RETURN,
  type Plan,
  type SubscriptionStatus,
  type SubscriptionsOverview,
  type SubscriptionView,
} from '@confab/shared';
import type Stripe from 'stripe';
import type { Db } from '../../db/database.js';
import type { SubscriptionsTable } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { nowIso, randomToken } from '../../platform/ids.js';
import type { BillingDeps } from '../balance/billing-deps.js';
import { processStripeEvent, type StripeEventLike } from './subscription-events.js';
import { configuredPlans, subscriptionsEnabled, WEBHOOK_TOLERANCE_SECONDS } from './stripe-client.js';

/**
 * A call to Stripe whose failure (unreachable, refused key, unknown price) is told as 502
 * payment_provider_error with Stripe's own message, not a bare 500; nothing was stored before it.
 */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const message = err instanceof Error && err.message ? err.message : 'no answer';
    throw new AppError('payment_provider_error', `The payment provider refused the request: ${message}`);
  }
}

export interface CheckoutUser {
  id: string;
  email: string;
  name: string | null;
}

type SubscriptionRow = Pick<
  SubscriptionsTable,
  'id' | 'status' | 'price_id' | 'canceled_at' | 'cancel_at_period_end' | 'current_period_end' | 'customer_id'
>;

/** Subscribed, and not on its way out: a second checkout would bill twice. */
export const blocksNewCheckout = (row: SubscriptionRow): boolean =>
  ACTIVE_SUBSCRIPTION_STATUSES.includes(row.status as SubscriptionStatus) &&
  row.cancel_at_period_end !== 1 &&
  row.canceled_at === null;

/**
 * Subscriptions (issue 23): plans, the caller's subscription, Stripe Checkout and the billing
 * portal, and the webhook. With no Stripe client (no STRIPE_SECRET_KEY) checkout and the portal
 * are the app's own test pages (see test-mode.ts); events take the same path either way.
 */
export class SubscriptionsService {
  readonly plans: Plan[];
  readonly enabled: boolean;
  private readonly db: Db;
  private readonly client: string;

  constructor(
    readonly deps: BillingDeps,
    readonly stripe: Stripe | undefined,
  ) {
    this.db = deps.db;
    this.plans = configuredPlans(deps.config);
    this.enabled = subscriptionsEnabled(deps.config);
    this.client = deps.clientOrigin.replace(/\/+$/, '');
  }

  get mode(): 'stripe' | 'test' {
    return this.stripe ? 'stripe' : 'test';
  }

  readonly returnUrls = {
    success: (sessionId: string) =>
      `${this.client}/c/new?${CHECKOUT_RETURN.param}=${CHECKOUT_RETURN.success}&${CHECKOUT_RETURN.sessionParam}=${encodeURIComponent(sessionId)}`,
    /** Stripe fills in the session id itself. */
    stripeSuccess: () =>
      `${this.client}/c/new?${CHECKOUT_RETURN.param}=${CHECKOUT_RETURN.success}&${CHECKOUT_RETURN.sessionParam}={CHECKOUT_SESSION_ID}`,
    cancel: () => `${this.client}/c/new?${CHECKOUT_RETURN.param}=${CHECKOUT_RETURN.cancel}`,
    settings: () => `${this.client}/c/new?settings=subscription`,
    testCheckout: (sessionId: string) => `${this.client}/checkout/test/${encodeURIComponent(sessionId)}`,
    testPortal: () => `${this.client}/checkout/test/portal`,
  };

  requireEnabled(): void {
    if (!this.enabled) throw new AppError('not_found', 'Subscriptions are not enabled.');
  }

  planOf(priceId: string): Plan | undefined {
    return this.plans.find((plan) => plan.id === priceId);
  }

  private async subscriptionRows(userId: string): Promise<SubscriptionRow[]> {
    return this.db.kysely
      .selectFrom('subscriptions')
      .select(['id', 'status', 'price_id', 'canceled_at', 'cancel_at_period_end', 'current_period_end', 'customer_id'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The caller's subscription that counts: an active one when there is one, else the latest. */
  async currentRow(userId: string): Promise<SubscriptionRow | undefined> {
    const rows = await this.subscriptionRows(userId);
    return rows.find((row) => ACTIVE_SUBSCRIPTION_STATUSES.includes(row.status as SubscriptionStatus)) ?? rows[0];
  }

  async current(userId: string): Promise<SubscriptionView | null> {
    const row = await this.currentRow(userId);
    if (!row) return null;
    return {
      status: row.status as SubscriptionStatus,
      priceId: row.price_id,
      canceledAt: row.canceled_at,
      cancelAtPeriodEnd: row.cancel_at_period_end === 1,
      currentPeriodEnd: row.current_period_end,
      plan: this.planOf(row.price_id) ?? null,
    };
  }

  async overview(userId: string): Promise<SubscriptionsOverview> {
    return {
      enabled: this.enabled,
      mode: this.mode,
      plans: this.enabled ? this.plans : [],
      subscription: await this.current(userId),
    };
  }

  /** Refuses a plan that is not configured, and a second subscription while one is active. */
  async checkCanSubscribe(userId: string, priceId: string): Promise<Plan> {
    this.requireEnabled();
    const plan = this.planOf(priceId);
    if (!plan) {
      throw new AppError('validation_error', 'priceId: not a plan offered here', {
        issues: [{ path: 'priceId', message: 'not a plan offered here' }],
      });
    }
    if ((await this.subscriptionRows(userId)).some(blocksNewCheckout)) {
      throw new AppError('conflict', 'You already have an active subscription. Manage it from Settings.');
    }
    return plan;
  }

  async customerOf(userId: string): Promise<string | undefined> {
    const row = await this.db.kysely
      .selectFrom('stripe_customers')
      .select('customer_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.customer_id;
  }

  /** The user's customer id, created (at Stripe, or a test one) the first time they check out. */
  async ensureCustomer(user: CheckoutUser): Promise<string> {
    const existing = await this.customerOf(user.id);
    if (existing) return existing;
    const stripe = this.stripe;
    const customerId = stripe
      ? (
          await viaStripe(() =>
            stripe.customers.create({
              email: user.email,
              ...(user.name ? { name: user.name } : {}),
              metadata: { userId: user.id },
            }),
          )
        ).id
      : `cus_test_${randomToken(18)}`;
    await this.db.kysely
      .insertInto('stripe_customers')
      .values({ user_id: user.id, customer_id: customerId, created_at: nowIso() })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    // Two first checkouts at once: the row that landed first is the customer.
    return (await this.customerOf(user.id))!;
  }

  async createCheckout(user: CheckoutUser, priceId: string): Promise<{ url: string }> {
    const plan = await this.checkCanSubscribe(user.id, priceId);
    const customer = await this.ensureCustomer(user);
    if (!this.stripe) {
      const id = `cs_test_${randomToken(24)}`;
      await this.insertSession(id, user.id, plan.id, 'test');
      return { url: this.returnUrls.testCheckout(id) };
    }
    const stripe = this.stripe;
    const session = await viaStripe(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        line_items: [{ price: plan.id, quantity: 1 }],
        client_reference_id: user.id,
        metadata: { userId: user.id },
        subscription_data: { metadata: { userId: user.id } },
        success_url: this.returnUrls.stripeSuccess(),
        cancel_url: this.returnUrls.cancel(),
      }),
    );
    if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
    await this.insertSession(session.id, user.id, plan.id, 'stripe');
    return { url: session.url };
  }

  private async insertSession(id: string, userId: string, priceId: string, mode: 'stripe' | 'test'): Promise<void> {
    await this.db.kysely
      .insertInto('checkout_sessions')
      .values({
        id,
        user_id: userId,
        price_id: priceId,
        mode,
        status: 'open',
        created_at: nowIso(),
        completed_at: null,
      })
      .execute();
  }

  async createPortal(userId: string): Promise<{ url: string }> {
    this.requireEnabled();
    const customer = await this.customerOf(userId);
    if (!customer) throw new AppError('not_found', 'There is no subscription to manage yet.');
    if (!this.stripe) return { url: this.returnUrls.testPortal() };
    const stripe = this.stripe;
    const session = await viaStripe(() =>
      stripe.billingPortal.sessions.create({ customer, return_url: this.returnUrls.settings() }),
    );
    return { url: session.url };
  }

  /**
   * A webhook delivery: verified on its raw body against STRIPE_WEBHOOK_SECRET (300 s tolerance),
   * then processed. Undefined when it does not verify (nothing is stored).
   */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<'processed' | 'duplicate' | undefined> {
    const secret = this.deps.env.STRIPE_WEBHOOK_SECRET;
    if (!this.stripe || !secret) throw new AppError('not_found', 'Stripe webhooks are not configured.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', secret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      return undefined;
    }
    return processStripeEvent(this.db, this.deps.config, event as unknown as StripeEventLike);
  }
}
