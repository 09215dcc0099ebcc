import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config-schema.js';
import type { Db } from '../../db/database.js';
import type { Env } from '../../env.js';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import type { EndpointCatalog } from '../../providers/endpoint-catalog.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import { registerMemeEdits } from './edits/meme-edits.routes.js';
import { registerMemeImages } from './meme-images.feature.js';
import { registerMemeLinks } from './links/meme-links.routes.js';
import { registerMemeReactions } from './meme-reactions.feature.js';
import { memeStickersRoutes } from './meme-stickers.routes.js';
import type { MemeSourceResolver } from './meme-sources.js';
import { createMemeSourceResolver } from './meme-source-resolver.js';
import { registerMemeVideos } from './meme-videos.feature.js';
import { registerMemeTemplates } from './templates/templates.feature.js';

export interface MemesDeps {
  db: Db;
  storage: StorageAdapter;
  tools: ToolRegistry;
  config: AppConfig;
  env: Env;
  catalog: EndpointCatalog;
  /** The fetch for remote pictures: the egress guard's, unless a test brings its own. */
  fetch: typeof fetch;
}

export interface MemesFeatureDeps extends MemesDeps {
  sources: MemeSourceResolver;
}

/**
 * Memes (issue 21): the gallery, the image and video tools in the one registry, the video
 * route, and reactions. Each part registers itself; this only wires them.
 */
export async function registerMemes(app: FastifyInstance, deps: MemesDeps): Promise<void> {
  const withSources: MemesFeatureDeps = { ...deps, sources: createMemeSourceResolver(deps) };
  await registerMemeTemplates(app, deps);
  await registerMemeImages(app, withSources);
  await registerMemeVideos(app, withSources);
  await registerMemeReactions(app, withSources);
  await app.register(memeStickersRoutes);
  await registerMemeLinks(app, withSources);
  await registerMemeEdits(app, withSources);
}
