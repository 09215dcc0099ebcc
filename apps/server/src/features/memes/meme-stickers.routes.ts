import { MEME_PATHS } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { memeStickerPng } from './meme-sticker-images.js';

const params = z.object({ file: z.string().max(100) });
const STICKER_FILE = /^([a-z0-9-]{1,64})\.png$/;
const ONE_DAY_SECONDS = 86_400;
/** MEME_PATHS.sticker(id)'s route: `<id>.png` under the stickers' folder. */
const STICKER_ROUTE = `${MEME_PATHS.sticker('').slice(0, -'.png'.length)}:file`;

/**
 * Issue 39: each sticker's picture, public like the templates' (the browser's canvas loads it as
 * a plain image and must stay untainted; the art is the project's own, the same for everyone).
 */
export async function memeStickersRoutes(app: FastifyInstance): Promise<void> {
  app.get(STICKER_ROUTE, async (request, reply) => {
    const { file } = parseInput(params, request.params);
    const id = STICKER_FILE.exec(file)?.[1];
    const image = id ? await memeStickerPng(id) : undefined;
    if (!image) throw new AppError('not_found', 'Meme sticker not found');
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', `public, max-age=${ONE_DAY_SECONDS}`)
      .header('x-content-type-options', 'nosniff')
      .send(image);
  });
}
