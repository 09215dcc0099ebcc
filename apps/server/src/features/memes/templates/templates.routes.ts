import { MEME_PATHS } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import { parseInput } from '../../../platform/parse.js';
import {
  listMemeTemplates,
  memeTemplateImage,
  memeTemplateThumbnail,
  warmMemeTemplateImages,
} from './meme-templates.js';

const imageParams = z.object({ file: z.string().max(100) });
/** `?thumb=1`: the gallery's small version. */
const imageQuery = z.object({ thumb: z.enum(['1', 'true']).optional() });
const TEMPLATE_FILE = /^([a-z0-9-]{1,64})\.png$/;
const ONE_DAY_SECONDS = 86_400;

const notFound = () => new AppError('not_found', 'Meme template not found');

/**
 * The meme template gallery: the list for signed-in users; each picture public, because the
 * browser's canvas loads it as a plain image (no bearer token) and must stay untainted, and the
 * art is the project's own, the same for everyone.
 */
export async function memeTemplatesRoutes(app: FastifyInstance): Promise<void> {
  app.get(MEME_PATHS.templates, { preHandler: app.authenticate }, async () => {
    warmMemeTemplateImages();
    return { templates: listMemeTemplates() };
  });

  app.get(`${MEME_PATHS.templates}/:file`, async (request, reply) => {
    const { file } = parseInput(imageParams, request.params);
    const { thumb } = parseInput(imageQuery, request.query);
    const id = TEMPLATE_FILE.exec(file)?.[1];
    const image = id ? await (thumb ? memeTemplateThumbnail(id) : memeTemplateImage(id)) : undefined;
    if (!image) throw notFound();
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', `public, max-age=${ONE_DAY_SECONDS}`)
      .header('x-content-type-options', 'nosniff')
      .send(image);
  });
}
