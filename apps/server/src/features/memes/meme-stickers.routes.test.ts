import { MEME_PATHS, MEME_STICKER_SIZE, MEME_STICKERS } from '@confab/shared';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../platform/errors.js';
import { memeStickersRoutes } from './meme-stickers.routes.js';

describe('meme stickers route', () => {
  const app = Fastify();
  beforeAll(async () => {
    installErrorHandler(app);
    await app.register(memeStickersRoutes);
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves every sticker as a public, cacheable square PNG', async () => {
    for (const { id } of MEME_STICKERS) {
      const res = await app.inject({ method: 'GET', url: MEME_PATHS.sticker(id) });
      expect(res.statusCode, id).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha], id).toEqual([
        'png',
        MEME_STICKER_SIZE,
        MEME_STICKER_SIZE,
        true,
      ]);
    }
  });

  it('answers 404 for an unknown sticker', async () => {
    for (const url of [MEME_PATHS.sticker('no-such-sticker'), '/api/memes/stickers/heart.svg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
