import {
  ADMIN_ROUTES,
  connectionTestInputSchema,
  managedEndpointInputSchema,
  type AdminEndpointsResponse,
  type ConnectionTestResult,
  type SetupStatusResponse,
} from '@confab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { testConnection } from './connection-test.js';
import type { ManagedEndpoints } from './managed-endpoints.service.js';

function assertAdmin(request: FastifyRequest): void {
  if (request.user.role !== 'ADMIN') throw new AppError('forbidden', 'Only administrators manage endpoints');
}

const idParams = z.object({ id: z.string().min(1).max(100) });

/** The setup screen's and the Admin area's endpoints (administrators only; never a key in an answer). */
export async function adminEndpointsRoutes(app: FastifyInstance, opts: { managed: ManagedEndpoints }): Promise<void> {
  const { managed } = opts;
  const auth = { preHandler: app.authenticate };

  // Any signed-in user: a user who is not an administrator is told to ask one.
  app.get(ADMIN_ROUTES.setupStatus, auth, async (): Promise<SetupStatusResponse> => managed.setupStatus());

  app.get(ADMIN_ROUTES.endpoints, auth, async (request): Promise<AdminEndpointsResponse> => {
    assertAdmin(request);
    return { endpoints: await managed.list() };
  });

  app.post(ADMIN_ROUTES.endpoints, auth, async (request, reply) => {
    assertAdmin(request);
    const values = parseInput(managedEndpointInputSchema, request.body ?? {});
    return reply.status(201).send(await managed.create(values, request.user.id));
  });

  app.patch(ADMIN_ROUTES.endpoint, auth, async (request) => {
    assertAdmin(request);
    const { id } = parseInput(idParams, request.params);
    return managed.update(id, parseInput(managedEndpointInputSchema, request.body ?? {}));
  });

  app.delete(ADMIN_ROUTES.endpoint, auth, async (request) => {
    assertAdmin(request);
    const { id } = parseInput(idParams, request.params);
    await managed.remove(id);
    return { message: 'Endpoint removed', id };
  });

  app.post(ADMIN_ROUTES.testConnection, auth, async (request): Promise<ConnectionTestResult> => {
    assertAdmin(request);
    const input = parseInput(connectionTestInputSchema, request.body ?? {});
    const apiKey = input.apiKey ?? (input.id ? await managed.storedKey(input.id) : undefined) ?? '';
    return testConnection({ ...input, apiKey });
  });
}
