import { sql, type Kysely } from 'kysely';

/**
 * Token balance and subscriptions (issue 23).
 *
 * `balances`: one row per user, created with the start balance on first need. `token_credits`
 * changes only together with a `transactions` row in the same database transaction (the ledger),
 * through features/balance/ledger.ts, so the balance always equals the sum of its ledger.
 *
 * `transactions`: the ledger. `token_value` is the signed number of credits the balance moved by.
 * `external_id` names what a credit was for (a Stripe invoice and period), unique per kind, so a
 * credit is granted once however often its event arrives.
 *
 * `stripe_customers`, `subscriptions`, `checkout_sessions`: the Stripe side, keyed by Stripe's ids.
 * `stripe_events`: every webhook event id processed, written in the transaction of its effect.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('balances')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_credits', 'bigint', (c) => c.notNull().check(sql`token_credits >= 0`))
    .addColumn('auto_refill_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refill_interval_value', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('refill_interval_unit', 'text', (c) => c.notNull().defaultTo('days'))
    .addColumn('refill_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_refill', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_type', 'text', (c) => c.notNull().defaultTo('credits'))
    .addColumn('model', 'text')
    .addColumn('endpoint', 'text')
    .addColumn('conversation_id', 'text')
    .addColumn('message_id', 'text')
    .addColumn('raw_amount', 'bigint')
    .addColumn('rate', 'double precision')
    .addColumn('token_value', 'bigint', (c) => c.notNull())
    .addColumn('context', 'text')
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transactions_user_created_idx')
    .on('transactions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('transactions_external_idx')
    .on('transactions')
    .columns(['kind', 'external_id'])
    .unique()
    .where(sql.ref('external_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('stripe_customers')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('price_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_start', 'text')
    .addColumn('current_period_end', 'text')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('canceled_at', 'text')
    /** The Stripe `created` time (seconds) of the event whose state is stored: older events don't overwrite newer. */
    .addColumn('state_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').column('user_id').execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('price_id', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('checkout_sessions_user_idx').on('checkout_sessions').column('user_id').execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'stripe_events',
    'checkout_sessions',
    'subscriptions',
    'stripe_customers',
    'transactions',
    'balances',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
