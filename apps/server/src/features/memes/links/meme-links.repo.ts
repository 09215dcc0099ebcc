import {
  MEME_PATHS,
  MEME_TOOLS,
  memeAltText,
  memeVideoOutputAltText,
  memeImageArgsSchema,
  memeVideoArgsSchema,
  type MemeImageOutput,
} from '@confab/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { isUniqueViolation } from '../../../db/unique-violation.js';
import { nowIso, randomToken } from '../../../platform/ids.js';
import type { FileRow } from '../../files/files.repo.js';

type Db = Kysely<Database>;

/** 18 random bytes: 24 url-safe characters, 144 bits nobody guesses. */
const LINK_ID_BYTES = 18;

export type MemeLinkRow = Database['meme_links'];

/** A link as the public page needs it: the link and its file, nothing of the conversation. */
export interface PublicMemeLink {
  id: string;
  altText: string;
  file: Pick<FileRow, 'file_id' | 'type' | 'bytes' | 'width' | 'height' | 'storage_key' | 'thumbnail_key'>;
}

/** The caller's image or video file, or undefined (another user's, unknown, or some other kind of file). */
export function findOwnMediaFile(db: Db, userId: string, fileId: string) {
  return db
    .selectFrom('files')
    .selectAll()
    .where('file_id', '=', fileId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('type', 'like', 'image/%'), eb('type', 'like', 'video/%')]))
    .executeTakeFirst();
}

interface StoredToolCall {
  name?: unknown;
  args?: unknown;
  output?: unknown;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toolCallsOf(content: string | null): StoredToolCall[] {
  const parts = parseJson(content);
  if (!Array.isArray(parts)) return [];
  return parts.flatMap((part: { type?: unknown; tool_call?: StoredToolCall } | null) =>
    part?.type === 'tool_call' && part.tool_call ? [part.tool_call] : [],
  );
}

/** The alt text of the meme a tool call made, if that meme is `fileId`. */
function altTextOfCall(call: StoredToolCall, fileId: string): string | undefined {
  if (call.name === MEME_TOOLS.image) {
    const output = parseJson(call.output) as Partial<MemeImageOutput> | undefined;
    if (output?.file_id !== fileId) return undefined;
    if (output.alt_text) return output.alt_text;
    // A meme made before alt texts: built from its arguments now.
    const args = memeImageArgsSchema.safeParse(parseJson(call.args));
    return memeAltText(args.success ? args.data : {});
  }
  if (call.name === MEME_TOOLS.video) {
    // Its output names the video's URL, whatever the format: /api/memes/videos/<fileId>.<ext>.
    const prefix = MEME_PATHS.video(fileId).replace(/mp4$/, '');
    if (typeof call.output !== 'string' || !call.output.includes(prefix)) return undefined;
    // The one the tool made (issue 39, with the templates' descriptions), else one from its arguments.
    const made = memeVideoOutputAltText(call.output);
    if (made) return made;
    const args = memeVideoArgsSchema.safeParse(parseJson(call.args));
    return memeAltText(args.success ? args.data.scenes : [{}]);
  }
  return undefined;
}

/**
 * The alt text of the caller's meme `file`, or undefined when no meme tool call of theirs made it
 * (an upload, a source picture, a code run's file): only memes are shared this way. The call is
 * in the message the file was made for, or (a meme added by the editor) in its conversation.
 */
export async function findMemeAltText(db: Db, userId: string, file: FileRow): Promise<string | undefined> {
  const { file_id: fileId, message_id: messageId, conversation_id: conversationId } = file;
  if (!messageId && !conversationId) return undefined;
  const messages = await db
    .selectFrom('messages')
    .select('content')
    .where('user_id', '=', userId)
    .where((eb) => {
      const where = [];
      if (messageId) where.push(eb('message_id', '=', messageId));
      // File ids are generated uuids: nothing in one is a LIKE wildcard but `_`, which matches itself too.
      if (conversationId)
        where.push(eb.and([eb('conversation_id', '=', conversationId), eb('content', 'like', `%${fileId}%`)]));
      return eb.or(where);
    })
    .execute();
  for (const message of messages) {
    for (const call of toolCallsOf(message.content)) {
      const altText = altTextOfCall(call, fileId);
      if (altText !== undefined) return altText;
    }
  }
  return undefined;
}

/** The link of a file, creating it once: the same file shared again answers the same link. */
export async function ensureMemeLink(
  db: Db,
  link: { userId: string; fileId: string; altText: string },
): Promise<{ row: MemeLinkRow; isNew: boolean }> {
  const existing = await findLinkOfFile(db, link.userId, link.fileId);
  if (existing) return { row: existing, isNew: false };
  const row: MemeLinkRow = {
    id: randomToken(LINK_ID_BYTES),
    user_id: link.userId,
    file_id: link.fileId,
    alt_text: link.altText,
    created_at: nowIso(),
  };
  try {
    await db.insertInto('meme_links').values(row).execute();
    return { row, isNew: true };
  } catch (err) {
    // Two shares of one file at once: the one that won is the link.
    const winner = isUniqueViolation(err) ? await findLinkOfFile(db, link.userId, link.fileId) : undefined;
    if (winner) return { row: winner, isNew: false };
    throw err;
  }
}

function findLinkOfFile(db: Db, userId: string, fileId: string) {
  return db
    .selectFrom('meme_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
}

/** The caller's links to one file (at most one today; a list, as the route answers). */
export async function listMemeLinks(db: Db, userId: string, fileId: string): Promise<MemeLinkRow[]> {
  const link = await findLinkOfFile(db, userId, fileId);
  return link ? [link] : [];
}

/** Revokes the caller's link; false when they have no link of that id. */
export async function deleteMemeLink(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('meme_links')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A live link and its file, for anyone who has the id; undefined once revoked or its file is gone. */
export async function findPublicMemeLink(db: Db, id: string): Promise<PublicMemeLink | undefined> {
  const row = await db
    .selectFrom('meme_links')
    .innerJoin('files', (join) =>
      join.onRef('files.file_id', '=', 'meme_links.file_id').onRef('files.user_id', '=', 'meme_links.user_id'),
    )
    .select([
      'meme_links.id',
      'meme_links.alt_text',
      'files.file_id',
      'files.type',
      'files.bytes',
      'files.width',
      'files.height',
      'files.storage_key',
      'files.thumbnail_key',
    ])
    .where('meme_links.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { id: linkId, alt_text: altText, ...file } = row;
  return { id: linkId, altText, file };
}
