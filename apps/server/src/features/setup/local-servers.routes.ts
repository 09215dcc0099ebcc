import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env.js';
import type { ManagedEndpoints } from './managed-endpoints.service.js';

/** PLACEHOLDER (issue 25, being built): Ollama, LM Studio, llama.cpp and vLLM found on localhost. */
export async function localServersRoutes(
  _app: FastifyInstance,
  _opts: { managed: ManagedEndpoints; env: Env },
): Promise<void> {}
