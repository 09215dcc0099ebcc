import { SUBSCRIPTION_STATUSES, type Plan, type SubscriptionStatus } from '@confab/shared';
import type { Transaction } from 'kysely';
import type { AppConfig } from '../../config/config-schema.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../platform/ids.js';
import { credit, ensureBalance } from '../balance/ledger.js';
import { configuredPlans } from './stripe-client.js';

type Trx = Transaction<Database>;
type Obj = Record<string, unknown>;

/**
 * A Stripe event as the webhook verified it, or as the test mode builds it. Read loosely: only
 * the fields used are trusted to exist, and both the current API's shapes (periods on
 * subscription items, an invoice's subscription under `parent`) and the older ones are read.
 */
export interface StripeEventLike {
  id: string;
  type: string;
  /** Seconds since the epoch. */
  created: number;
  data: { object: Obj };
}

export type EventOutcome = 'processed' | 'duplicate';

const obj = (value: unknown): Obj => (value && typeof value === 'object' ? (value as Obj) : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
/** An expandable field: the id, or the expanded object's id. */
const idOf = (value: unknown): string | undefined => str(value) ?? str(obj(value).id);
const isoOf = (seconds: number | undefined): string | null =>
  seconds === undefined ? null : new Date(seconds * 1000).toISOString();

/** How many monthly grants a billed period holds: one a month, and at least one (a weekly plan). */
export function monthsIn(start: number | undefined, end: number | undefined): number {
  if (start === undefined || end === undefined || end <= start) return 1;
  return Math.max(1, Math.round((end - start) / (30.436875 * 86_400)));
}

/** The user of a Stripe customer, from our own table: never from what an event says about itself. */
async function userOfCustomer(trx: Trx, customerId: string | undefined): Promise<string | undefined> {
  if (!customerId) return undefined;
  const row = await trx
    .selectFrom('stripe_customers')
    .select('user_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.user_id;
}

async function onCheckoutCompleted(trx: Trx, event: StripeEventLike): Promise<void> {
  const session = event.data.object;
  const sessionId = str(session.id);
  if (!sessionId) return;
  const row = await trx.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  // A session we did not open, or one whose customer is someone else's, belongs to nobody here.
  if (!row) return;
  const customerId = idOf(session.customer);
  if (!customerId || (await userOfCustomer(trx, customerId)) !== row.user_id) return;
  await trx
    .updateTable('checkout_sessions')
    .set({ status: 'complete', completed_at: nowIso() })
    .where('id', '=', sessionId)
    .where('status', '<>', 'complete')
    .execute();
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return;
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const now = nowIso();
  // Known from the session alone until the subscription's own events tell more: state_at 0 lets
  // any of them, in whatever order they come, replace it.
  await trx
    .insertInto('subscriptions')
    .values({
      id: subscriptionId,
      user_id: row.user_id,
      customer_id: customerId,
      price_id: row.price_id,
      status: paid ? 'active' : 'incomplete',
      current_period_start: null,
      current_period_end: null,
      cancel_at_period_end: 0,
      canceled_at: null,
      state_at: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

async function onSubscriptionChanged(trx: Trx, event: StripeEventLike): Promise<void> {
  const subscription = event.data.object;
  const subscriptionId = str(subscription.id);
  const customerId = idOf(subscription.customer);
  const userId = await userOfCustomer(trx, customerId);
  if (!subscriptionId || !customerId || !userId) return;
  const deleted = event.type === 'customer.subscription.deleted';
  const reported = str(subscription.status) as SubscriptionStatus | undefined;
  const status: SubscriptionStatus | undefined = deleted ? 'canceled' : reported;
  if (!status || !SUBSCRIPTION_STATUSES.includes(status)) return;
  const items = (obj(subscription.items).data as unknown[] | undefined) ?? [];
  const item = obj(items[0]);
  const priceId = idOf(item.price) ?? idOf(subscription.plan);
  const canceledAt = num(subscription.canceled_at) ?? (deleted ? event.created : undefined);
  const now = nowIso();
  const periodStart = num(item.current_period_start) ?? num(subscription.current_period_start);
  const periodEnd = num(item.current_period_end) ?? num(subscription.current_period_end);
  const state = {
    status,
    // What an event leaves out is kept as it was.
    ...(periodStart !== undefined ? { current_period_start: isoOf(periodStart) } : {}),
    ...(periodEnd !== undefined ? { current_period_end: isoOf(periodEnd) } : {}),
    cancel_at_period_end: subscription.cancel_at_period_end === true ? 1 : 0,
    canceled_at: isoOf(canceledAt),
    state_at: event.created,
    updated_at: now,
    ...(priceId ? { price_id: priceId } : {}),
  };
  await trx
    .insertInto('subscriptions')
    .values({
      id: subscriptionId,
      user_id: userId,
      customer_id: customerId,
      price_id: priceId ?? '',
      created_at: now,
      ...state,
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet(state)
        // An older event never overwrites a newer state, and a cancelled subscription stays
        // cancelled (Stripe never revives one) whatever arrives after its deletion.
        .where((eb) =>
          status === 'canceled'
            ? eb.or([eb('subscriptions.status', '<>', 'canceled'), eb('subscriptions.state_at', '<=', event.created)])
            : eb.and([eb('subscriptions.status', '<>', 'canceled'), eb('subscriptions.state_at', '<=', event.created)]),
        ),
    )
    .execute();
}

/** The subscription an invoice bills (`parent.subscription_details` now, `subscription` before). */
const invoiceSubscription = (invoice: Obj): string | undefined =>
  idOf(obj(obj(invoice.parent).subscription_details).subscription) ?? idOf(invoice.subscription);

/** The price of an invoice line (`pricing.price_details` now, `price` / `plan` before). */
const linePrice = (line: Obj): string | undefined =>
  idOf(obj(obj(line.pricing).price_details).price) ?? idOf(line.price) ?? idOf(line.plan);

async function onInvoicePaid(trx: Trx, event: StripeEventLike, config: AppConfig): Promise<void> {
  const invoice = event.data.object;
  const invoiceId = str(invoice.id);
  const userId = await userOfCustomer(trx, idOf(invoice.customer));
  if (!invoiceId || !userId) return;
  const plans = configuredPlans(config);
  const lines = ((obj(invoice.lines).data as unknown[] | undefined) ?? []).map(obj);
  let plan: Plan | undefined;
  let period = { start: num(invoice.period_start), end: num(invoice.period_end) };
  for (const line of lines) {
    plan = plans.find((p) => p.id === linePrice(line));
    if (plan) {
      period = { start: num(obj(line.period).start), end: num(obj(line.period).end) };
      break;
    }
  }
  if (!plan) {
    // A line without its price: the plan of the subscription the invoice bills, when it is ours.
    const subscriptionId = invoiceSubscription(invoice);
    const row = subscriptionId
      ? await trx
          .selectFrom('subscriptions')
          .select('price_id')
          .where('id', '=', subscriptionId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    plan = plans.find((p) => p.id === row?.price_id);
  }
  if (!plan || plan.tokensPerMonth <= 0) return;
  await ensureBalance(trx, userId, config.balance);
  const months = monthsIn(period.start, period.end);
  for (let n = 0; n < months; n++) {
    await credit(trx, userId, plan.tokensPerMonth, {
      kind: 'subscription',
      externalId: `${invoiceId}:${n}`,
      context: plan.name,
    });
  }
}

async function onInvoicePaymentFailed(trx: Trx, event: StripeEventLike): Promise<void> {
  const invoice = event.data.object;
  const subscriptionId = invoiceSubscription(invoice);
  const userId = await userOfCustomer(trx, idOf(invoice.customer));
  if (!subscriptionId || !userId) return;
  await trx
    .updateTable('subscriptions')
    .set({ status: 'past_due', state_at: event.created, updated_at: nowIso() })
    .where('id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .where('status', '<>', 'canceled')
    .where('state_at', '<=', event.created)
    .execute();
}

/**
 * The one path every Stripe event takes, from the webhook (after its signature is checked) or
 * from the test mode: the event id is recorded in the same transaction as its effect, so an
 * event is applied once however often it is delivered, and a failure leaves neither behind.
 */
export async function processStripeEvent(db: Db, config: AppConfig, event: StripeEventLike): Promise<EventOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type, processed_at: nowIso() })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return 'duplicate';
    switch (event.type) {
      case 'checkout.session.completed':
        await onCheckoutCompleted(trx, event);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await onSubscriptionChanged(trx, event);
        break;
      case 'invoice.paid':
        await onInvoicePaid(trx, event, config);
        break;
      case 'invoice.payment_failed':
        await onInvoicePaymentFailed(trx, event);
        break;
      default:
        break;
    }
    return 'processed';
  });
}
