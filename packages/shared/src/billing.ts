import { z } from 'zod';

/**
 * Token balance and paid subscriptions (issue 23): the contract of GET /api/balance,
 * /api/transactions and /api/subscriptions/*, shared by the server and the web app.
 *
 * Credits are LibreChat's token credits: 1,000,000 credits are 1 USD, so a model's rate in USD
 * per million tokens is also its rate in credits per token.
 */
export const CREDITS_PER_USD = 1_000_000;

/** SPEC 3 Plan: `id` is the Stripe price id. */
export const planSchema = z
  .object({
    id: z.string().min(1).max(200),
    name: z.string().min(1).max(100),
    description: z.string().max(500).default(''),
    /** In the currency's major unit (9 = 9 USD); shown without decimals (SPEC 9). */
    price: z.number().min(0),
    currency: z.string().trim().toLowerCase().length(3).default('usd'),
    interval: z.enum(['day', 'week', 'month', 'year']).default('month'),
    tokensPerMonth: z.number().int().min(0),
    features: z.array(z.string().max(200)).default([]),
  })
  .strict();
export type Plan = z.infer<typeof planSchema>;

/** Stripe's subscription statuses, as stored and returned. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses that count as subscribed (no paywall). */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing'];

/** SPEC 3 Subscription, as GET /api/subscriptions/current answers (null when none). */
export interface SubscriptionView {
  status: SubscriptionStatus;
  priceId: string;
  canceledAt: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  /** The plan of priceId, when it is still configured. */
  plan: Plan | null;
}

/** GET /api/subscriptions: whether subscriptions are on, the plans, and the caller's subscription. */
export interface SubscriptionsOverview {
  enabled: boolean;
  /** 'stripe' with a key, 'test' with none (the app's own test checkout). */
  mode: 'stripe' | 'test';
  plans: Plan[];
  subscription: SubscriptionView | null;
}

export const createCheckoutSchema = z.object({ priceId: z.string().min(1).max(200) }).strict();
export interface RedirectUrlResponse {
  url: string;
}

/** The query the app reads on return from checkout (SPEC 2), then removes. */
export const CHECKOUT_RETURN = {
  param: 'subscription',
  success: 'success',
  cancel: 'cancel',
  sessionParam: 'session_id',
} as const;

/** GET /api/balance: LibreChat's shape (newer LibreChat answers the object; older the bare number). */
export interface BalanceResponse {
  tokenCredits: number;
  autoRefillEnabled: boolean;
  refillIntervalValue?: number;
  refillIntervalUnit?: string;
  lastRefill?: string | null;
  refillAmount?: number;
}

/** `admin_grant` and `admin_deduct`: an administrator's change (issue 40), its reason in `context`. */
export const TRANSACTION_KINDS = [
  'start',
  'spend',
  'refill',
  'subscription',
  'grant',
  'refund',
  'admin_grant',
  'admin_deduct',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** One ledger row as GET /api/transactions lists it (LibreChat's transaction fields, plus kind). */
export interface TransactionView {
  id: string;
  kind: TransactionKind;
  /** 'prompt' | 'completion' for a spend, 'credits' otherwise (LibreChat's tokenType). */
  tokenType: string;
  model: string | null;
  endpoint: string | null;
  conversationId: string | null;
  /** The reply a spend paid for: its prompt and completion rows (and its hold) share it. */
  messageId: string | null;
  /** Tokens (negative for a spend), as LibreChat's rawAmount. */
  rawAmount: number | null;
  /** Credits per token. */
  rate: number | null;
  /** Credits the balance moved by (negative for a spend). */
  tokenValue: number;
  context: string | null;
  createdAt: string;
}

export const transactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  dateFrom: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  dateTo: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});

export interface TransactionsPage {
  transactions: TransactionView[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** A model's price in credits per token (USD per million tokens). */
export interface TokenRate {
  prompt: number;
  completion: number;
}

/** The body of a `token_balance` stream error (SPEC 8), JSON in the error frame's text. */
export interface TokenBalanceError {
  type: 'token_balance';
  balance: number;
  tokenCost: number;
  promptTokens: number;
  /** How many generations of this size the balance still pays for (0 when refused). */
  generations: number;
}
