import type { FastifyInstance } from 'fastify';
import { staticToolSource } from '../tools/tool-registry.js';
import { createBackgroundGenerator } from './image-generation-model.js';
import { createImageGenerationTool } from './image-generation-tool.js';
import { memeImageToolSource } from './meme-image-tool.js';
import type { MemesFeatureDeps } from './memes.feature.js';
import { listMemeTemplates } from './templates/meme-templates.js';

/**
 * The image side of memes: `create_meme_image` in the one tool registry, and, when
 * `memes.imageGeneration` names an endpoint whose image model the server can call,
 * `generate_meme_background`.
 */
export async function registerMemeImages(app: FastifyInstance, deps: MemesFeatureDeps): Promise<void> {
  const settings = deps.config.memes;
  if (!settings.enabled) return;
  const { db, storage } = deps;
  deps.tools.register(memeImageToolSource({ db, storage, sources: deps.sources, templates: listMemeTemplates }));

  if (!settings.imageGeneration) return;
  const generate = createBackgroundGenerator(deps.catalog, settings.imageGeneration);
  // A misconfigured generator leaves the rest of memes working: the meme agent then has templates and uploads.
  if ('unavailable' in generate)
    return app.log.warn(`${generate.unavailable}: generate_meme_background is not offered`);
  deps.tools.register(staticToolSource([createImageGenerationTool({ db, storage, generate })]));
}
