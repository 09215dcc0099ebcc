import { listSharedLinksQuerySchema, SHARE_ID_PATTERN, type SharedConversation, type SharedLinkStatus } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { findConversation } from '../conversations/conversations.repo.js';
import { listMessages, toMessage } from '../messages/messages.repo.js';
import { recordEvent } from '../events/record-event.js';
import { createSearchIndex } from '../search/search-index.js';
import { anonymizeMessages, anonymousId } from './anonymize-share.js';
import { findVisibleShare, sharedLinkGuards } from './share-access.js';
import { createShare, deleteShare, findOwnShare, findShareOfConversation, listShares, refreshShare, toSharedLink } from './share.repo.js';

type ShareParams = { Params: { shareId: string } };
type ConversationParams = { Params: { conversationId: string } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const shareNotFound = () => new AppError('not_found', 'Shared link not found');
const conversationNotFound = () => new AppError('not_found', 'Conversation not found');

/**
 * Shared links (SPEC 7, Share). An id in the path that cannot name anything is a 404, the same
 * answer as an id that names nothing, so a probe learns nothing from the difference.
 */
export async function shareRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const search = createSearchIndex(app.db);
  const { owner, visitor } = sharedLinkGuards(app);

  app.get('/api/share', owner, async (request) => listShares(app.db, search, request.user.id, parseInput(listSharedLinksQuerySchema, request.query)));

  app.get<ConversationParams>('/api/share/link/:conversationId', owner, async (request): Promise<SharedLinkStatus> => {
    const { conversationId } = request.params;
    const share = UUID.test(conversationId) ? await findShareOfConversation(db, request.user.id, conversationId) : undefined;
    return { success: share !== undefined, shareId: share?.share_id ?? null, conversationId };
  });

  /** Public read: only the messages of the cut-off, every id anonymised, no owner. */
  app.get<ShareParams>('/api/share/:shareId', visitor, async (request): Promise<SharedConversation> => {
    const { shareId } = request.params;
    const share = await findVisibleShare(db, shareId);
    if (!share) throw shareNotFound();
    const shared = new Set(JSON.parse(share.message_ids) as string[]);
    const messages = (await listMessages(db, share.user_id, share.conversation_id)).filter((m) => shared.has(m.message_id)).map(toMessage);
    return {
      shareId: share.share_id,
      title: share.title,
      isPublic: true,
      createdAt: share.created_at,
      updatedAt: share.updated_at,
      conversationId: anonymousId('convo', share.share_id, share.conversation_id),
      messages: anonymizeMessages(share.share_id, share.conversation_id, messages),
    };
  });

  /** Creates the link of one's own conversation, or answers the existing one. */
  app.post<ConversationParams>('/api/share/:conversationId', owner, async (request) => {
    const { conversationId } = request.params;
    const userId = request.user.id;
    const row = await db.transaction().execute(async (trx) => {
      const conversation = UUID.test(conversationId) ? await findConversation(trx, userId, conversationId) : undefined;
      if (!conversation) throw conversationNotFound();
      const { share, isNew } = await createShare(trx, userId, conversation);
      // SPEC 7's chat_shared: counted where the link is made, once per link (asking again for an
      // existing link answers it without making one), so no browser has to report it.
      if (isNew) await recordEvent(trx, { userId, type: 'chat_shared', chatId: conversationId });
      return share;
    });
    return toSharedLink(row);
  });

  /** Refresh: a new id and a new cut-off; the old link stops working. */
  app.patch<ShareParams>('/api/share/:shareId', owner, async (request) => {
    const { shareId } = request.params;
    const userId = request.user.id;
    const row = await db.transaction().execute(async (trx) => {
      const share = SHARE_ID_PATTERN.test(shareId) ? await findOwnShare(trx, userId, shareId) : undefined;
      if (!share) throw shareNotFound();
      const conversation = await findConversation(trx, userId, share.conversation_id);
      if (!conversation) throw shareNotFound();
      return refreshShare(trx, userId, share, conversation.title);
    });
    return toSharedLink(row);
  });

  app.delete<ShareParams>('/api/share/:shareId', owner, async (request) => {
    const { shareId } = request.params;
    if (!SHARE_ID_PATTERN.test(shareId) || !(await deleteShare(db, request.user.id, shareId))) throw shareNotFound();
    return { success: true, shareId, message: 'Share deleted successfully' };
  });
}
