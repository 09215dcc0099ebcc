import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { recordViolation } from '../account/violations.js';

/** The message every route answers, with 404, for a conversation that is not the caller's. */
const CONVERSATION_NOT_FOUND = 'Conversation not found';

/** The conversation a request names: in its path, its query, its body or LibreChat's `{arg}`. */
function conversationIdOf(request: FastifyRequest): string | undefined {
  const sources = [request.params, request.query, request.body, (request.body as { arg?: unknown } | null)?.arg];
  for (const source of sources) {
    const id = typeof source === 'object' && source !== null ? (source as { conversationId?: unknown }).conversationId : undefined;
    if (typeof id === 'string' && id.length > 0 && id.length <= 128) return id;
  }
  return undefined;
}

/**
 * SPEC 8's convo_access: a user who reads or sends to a conversation of someone else's. Every
 * route answers it as it answers an unknown one (404 "Conversation not found"), so that the
 * answer never says whether it exists; this one hook, on that answer, records the violation once
 * per request when the conversation does exist under another owner. The look-up and the record
 * are not awaited: the 404 goes out as fast either way.
 */
export function watchConvoAccess(app: FastifyInstance): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof AppError) || error.code !== 'not_found' || error.message !== CONVERSATION_NOT_FOUND) return;
    const userId = (request as { user?: { id: string } }).user?.id;
    const conversationId = conversationIdOf(request);
    if (!userId || !conversationId) return;
    void (async () => {
      const foreign = await app.db.kysely
        .selectFrom('conversations')
        .select('conversation_id')
        .where('conversation_id', '=', conversationId)
        .where('user_id', '<>', userId)
        .executeTakeFirst();
      if (!foreign) return;
      await recordViolation(app.db, app.env, {
        userId,
        ip: request.ip,
        type: 'convo_access',
        details: { conversationId, method: request.method, route: request.routeOptions.url },
      });
    })().catch((err: unknown) => app.log.error({ err }, 'could not record a convo_access violation'));
  });
}
