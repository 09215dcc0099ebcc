import type { Plan } from '@confab/shared';
import { AppError } from '../../platform/errors.js';
import { randomToken } from '../../platform/ids.js';
import { processStripeEvent, type StripeEventLike } from './subscription-events.js';
import type { SubscriptionsService } from './subscriptions.service.js';

/**
 * The test mode (no STRIPE_SECRET_KEY): the app's own checkout and portal pages. Paying or
 * cancelling builds the events Stripe would send and runs them through processStripeEvent, the
 * webhook's own path after its signature check, so the whole flow works offline and is the flow
 * production runs.
 */

export interface TestCheckoutView {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  plan: Plan | null;
}

const seconds = () => Math.floor(Date.now() / 1000);
const testId = (prefix: string) => `${prefix}_test_${randomToken(18)}`;

function event(type: string, object: Record<string, unknown>, created: number): StripeEventLike {
  return { id: testId('evt'), type, created, data: { object } };
}

/** The end of one billing interval from `start` (seconds). */
function periodEnd(start: number, interval: Plan['interval']): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else return start + (interval === 'week' ? 7 : 1) * 86_400;
  return Math.floor(date.getTime() / 1000);
}

export class TestMode {
  constructor(private readonly service: SubscriptionsService) {}

  private require(): void {
    this.service.requireEnabled();
    if (this.service.stripe) throw new AppError('not_found', 'The test checkout is off: Stripe is configured.');
  }

  /** The caller's own test session; anyone else's is not found. */
  private async session(userId: string, sessionId: string) {
    this.require();
    const row = await this.service.deps.db.kysely
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('mode', '=', 'test')
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', 'Checkout session not found.');
    return row;
  }

  async view(userId: string, sessionId: string): Promise<TestCheckoutView> {
    const row = await this.session(userId, sessionId);
    return { sessionId: row.id, status: row.status, plan: this.service.planOf(row.price_id) ?? null };
  }

  /** Pays the session as Stripe would: completed checkout, a new subscription, its paid first invoice. */
  async complete(userId: string, sessionId: string): Promise<{ url: string }> {
    const row = await this.session(userId, sessionId);
    const url = this.service.returnUrls.success(row.id);
    if (row.status === 'complete') return { url };
    if (row.status !== 'open') throw new AppError('conflict', 'This checkout session was cancelled.');
    const plan = await this.service.checkCanSubscribe(userId, row.price_id);
    const customer = await this.service.customerOf(userId);
    if (!customer) throw new AppError('not_found', 'Checkout session not found.');
    const now = seconds();
    const end = periodEnd(now, plan.interval);
    const subscriptionId = testId('sub');
    const invoiceId = testId('in');
    const subscription = {
      id: subscriptionId,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      metadata: { userId },
      items: {
        object: 'list',
        data: [{ price: { id: plan.id }, quantity: 1, current_period_start: now, current_period_end: end }],
      },
    };
    const events = [
      event(
        'checkout.session.completed',
        {
          id: row.id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'complete',
          payment_status: 'paid',
          customer,
          subscription: subscriptionId,
          client_reference_id: userId,
          metadata: { userId },
        },
        now,
      ),
      event('customer.subscription.created', subscription, now),
      event(
        'invoice.paid',
        {
          id: invoiceId,
          object: 'invoice',
          customer,
          status: 'paid',
          billing_reason: 'subscription_create',
          parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
          lines: {
            object: 'list',
            data: [{ period: { start: now, end }, pricing: { price_details: { price: plan.id } } }],
          },
        },
        now,
      ),
    ];
    for (const e of events) await processStripeEvent(this.service.deps.db, this.service.deps.config, e);
    return { url };
  }

  async cancel(userId: string, sessionId: string): Promise<{ url: string }> {
    const row = await this.session(userId, sessionId);
    await this.service.deps.db.kysely
      .updateTable('checkout_sessions')
      .set({ status: 'expired' })
      .where('id', '=', row.id)
      .where('status', '=', 'open')
      .execute();
    return { url: this.service.returnUrls.cancel() };
  }

  /** The test portal's Cancel: the caller's active subscription ends now, as Stripe's deletion event says. */
  async cancelSubscription(userId: string): Promise<{ url: string }> {
    this.require();
    const row = await this.service.currentRow(userId);
    if (!row || row.status === 'canceled' || row.status === 'incomplete_expired') {
      throw new AppError('not_found', 'There is no active subscription to cancel.');
    }
    const now = seconds();
    const deleted = event(
      'customer.subscription.deleted',
      {
        id: row.id,
        object: 'subscription',
        customer: row.customer_id,
        status: 'canceled',
        cancel_at_period_end: false,
        canceled_at: now,
        ended_at: now,
        items: { object: 'list', data: [{ price: { id: row.price_id } }] },
      },
      now,
    );
    await processStripeEvent(this.service.deps.db, this.service.deps.config, deleted);
    return { url: this.service.returnUrls.settings() };
  }
}
