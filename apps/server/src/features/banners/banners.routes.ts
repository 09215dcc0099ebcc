import type { BannerResponse } from '@confab/shared';
import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import { bearerToken } from '../auth/authenticate.js';
import { findCurrentBanner, toBannerResponse } from './banners.repo.js';

/**
 * GET /api/banner (SPEC 7): the current banner in LibreChat's shape, or null. Authentication is
 * optional, as in LibreChat: a visitor (or a stale token) gets the public banner, a signed-in user
 * also the ones for signed-in users.
 */
export async function bannersRoutes(app: FastifyInstance): Promise<void> {
  const isSignedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!bearerToken(request)) return false;
    try {
      await app.authenticate(request, reply);
      return true;
    } catch {
      return false;
    }
  };

  app.get('/api/banner', async (request, reply): Promise<BannerResponse | null> => {
    const row = await findCurrentBanner(app.db.kysely, { isSignedIn: await isSignedIn(request, reply) });
    // A banner's window opens and closes with the clock: never let a cache keep an old answer.
    void reply.header('Cache-Control', 'no-store');
    return row ? toBannerResponse(row) : null;
  });
}
