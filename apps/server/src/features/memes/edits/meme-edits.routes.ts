import { MEME_PATHS, memeEditBodySchema, type MemeEditResponse } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/errors.js';
import { parseInput } from '../../../platform/parse.js';
import type { MemesFeatureDeps } from '../memes.feature.js';
import { listMemeTemplates } from '../templates/meme-templates.js';
import { createMemeEditsService } from './meme-edits.service.js';

/**
 * How long a save may take (a remote picture fetched, the meme drawn). It is not tied to the
 * request: a save whose tab closes still lands, as a sent message does.
 */
const SAVE_TIMEOUT_MS = 60_000;

/** POST MEME_PATHS.edits: the meme editor's save (issue 39); see meme-edits.service.ts. */
export async function registerMemeEdits(app: FastifyInstance, deps: MemesFeatureDeps): Promise<void> {
  if (!deps.config.memes.enabled) return;
  const edits = createMemeEditsService({
    db: deps.db,
    storage: deps.storage,
    sources: deps.sources,
    templates: listMemeTemplates,
    isGenerating: async (userId, messageId) =>
      (await app.jobs.active(userId)).some((job) => job.responseMessageId === messageId),
  });

  app.post(MEME_PATHS.edits, { preHandler: app.authenticate }, async (request, reply): Promise<MemeEditResponse> => {
    const body = parseInput(memeEditBodySchema, request.body);
    const signal = AbortSignal.timeout(SAVE_TIMEOUT_MS);
    try {
      const saved = await edits.save(request.user.id, body, signal);
      reply.status(201);
      return saved;
    } catch (err) {
      if (signal.aborted && !(err instanceof AppError))
        throw new AppError('request_timeout', 'The meme took too long to make; try again.');
      throw err;
    }
  });
}
