import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { FilesService } from '../files/files.service.js';
import { removePromptsOfUser } from '../prompts/prompts.repo.js';

/**
 * Tables holding rows of a user, keyed by the column that names them. Most cascade from the
 * user's row, but SQLite enforces no foreign keys unless asked and some rows hang off other
 * rows (messages off conversations, search documents off both): each is deleted by name, so no
 * row of the user survives whatever the dialect does. Children first, the search index through
 * the message and conversation deletes that maintain it.
 */
const OWNED_ROWS = [
  ['meme_reactions', 'user_id'],
  ['tool_calls', 'user_id'],
  ['shared_links', 'user_id'],
  ['messages', 'user_id'],
  ['conversations', 'user_id'],
  ['search_docs', 'user_id'],
  ['file_chunks', 'user_id'],
  ['files', 'user_id'],
  ['conversation_tags', 'user_id'],
  ['presets', 'user_id'],
  ['user_keys', 'user_id'],
  ['tool_credentials', 'user_id'],
  ['actions', 'user_id'],
  ['agents', 'author'],
  ['sessions', 'user_id'],
  ['auth_tokens', 'user_id'],
  ['email_changes', 'user_id'],
  ['memories', 'user_id'],
  ['memory_preferences', 'user_id'],
  ['passkeys', 'user_id'],
  ['webauthn_challenges', 'user_id'],
  ['user_identities', 'user_id'],
  ['violations', 'user_id'],
] as const;

/**
 * Removes a user and everything of theirs: the stored bytes first (the rows are what name
 * them), then every row in one transaction. Analytics events stay, without the user.
 */
export async function deleteAccount(
  db: Db,
  files: FilesService,
  userId: string,
  /** Runs in the deletion's transaction (an administrator's audit row, issue 40). */
  alsoInTransaction?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await files.removeAllOfUser(userId);
  await db.kysely.transaction().execute(async (trx) => {
    await alsoInTransaction?.(trx);
    // Others' actions on this user's agents go with the agents they belong to.
    await trx
      .deleteFrom('actions')
      .where('agent_id', 'in', trx.selectFrom('agents').select('id').where('author', '=', userId))
      .execute();
    // Messages of the user's conversations, whoever wrote them, then the rows named by the user.
    await trx
      .deleteFrom('messages')
      .where(
        'conversation_id',
        'in',
        trx.selectFrom('conversations').select('conversation_id').where('user_id', '=', userId),
      )
      .execute();
    // Their prompt groups with every version in them, and their versions in others' groups.
    await removePromptsOfUser(trx, userId);
    for (const [table, column] of OWNED_ROWS) {
      // A fixed list (search_docs is maintained by triggers and has no Kysely type): one shape for all.
      await trx
        .deleteFrom(table as 'sessions')
        .where(column as 'user_id', '=', userId)
        .execute();
    }
    // The counts stay true; what tied an event to this person and their chats goes.
    await trx.updateTable('analytics_events').set({ user_id: null, chat_id: null }).where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
