import type { FastifyInstance } from 'fastify';

/**
 * GET /api/banner: the banner to show, or null. Banners are configured by administrators in a
 * later issue; until one exists the answer is an honest "none" rather than a 404 on every page.
 */
export async function bannersRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/banner', async () => null);
}
