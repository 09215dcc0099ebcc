/** The token balance's and subscriptions' tables (issue 23, migration 014); shapes as in schema.ts. */

/** Migration 014: a user's token credits; changed only with a ledger row (features/balance/ledger.ts). */
export interface BalancesTable {
  user_id: string;
  /** bigint: PostgreSQL's driver returns it as a string; read through Number(). */
  token_credits: number | string;
  auto_refill_enabled: number;
  refill_interval_value: number;
  refill_interval_unit: string;
  refill_amount: number | string;
  last_refill: string | null;
  updated_at: string;
}

/** The ledger (migration 014). `token_value` is the signed change of the balance, in credits. */
export interface TransactionsTable {
  id: string;
  user_id: string;
  kind: string;
  token_type: string;
  model: string | null;
  endpoint: string | null;
  conversation_id: string | null;
  message_id: string | null;
  raw_amount: number | string | null;
  rate: number | null;
  token_value: number | string;
  context: string | null;
  external_id: string | null;
  created_at: string;
}

export interface StripeCustomersTable {
  user_id: string;
  customer_id: string;
  created_at: string;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  price_id: string;
  status: string;
  current_period_start: string | null;
  current_period_end: string | null;
  cancel_at_period_end: number;
  canceled_at: string | null;
  state_at: number | string;
  created_at: string;
  updated_at: string;
}

export interface CheckoutSessionsTable {
  id: string;
  user_id: string;
  price_id: string;
  mode: 'stripe' | 'test';
  status: 'open' | 'complete' | 'expired';
  created_at: string;
  completed_at: string | null;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: string;
}
