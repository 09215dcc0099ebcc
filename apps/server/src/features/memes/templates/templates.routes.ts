import type { FastifyInstance } from 'fastify';

// Placeholder: GET /api/memes/templates and the templates' pictures, built by its own part of issue 21.
export async function memeTemplatesRoutes(_app: FastifyInstance): Promise<void> {}
