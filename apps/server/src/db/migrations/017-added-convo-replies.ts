import type { Kysely } from 'kysely';

/**
 * LibreChat's `addedConvo` on a stored message: the reply came from the model the "+" added
 * (multi-conversation column 1), not the conversation's own. Stored so that the two replies of
 * a question sent to two models still show side by side after a reload, and so that a reply
 * regenerated in the added column stays in it. 0 for every message stored before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('added_convo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('added_convo').execute();
}
