import { MEME_PATHS, memeTemplateSearchSchema, type MemeTemplatesResponse } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../platform/errors.js';
import { parseInput } from '../../../platform/parse.js';
import type { StorageAdapter } from '../../../platform/storage/storage.js';
import { customTemplatePicture, customTemplateThumbnail } from './custom-template-picture.js';
import { memeTemplateImage, memeTemplateThumbnail, warmMemeTemplateImages } from './meme-templates.js';
import type { TemplateLibrary } from './template-library.js';

const imageParams = z.object({ file: z.string().max(100) });
/** `?thumb=1`: the gallery's small version. */
const imageQuery = z.object({ thumb: z.enum(['1', 'true']).optional() });
const TEMPLATE_FILE = /^([a-z0-9-]{1,64})\.png$/;
const ONE_DAY_SECONDS = 86_400;

const notFound = () => new AppError('not_found', 'Meme template not found');

export interface MemeTemplatesRouteDeps {
  library: TemplateLibrary;
  db: Db;
  storage: StorageAdapter;
}

/**
 * The meme template gallery: the list (and its search) for signed-in users; each picture without
 * a bearer token, because the browser's canvas loads it as a plain image and must stay untainted.
 * The builtin art is the project's own, the same for everyone (public, cached a day). A custom
 * template's picture is served by its unguessable id (custom-templates.repo.ts): knowing the id is
 * the permission, as with a share link, and it is never kept by shared caches.
 */
export async function memeTemplatesRoutes(app: FastifyInstance, deps: MemeTemplatesRouteDeps): Promise<void> {
  app.get(MEME_PATHS.templates, { preHandler: app.authenticate }, async (request): Promise<MemeTemplatesResponse> => {
    warmMemeTemplateImages();
    const query = parseInput(memeTemplateSearchSchema, request.query);
    return deps.library.search(request.user.id, query);
  });

  app.get(`${MEME_PATHS.templates}/:file`, async (request, reply) => {
    const { file } = parseInput(imageParams, request.params);
    const { thumb } = parseInput(imageQuery, request.query);
    const id = TEMPLATE_FILE.exec(file)?.[1];
    if (!id) throw notFound();
    const builtin = await (thumb ? memeTemplateThumbnail(id) : memeTemplateImage(id));
    if (builtin)
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', `public, max-age=${ONE_DAY_SECONDS}`)
        .header('x-content-type-options', 'nosniff')
        .send(builtin);

    const custom = await customTemplatePicture(deps.db.kysely, deps.storage, id);
    if (!custom) throw notFound();
    // A deleted template must stop showing soon: an hour in the browser, never in a shared cache.
    reply.header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff');
    if (thumb) return reply.header('content-type', 'image/png').send(await customTemplateThumbnail(custom));
    return reply.header('content-type', custom.type).send(custom.data);
  });
}
