import type { Kysely } from 'kysely';

/**
 * LibreChat's `attachments` on a stored reply (issue 37): the files a tool made during the reply
 * (a code run's PNG or CSV), each with the `toolCallId` of the call that made it, so the call
 * shows them again after a reload. JSON array; null for a message without any.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('attachments').execute();
}
