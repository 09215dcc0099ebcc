import type { Kysely } from 'kysely';

/**
 * Files with an end (issue 37): what a code run produced is kept as the user's file only as long
 * as its working folder lives (SPEC 3 File: expiresAt). ISO time; null for files that never expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('expires_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('expires_at').execute();
}
