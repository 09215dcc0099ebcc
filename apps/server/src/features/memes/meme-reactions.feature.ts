import { MEME_PATHS, memeReactionBodySchema, type MemeReactionsResponse, type MemeReactionState } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { findConversation } from '../conversations/conversations.repo.js';
import { anonymousId } from '../share/anonymize-share.js';
import { findVisibleShare, sharedLinkGuards } from '../share/share-access.js';
import {
  conversationReactions,
  countSlot,
  findOwnMessage,
  hasToolCall,
  toggleReaction,
} from './meme-reactions.repo.js';
import type { MemesFeatureDeps } from './memes.feature.js';

const conversationQuery = z.object({ conversationId: z.string().min(1).max(100) });
type ShareParams = { Params: { shareId: string } };

/**
 * Likes and dislikes on a reply's meme slots (issue 21): one per user, message and tool call,
 * toggled, kept across reloads. Only the owner of a conversation reacts to its memes; a shared
 * link shows the counts, never who.
 */
export async function registerMemeReactions(app: FastifyInstance, deps: MemesFeatureDeps): Promise<void> {
  const db = deps.db.kysely;
  const auth = { preHandler: app.authenticate };

  app.put(MEME_PATHS.reactions, auth, async (request): Promise<MemeReactionState> => {
    const { messageId, toolCallId, reaction } = parseInput(memeReactionBodySchema, request.body);
    const userId = request.user.id;
    return db.transaction().execute(async (trx) => {
      const message = await findOwnMessage(trx, userId, messageId);
      // Another user's message, or a tool call it does not hold: the same 404, and nothing stored.
      if (!message || !hasToolCall(message.content, toolCallId)) throw new AppError('not_found', 'Meme not found');
      const mine = await toggleReaction(
        trx,
        { userId, conversationId: message.conversation_id, messageId, toolCallId },
        reaction,
      );
      return { ...(await countSlot(trx, messageId, toolCallId)), mine };
    });
  });

  app.get(MEME_PATHS.reactions, auth, async (request): Promise<MemeReactionsResponse> => {
    const { conversationId } = parseInput(conversationQuery, request.query);
    const userId = request.user.id;
    if (!(await findConversation(db, userId, conversationId)))
      throw new AppError('not_found', 'Conversation not found');
    return conversationReactions(db, conversationId, { mineOf: userId });
  });

  // The same access rule as the shared conversation itself (share-access.ts).
  const { visitor } = sharedLinkGuards(app);

  /** A shared page's reactions: counts only, keyed by the page's stand-in message ids. */
  app.get<ShareParams>(
    '/api/share/:shareId/meme-reactions',
    visitor,
    async (request): Promise<MemeReactionsResponse> => {
      const { shareId } = request.params;
      const share = await findVisibleShare(db, shareId);
      if (!share) throw new AppError('not_found', 'Shared link not found');
      return conversationReactions(db, share.conversation_id, {
        onlyMessages: new Set(JSON.parse(share.message_ids) as string[]),
        messageKey: (messageId) => anonymousId('msg', share.share_id, messageId),
      });
    },
  );
}
