import type { FastifyInstance } from 'fastify';

// Placeholder: POST /api/events (SPEC 7, Analytics), built by its own part of issue 21.
export async function eventsRoutes(_app: FastifyInstance): Promise<void> {}
