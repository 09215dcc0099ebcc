import {
  bannerIdParamsSchema,
  bannerInputSchema,
  type AdminBanner,
  type AdminBannersResponse,
} from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { nowIso } from '../../platform/ids.js';
import { parseInput } from '../../platform/parse.js';
import { adminOnly } from '../admin/require-admin.js';
import { recordAdminAction, type AuditActor } from '../admin/audit/record-admin-action.js';
import { deleteBanner, findBannerById, insertBanner, listBanners, toAdminBanner, updateBanner } from './banners.repo.js';

/** The audit's label of a banner: the start of its message, on one line. */
const labelOf = (message: string) => message.replace(/\s+/g, ' ').trim().slice(0, 80);

/** Admin → Banners (issue 40): list, create, edit, delete; each change with its audit row. */
export async function adminBannersRoutes(app: FastifyInstance): Promise<void> {
  const guard = adminOnly(app);
  const actorOf = (user: { id: string; email: string }): AuditActor => ({ id: user.id, email: user.email });
  const notFound = () => new AppError('not_found', 'Banner not found');

  app.get('/api/admin/banners', guard, async (): Promise<AdminBannersResponse> => {
    const now = nowIso();
    return { banners: (await listBanners(app.db.kysely)).map((row) => toAdminBanner(row, now)) };
  });

  app.post('/api/admin/banners', guard, async (request, reply): Promise<AdminBanner> => {
    const input = parseInput(bannerInputSchema, request.body);
    const row = await app.db.kysely.transaction().execute(async (trx) => {
      const created = await insertBanner(trx, input, request.user.id);
      await recordAdminAction(trx, {
        actor: actorOf(request.user),
        action: 'banner.create',
        target: { type: 'banner', id: created.id, label: labelOf(created.message) },
        details: { displayFrom: created.display_from, displayTo: created.display_to, isPublic: input.isPublic, persistable: input.persistable },
      });
      return created;
    });
    void reply.status(201);
    return toAdminBanner(row, nowIso());
  });

  app.put('/api/admin/banners/:bannerId', guard, async (request): Promise<AdminBanner> => {
    const { bannerId } = parseInput(bannerIdParamsSchema, request.params);
    const input = parseInput(bannerInputSchema, request.body);
    const row = await app.db.kysely.transaction().execute(async (trx) => {
      const existing = await findBannerById(trx, bannerId);
      if (!existing) throw notFound();
      const updated = await updateBanner(trx, existing, input);
      const changes = (['message', 'display_from', 'display_to', 'is_public', 'persistable'] as const).filter(
        (key) => existing[key] !== updated[key],
      );
      await recordAdminAction(trx, {
        actor: actorOf(request.user),
        action: 'banner.update',
        target: { type: 'banner', id: updated.id, label: labelOf(updated.message) },
        details: { changes },
      });
      return updated;
    });
    return toAdminBanner(row, nowIso());
  });

  app.delete('/api/admin/banners/:bannerId', guard, async (request) => {
    const { bannerId } = parseInput(bannerIdParamsSchema, request.params);
    await app.db.kysely.transaction().execute(async (trx) => {
      const existing = await findBannerById(trx, bannerId);
      if (!existing) throw notFound();
      await deleteBanner(trx, bannerId);
      await recordAdminAction(trx, {
        actor: actorOf(request.user),
        action: 'banner.delete',
        target: { type: 'banner', id: bannerId, label: labelOf(existing.message) },
      });
    });
    return { message: 'Banner deleted', bannerId };
  });
}
