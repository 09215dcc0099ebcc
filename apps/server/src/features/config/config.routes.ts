import type { StartupConfig } from '@confab/shared';
import type { FastifyInstance } from 'fastify';

export async function configRoutes(app: FastifyInstance, opts: { startupConfig: StartupConfig }): Promise<void> {
  app.get('/api/config', async () => opts.startupConfig);
}
