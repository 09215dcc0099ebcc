import type { FastifyInstance } from 'fastify';
import { memeImageToolSource } from './meme-image-tool.js';
import type { MemesFeatureDeps } from './memes.feature.js';
import { listMemeTemplates } from './templates/meme-templates.js';

/**
 * The image side of memes: `create_meme_image` in the one tool registry, and (when
 * `memes.imageGeneration` names an endpoint and model) `generate_meme_background`.
 */
export async function registerMemeImages(_app: FastifyInstance, deps: MemesFeatureDeps): Promise<void> {
  if (!deps.config.memes.enabled) return;
  deps.tools.register(
    memeImageToolSource({ db: deps.db, storage: deps.storage, sources: deps.sources, templates: listMemeTemplates }),
  );
}
