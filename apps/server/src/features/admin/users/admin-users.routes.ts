import {
  adminCreditsSchema,
  adminDeleteUserSchema,
  adminRoleSchema,
  adminUsersQuerySchema,
  adminUserTransactionsQuerySchema,
  banUserSchema,
  createAdminUserSchema,
  type AdminCreditsResponse,
  type AdminUser,
  type AdminUsersPage,
  type AdminUserTransactions,
  type CreateAdminUserResponse,
} from '@confab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '../../../platform/parse.js';
import type { AuditActor } from '../audit/record-admin-action.js';
import { adminOnly } from '../require-admin.js';
import type { AdminUsersService } from './admin-users.service.js';

type WithId = { Params: { id: string } };

const actorOf = (request: FastifyRequest): AuditActor => ({ id: request.user.id, email: request.user.email });

/**
 * Admin → Users (issue 40). Every route is administrators only (a USER is refused before the
 * handler, so nothing is read or stored) and every change records its audit row.
 */
export async function adminUsersRoutes(app: FastifyInstance, opts: { service: AdminUsersService }): Promise<void> {
  const { service } = opts;
  const guard = adminOnly(app);

  app.get('/api/admin/users', guard, async (request): Promise<AdminUsersPage> => {
    return service.list(parseInput(adminUsersQuerySchema, request.query));
  });

  app.post('/api/admin/users', guard, async (request, reply): Promise<CreateAdminUserResponse> => {
    const input = parseInput(createAdminUserSchema, request.body);
    const made = await service.create(actorOf(request), input);
    void reply.status(201);
    return made;
  });

  app.get<WithId>('/api/admin/users/:id', guard, async (request): Promise<AdminUser> => service.get(request.params.id));

  app.patch<WithId>('/api/admin/users/:id/role', guard, async (request): Promise<AdminUser> => {
    const { role } = parseInput(adminRoleSchema, request.body);
    return service.setRole(actorOf(request), request.params.id, role);
  });

  // Issue 22's route, path and answer unchanged: `durationMs: 0` lifts the ban.
  app.post<WithId>(
    '/api/admin/users/:id/ban',
    guard,
    async (request): Promise<{ id: string; bannedUntil: string | null }> => {
      const { durationMs, reason } = parseInput(banUserSchema, request.body);
      const user = await service.ban(actorOf(request), request.params.id, durationMs, reason);
      request.log.info(
        { userId: user.id, bannedUntil: user.bannedUntil, by: request.user.id },
        durationMs ? 'user banned' : 'ban lifted',
      );
      return { id: user.id, bannedUntil: user.bannedUntil };
    },
  );

  app.post<WithId>('/api/admin/users/:id/verify-email', guard, async (request): Promise<AdminUser> =>
    service.verifyEmail(actorOf(request), request.params.id),
  );

  app.post<WithId>('/api/admin/users/:id/reset-two-factor', guard, async (request): Promise<AdminUser> =>
    service.resetTwoFactor(actorOf(request), request.params.id),
  );

  app.post<WithId>('/api/admin/users/:id/credits', guard, async (request): Promise<AdminCreditsResponse> => {
    const change = parseInput(adminCreditsSchema, request.body);
    return service.changeCredits(actorOf(request), request.params.id, change);
  });

  app.get<WithId>('/api/admin/users/:id/transactions', guard, async (request): Promise<AdminUserTransactions> => {
    const { limit } = parseInput(adminUserTransactionsQuerySchema, request.query);
    await service.get(request.params.id);
    return { transactions: await service.transactions(request.params.id, limit) };
  });

  app.delete<WithId>('/api/admin/users/:id', guard, async (request, reply) => {
    const { confirmEmail } = parseInput(adminDeleteUserSchema, request.body ?? {});
    await service.remove(actorOf(request), request.params.id, confirmEmail);
    return reply.status(204).send();
  });
}
