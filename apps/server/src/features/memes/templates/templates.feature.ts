import type { FastifyInstance } from 'fastify';
import { createEmbedder } from '../../file-search/embedder.js';
import type { MemesDeps } from '../memes.feature.js';
import { customTemplatesRoutes } from './custom-templates.routes.js';
import { searchTemplatesToolSource } from './search-templates-tool.js';
import { TemplateLibrary } from './template-library.js';
import { memeTemplatesRoutes } from './templates.routes.js';

/**
 * The template library (issues 21 and 39): the gallery's routes, people's own templates, and
 * search_meme_templates in the one tool registry beside the other meme tools. Its search by
 * meaning uses the embedding model file_search is configured with (the same environment).
 */
export async function registerMemeTemplates(app: FastifyInstance, deps: MemesDeps): Promise<TemplateLibrary> {
  const library = new TemplateLibrary(deps.db.kysely, createEmbedder(deps.env), app.log);
  const { db, storage } = deps;
  await app.register(async (scope) => memeTemplatesRoutes(scope, { library, db, storage }));
  await app.register(async (scope) => customTemplatesRoutes(scope, { db, storage }));
  if (deps.config.memes.enabled) deps.tools.register(searchTemplatesToolSource(library));
  return library;
}
