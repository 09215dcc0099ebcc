import { adminUsageQuerySchema, type AdminUsageReport } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../../platform/parse.js';
import { adminOnly } from '../require-admin.js';
import { usageCsv } from './usage-csv.js';
import { buildUsageReport } from './usage-report.js';

/**
 * Admin → Usage (issue 40): GET /api/admin/usage answers the report of a range of UTC days as
 * JSON; GET /api/admin/usage.csv the same report as a download (long-format CSV, usage-csv.ts).
 */
export async function adminUsageRoutes(app: FastifyInstance): Promise<void> {
  const report = (query: unknown): Promise<AdminUsageReport> =>
    buildUsageReport(app.db, parseInput(adminUsageQuerySchema, query), app.appConfig.balance.enabled);

  app.get('/api/admin/usage', adminOnly(app), async (request): Promise<AdminUsageReport> => report(request.query));

  app.get('/api/admin/usage.csv', adminOnly(app), async (request, reply) => {
    const built = await report(request.query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="confab-usage-${built.range.from}-to-${built.range.to}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(usageCsv(built));
  });
}
