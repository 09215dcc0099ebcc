import {
  NO_PARENT,
  type MemeEditResponse,
  type MemeImageArgs,
  type MemeImageOutput,
  type MemeTemplate,
} from '@confab/shared';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import type { StorageAdapter } from '../../../platform/storage/storage.js';
import { findConversation, touchConversation, type ConversationRow } from '../../conversations/conversations.repo.js';
import { deleteOwnedFiles } from '../../files/files.repo.js';
import {
  contentOf,
  findMessage,
  insertMessage,
  toMessage,
  updateMessageIfUnchanged,
  type MessageRow,
} from '../../messages/messages.repo.js';
import { makeMemeImage, type MemeImageRequest } from '../meme-image-tool.js';
import { MemeSourceError, type MemeSourceResolver } from '../meme-sources.js';
import { editedMemePart, editSource, findMemeCall, insertAfterCall, newEditCallId } from './meme-edit-parts.js';

export interface MemeEditsDeps {
  db: Db;
  storage: StorageAdapter;
  sources: MemeSourceResolver;
  /** The gallery, whose template descriptions make the alt text of a meme drawn on one (as the tool's). */
  templates: () => readonly MemeTemplate[];
  /** Whether this reply of the user's is still being written by a generation (which would overwrite an edit). */
  isGenerating: (userId: string, messageId: string) => Promise<boolean>;
}

/** A save of the editor, the body already parsed (memeEditBodySchema). */
export interface MemeEditInput {
  conversationId: string;
  messageId?: string | undefined;
  toolCallId?: string | undefined;
  parentMessageId?: string | undefined;
  args: MemeImageArgs;
}

/**
 * Two saves into one reply at once both land: the content is written only if it is still as read
 * (updateMessageIfUnchanged), and read again otherwise. Each retry follows a write that landed.
 */
const APPEND_ATTEMPTS = 20;

/** The message as GET /api/messages answers it (LibreChat's TMessage). */
const responseMessage = (row: MessageRow): MemeEditResponse['message'] => ({ ...toMessage(row) });

const memeNotFound = () => new AppError('not_found', 'Meme not found');

/**
 * The editor's save (POST MEME_PATHS.edits). A meme of a reply gets its edited version as one
 * more `create_meme_image` call right after it, the original kept as it was; a meme from the
 * gallery is a new message at the end of the conversation. The meme is made as the tool makes it
 * (makeMemeImage: the same picture checks, drawing and stored file) and costs no tokens. Nothing
 * is stored on a refusal: every check comes before the drawing, and a write that fails after it
 * removes the file it made.
 */
export function createMemeEditsService(deps: MemeEditsDeps) {
  const db = deps.db.kysely;

  async function make(request: MemeImageRequest, args: MemeImageArgs): Promise<MemeImageOutput> {
    try {
      return await makeMemeImage(deps, request, args);
    } catch (err) {
      if (err instanceof MemeSourceError)
        throw new AppError('validation_error', `args.imageUrlString: ${err.message}`, {
          issues: [{ path: 'args.imageUrlString', message: err.message }],
        });
      throw err;
    }
  }

  /** Takes back a meme whose message could not be written: its row and its bytes. */
  async function discard(userId: string, fileId: string): Promise<void> {
    const removed = await deleteOwnedFiles(db, userId, [fileId]);
    const keys = removed.flatMap((r) => (r.thumbnail_key ? [r.storage_key, r.thumbnail_key] : [r.storage_key]));
    await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
  }

  /** The caller's message in this conversation, or undefined. */
  async function messageIn(userId: string, conversationId: string, messageId: string): Promise<MessageRow | undefined> {
    const row = await findMessage(db, userId, messageId);
    return row?.conversation_id === conversationId ? row : undefined;
  }

  async function editReply(
    userId: string,
    input: MemeEditInput & { messageId: string; toolCallId: string },
    signal: AbortSignal,
  ): Promise<MemeEditResponse> {
    const { conversationId, messageId, toolCallId } = input;
    const row = await messageIn(userId, conversationId, messageId);
    const found = row ? findMemeCall(contentOf(row) ?? [], toolCallId) : undefined;
    if (!row || !found) throw memeNotFound();
    if (await deps.isGenerating(userId, messageId))
      throw new AppError('conflict', 'This reply is still being written; edit its meme once it has finished.');

    const source = editSource(found.call, input.args.imageUrlString);
    const output = await make({ userId, conversationId, messageId, signal }, { ...input.args, imageUrlString: source });
    const callId = newEditCallId();
    const part = editedMemePart(callId, input.args, output);
    try {
      let current: MessageRow | undefined = row;
      for (let attempt = 0; attempt < APPEND_ATTEMPTS; attempt++) {
        const parts = current ? (contentOf(current) ?? []) : [];
        const original = findMemeCall(parts, toolCallId);
        // The message (or its meme) was deleted while the edit was drawn.
        if (!current || !original) throw memeNotFound();
        const saved = await updateMessageIfUnchanged(db, userId, current, {
          content: insertAfterCall(parts, original.index, part),
        });
        if (saved) return { message: responseMessage(saved), toolCallId: callId, fileId: output.file_id };
        current = await messageIn(userId, conversationId, messageId);
      }
      throw new AppError('conflict', 'The message changed while the meme was being saved; reload it and try again.');
    } catch (err) {
      await discard(userId, output.file_id);
      throw err;
    }
  }

  /** Who the new message is from: the conversation's replies' name, as the chat shows its replies. */
  async function senderOf(userId: string, conversation: ConversationRow): Promise<string> {
    const reply = await db
      .selectFrom('messages')
      .select('sender')
      .where('conversation_id', '=', conversation.conversation_id)
      .where('user_id', '=', userId)
      .where('is_created_by_user', '=', 0)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return reply?.sender || conversation.model || 'AI';
  }

  /** The message a new one follows: the one named, else the conversation's latest (none: the root). */
  async function parentOf(
    userId: string,
    conversationId: string,
    parentMessageId: string | undefined,
  ): Promise<string> {
    if (parentMessageId !== undefined && parentMessageId !== NO_PARENT) {
      if (!(await messageIn(userId, conversationId, parentMessageId)))
        throw new AppError('not_found', 'Parent message not found');
      return parentMessageId;
    }
    if (parentMessageId === NO_PARENT) return NO_PARENT;
    const latest = await db
      .selectFrom('messages')
      .select('message_id')
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('message_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return latest?.message_id ?? NO_PARENT;
  }

  /**
   * A meme from the gallery: a new message holding the one call. It is a reply-like message (not
   * the user's own bubble) because the chat shows meme slots, downloads and reactions on replies
   * only; it carries the conversation's endpoint and model so it sits with the replies around it.
   */
  async function addMessage(
    userId: string,
    conversation: ConversationRow,
    input: MemeEditInput,
    signal: AbortSignal,
  ): Promise<MemeEditResponse> {
    const { conversationId } = input;
    const parentMessageId = await parentOf(userId, conversationId, input.parentMessageId);
    const sender = await senderOf(userId, conversation);
    const messageId = newId();
    const output = await make({ userId, conversationId, messageId, signal }, input.args);
    const callId = newEditCallId();
    try {
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertMessage(trx, {
          messageId,
          conversationId,
          userId,
          parentMessageId,
          sender,
          text: '',
          content: [editedMemePart(callId, input.args, output)],
          isCreatedByUser: false,
          model: conversation.model,
          endpoint: conversation.endpoint,
        });
        // The conversation moves up the sidebar, as after a reply.
        if (!(await touchConversation(trx, userId, conversationId, {})))
          throw new AppError('not_found', 'Conversation not found');
        return inserted;
      });
      return { message: responseMessage(row), toolCallId: callId, fileId: output.file_id };
    } catch (err) {
      await discard(userId, output.file_id);
      throw err;
    }
  }

  return {
    async save(userId: string, input: MemeEditInput, signal: AbortSignal): Promise<MemeEditResponse> {
      if (input.messageId !== undefined && input.parentMessageId !== undefined)
        throw new AppError(
          'validation_error',
          'parentMessageId: a meme added to a reply (messageId) has no parentMessageId',
        );
      if ((input.messageId === undefined) !== (input.toolCallId === undefined))
        throw new AppError('validation_error', 'toolCallId: messageId and toolCallId name the edited meme together');
      const conversation = await findConversation(db, userId, input.conversationId);
      if (!conversation) throw new AppError('not_found', 'Conversation not found');
      if (input.messageId !== undefined && input.toolCallId !== undefined)
        return editReply(userId, { ...input, messageId: input.messageId, toolCallId: input.toolCallId }, signal);
      return addMessage(userId, conversation, input, signal);
    },
  };
}

export type MemeEditsService = ReturnType<typeof createMemeEditsService>;
