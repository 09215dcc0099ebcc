import { z } from 'zod';
import type { Db } from '../../db/database.js';

const messageFileIdsSchema = z.array(z.object({ file_id: z.string().max(100) }));

/**
 * The file ids a user's conversation carries in its messages' `files` JSON: what file search (a
 * plain chat with it toggled on) and code runs (/mnt/data) may read. `fromUserMessagesOnly`
 * leaves out files a reply carries. Ids only: callers still read each file as its owner's.
 */
export async function conversationMessageFileIds(
  db: Db,
  userId: string,
  conversationId: string,
  options: { fromUserMessagesOnly?: boolean } = {},
): Promise<string[]> {
  let query = db.kysely
    .selectFrom('messages')
    .select('files')
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .where('files', 'is not', null);
  if (options.fromUserMessagesOnly) query = query.where('is_created_by_user', '=', 1);
  const rows = await query.execute();
  return rows.flatMap((row) => {
    let json: unknown;
    try {
      json = JSON.parse(row.files ?? '[]');
    } catch {
      return [];
    }
    const parsed = messageFileIdsSchema.safeParse(json);
    return parsed.success ? parsed.data.map((f) => f.file_id) : [];
  });
}
