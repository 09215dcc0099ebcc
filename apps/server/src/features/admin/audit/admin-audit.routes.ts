import { adminAuditQuerySchema, type AdminAuditAction, type AdminAuditEntry, type AdminAuditPage } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../../platform/parse.js';
import { decodeCursor, encodeCursor } from '../../conversations/cursor.js';
import { adminOnly } from '../require-admin.js';

/** GET /api/admin/audit: the audit list, newest first, paged by an opaque cursor. */
export async function adminAuditRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/audit', adminOnly(app), async (request): Promise<AdminAuditPage> => {
    const q = parseInput(adminAuditQuerySchema, request.query);
    let query = app.db.kysely
      .selectFrom('admin_audit')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit + 1);
    if (q.action) query = query.where('action', '=', q.action);
    if (q.targetId) query = query.where('target_id', '=', q.targetId);
    if (q.cursor) {
      const [createdAt, id] = decodeCursor(q.cursor, ['string', 'string']) as [string, string];
      query = query.where((eb) =>
        eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
      );
    }
    const rows = await query.execute();
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return {
      entries: page.map(
        (r): AdminAuditEntry => ({
          id: r.id,
          actor: { id: r.actor_id, label: r.actor_label },
          action: r.action as AdminAuditAction,
          target: { type: r.target_type as AdminAuditEntry['target']['type'], id: r.target_id, label: r.target_label },
          details: JSON.parse(r.details) as Record<string, unknown>,
          createdAt: r.created_at,
        }),
      ),
      nextCursor: rows.length > q.limit && last ? encodeCursor([last.created_at, last.id]) : null,
    };
  });
}
