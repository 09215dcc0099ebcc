import type { FastifyInstance } from 'fastify';
import type { MemesFeatureDeps } from './memes.feature.js';

// Placeholder: built by its own part of issue 21.
export async function registerMemeVideos(_app: FastifyInstance, _deps: MemesFeatureDeps): Promise<void> {}
