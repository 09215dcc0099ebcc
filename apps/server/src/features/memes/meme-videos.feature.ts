import type { FastifyInstance } from 'fastify';
import { staticToolSource } from '../tools/tool-registry.js';
import { registerMemeVideoRoutes } from './meme-video-routes.js';
import { removeStaleVideoWork } from './meme-video-render.js';
import { createMemeVideoTool, memeVideoTempRoot } from './meme-video-tool.js';
import type { MemesFeatureDeps } from './memes.feature.js';

/**
 * Meme videos (issue 21): `create_meme_video` in the one tool registry when memes are on, and the
 * route that serves what it made. The route stays when memes are turned off, so videos already in
 * conversations (and their shared links) keep playing.
 */
export async function registerMemeVideos(app: FastifyInstance, deps: MemesFeatureDeps): Promise<void> {
  if (deps.config.memes.enabled) {
    deps.tools.register(staticToolSource([createMemeVideoTool(deps)]));
    // In the background: start-up need not wait for a sweep of leftovers.
    removeStaleVideoWork(memeVideoTempRoot(deps)).catch((err: unknown) =>
      app.log.warn({ err }, 'could not remove stale meme video work folders'),
    );
  }
  await registerMemeVideoRoutes(app, deps);
}
