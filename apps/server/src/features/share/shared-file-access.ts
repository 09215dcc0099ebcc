import type { MessageFile } from '@confab/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Env } from '../../env.js';
import type { FileRow } from '../files/files.repo.js';
import { findVisibleShare, sharedLinkSettings } from './share-access.js';

export interface SharedFileRequest {
  /** The `?shareId=` the visitor sent, unchecked. */
  shareId: string;
  file: FileRow;
  /** Whether the request carries a valid token (with public links off, only then does a link open). */
  isSignedIn: boolean;
}

/** File ids are uuids; anything else is never looked for inside a message's files (no LIKE wildcards). */
const PLAIN_ID = /^[A-Za-z0-9-]{1,100}$/;

/**
 * THE rule for a stored file seen through a shared link (attached images, meme pictures and
 * renders, videos): the link opens for this visitor exactly as the shared page does (links on,
 * public or signed in, the link exists and is public), and the file is part of what the page
 * shows: attached to one of its user messages, or made by a tool for one of its messages.
 * Anything else answers false, and callers answer it with the 404 of a missing file.
 */
export async function canVisitorOpenSharedFile(
  db: Kysely<Database>,
  env: Pick<Env, 'ALLOW_SHARED_LINKS' | 'ALLOW_SHARED_LINKS_PUBLIC'>,
  request: SharedFileRequest,
): Promise<boolean> {
  const { shareId, file, isSignedIn } = request;
  const { isEnabled, isPublic } = sharedLinkSettings(env);
  if (!isEnabled || (!isPublic && !isSignedIn)) return false;
  const share = await findVisibleShare(db, shareId);
  if (!share || share.user_id !== file.user_id) return false;
  const shownMessages = new Set(JSON.parse(share.message_ids) as string[]);

  // Made by a tool for a shown message (meme renders, stored remote pictures, videos).
  if (file.conversation_id === share.conversation_id && file.message_id !== null && shownMessages.has(file.message_id))
    return true;
  return isAttachedToShownMessage(db, share, shownMessages, file.file_id);
}

/** Whether a user message the share shows lists the file among its attachments (`messages.files`). */
async function isAttachedToShownMessage(
  db: Kysely<Database>,
  share: { user_id: string; conversation_id: string },
  shownMessages: ReadonlySet<string>,
  fileId: string,
): Promise<boolean> {
  if (!PLAIN_ID.test(fileId)) return false;
  const candidates = await db
    .selectFrom('messages')
    .select(['message_id', 'files'])
    .where('conversation_id', '=', share.conversation_id)
    .where('user_id', '=', share.user_id)
    .where('is_created_by_user', '=', 1)
    // A cheap narrowing only; the JSON below decides.
    .where('files', 'like', `%"${fileId}"%`)
    .execute();
  return candidates.some(
    (m) =>
      shownMessages.has(m.message_id) &&
      !!m.files &&
      (JSON.parse(m.files) as MessageFile[]).some((f) => f.file_id === fileId),
  );
}
