import { banUserSchema, type Role } from '@confab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { banUser } from './violations.js';

/** A user as the administrator's list shows them. */
export interface AdminUserSummary {
  id: string;
  name: string;
  email: string;
  role: Role;
  provider: string;
  bannedUntil: string | null;
  banReason: string | null;
}

const listQuery = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

function assertAdmin(request: FastifyRequest): void {
  if (request.user.role !== 'ADMIN') throw new AppError('forbidden', 'Not allowed');
}

/** Administrators: find users, ban them or lift a ban. */
export async function adminUsersRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.get('/api/admin/users', auth, async (request): Promise<{ users: AdminUserSummary[] }> => {
    assertAdmin(request);
    const { search, limit } = parseInput(listQuery, request.query);
    let query = app.db.kysely
      .selectFrom('users')
      .select(['id', 'name', 'email', 'role', 'provider', 'banned_until', 'ban_reason'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit);
    if (search) {
      // LIKE's wildcards are dropped rather than escaped: the dialects disagree on the escape character.
      const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, '')}%`;
      query = query.where((eb) =>
        eb.or([eb(eb.fn('lower', ['email']), 'like', pattern), eb(eb.fn('lower', ['name']), 'like', pattern)]),
      );
    }
    const rows = await query.execute();
    return {
      users: rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        role: r.role as Role,
        provider: r.provider,
        bannedUntil: r.banned_until,
        banReason: r.ban_reason,
      })),
    };
  });

  app.post<{ Params: { id: string } }>('/api/admin/users/:id/ban', auth, async (request) => {
    assertAdmin(request);
    const { durationMs, reason } = parseInput(banUserSchema, request.body);
    const target = await app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('id', '=', request.params.id)
      .executeTakeFirst();
    if (!target) throw new AppError('not_found', 'User not found');
    // An administrator locking themselves out would leave nobody to lift it.
    if (target.id === request.user.id && durationMs > 0) {
      throw new AppError('bad_request', 'You cannot ban yourself.');
    }
    const { bannedUntil } = await banUser(app.db, target.id, {
      durationMs,
      reason: reason ?? 'ban',
      lift: durationMs === 0,
    });
    request.log.info(
      { userId: target.id, bannedUntil, by: request.user.id },
      durationMs ? 'user banned' : 'ban lifted',
    );
    return { id: target.id, bannedUntil };
  });
}
