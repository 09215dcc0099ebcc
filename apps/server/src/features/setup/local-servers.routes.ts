import { ADMIN_ROUTES, type LocalServersResponse } from '@confab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../../env.js';
import { AppError } from '../../platform/errors.js';
import { LocalServerDetector, markAdded, type LocalProbeOptions } from './local-servers.js';
import type { ManagedEndpoints } from './managed-endpoints.service.js';

function assertAdmin(request: FastifyRequest): void {
  if (request.user.role !== 'ADMIN') throw new AppError('forbidden', 'Only administrators look for local servers');
}

/**
 * Ollama, LM Studio, llama.cpp and vLLM found on this machine (issue 25), offered to the
 * administrator as ready endpoints. Probed once when the server is ready, without delaying it,
 * and again on demand. LOCAL_SERVER_DETECTION=false turns probing off (the list stays empty).
 */
export async function localServersRoutes(
  app: FastifyInstance,
  opts: { managed: ManagedEndpoints; env: Env; probe?: Partial<LocalProbeOptions> },
): Promise<void> {
  const isEnabled = opts.env.LOCAL_SERVER_DETECTION !== false;
  const detector = new LocalServerDetector({ host: opts.env.LOCAL_SERVER_HOST, ...opts.probe });
  const auth = { preHandler: app.authenticate };

  const answer = (): LocalServersResponse => {
    const { found, probedAt } = detector.latest();
    return { servers: markAdded(found, opts.managed.knownBaseURLs()), probedAt };
  };

  if (isEnabled) {
    // Fire and forget: the first probe must not hold up the server's start (a firewall that
    // drops packets would cost the whole timeout).
    app.addHook('onReady', async () => {
      detector.probe().catch((err: unknown) => app.log.warn({ err }, 'probing for local model servers failed'));
    });
  }

  app.get(ADMIN_ROUTES.localServers, auth, async (request): Promise<LocalServersResponse> => {
    assertAdmin(request);
    if (isEnabled && !detector.hasProbed()) await detector.probe();
    return answer();
  });

  app.post(ADMIN_ROUTES.localServers, auth, async (request): Promise<LocalServersResponse> => {
    assertAdmin(request);
    if (isEnabled) await detector.probe();
    return answer();
  });
}
