import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

/** GET /health answers "OK" only when the database answers too. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db.kysely);
      return reply.type('text/plain').send('OK');
    } catch {
      return reply.status(503).type('text/plain').send('Database unavailable');
    }
  });
}
