import { searchQuerySchema, type SearchResultPage } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/parse.js';
import { toConversation, type ConversationRow } from '../conversations/conversations.repo.js';
import { extractSearchTerms } from './fts-query.js';
import { loadMessageHits } from './message-hits.js';
import { createSearchIndex } from './search-index.js';

/** Conversations matched by title on a search's first page. */
const TITLE_MATCH_LIMIT = 25;

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const search = createSearchIndex(app.db);

  /** Search is built in (no external service), so it is always on. */
  app.get('/api/search/enable', { preHandler: app.authenticate }, async () => true);

  /**
   * The caller's messages matching every word of `q`, newest first, each marked `searchResult`
   * with its conversation's title, so the client can open the conversation at that message.
   * `conversations` holds those messages' conversations and, on the first page, the unarchived
   * conversations whose title matches, most recently updated first.
   */
  app.get('/api/search', { preHandler: app.authenticate }, async (request): Promise<SearchResultPage> => {
    const { q, cursor, limit } = parseInput(searchQuerySchema, request.query);
    const userId = request.user.id;
    const terms = extractSearchTerms(q);
    if (terms.length === 0) return { conversations: [], messages: [], nextCursor: null };

    const page = await search.searchMessages(userId, terms, { cursor, limit });
    const hits = await loadMessageHits(db, userId, page.messageIds);
    const titleMatches: ConversationRow[] = cursor
      ? []
      : await db
          .selectFrom('conversations')
          .selectAll()
          .where('user_id', '=', userId)
          // As the sidebar lists them (and so the list index gives the order): not archived.
          .where('is_archived', '=', 0)
          .where('expired_at', 'is', null)
          .where(search.titleMatches(userId, terms))
          .orderBy('updated_at', 'desc')
          .limit(TITLE_MATCH_LIMIT)
          .execute();

    const seen = new Set<string>();
    const conversations = [...titleMatches, ...hits.conversations].filter((c) => {
      if (seen.has(c.conversation_id)) return false;
      seen.add(c.conversation_id);
      return true;
    });
    return { conversations: conversations.map(toConversation), messages: hits.messages, nextCursor: page.nextCursor };
  });
}
