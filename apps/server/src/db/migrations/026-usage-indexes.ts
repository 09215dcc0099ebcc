import type { Kysely } from 'kysely';

/**
 * Admin → Usage (issue 40) reads a range of days from the four tables it counts. Their indexes
 * so far lead with the user or the event name, so a range of `created_at` scanned them whole;
 * these let it read only the rows of the range, on large instances too.
 */
const INDEXES = [
  ['messages_created_idx', 'messages'],
  ['transactions_created_idx', 'transactions'],
  ['analytics_events_created_idx', 'analytics_events'],
  ['violations_created_idx', 'violations'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table] of INDEXES) await db.schema.createIndex(name).on(table).column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
