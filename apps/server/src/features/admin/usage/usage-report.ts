import type { AdminUsageQuery, AdminUsageReport } from '@confab/shared';
import type { Db } from '../../../db/database.js';
import { eventCounts, topUsers, usageByDay, usageByModel, usageTotals, violationSummary } from './usage-queries.js';
import { daysOf, previousRange, resolveUsageRange } from './usage-range.js';

/** The whole report of a range: its totals and the previous period's, per day, model and user, events and violations. */
export async function buildUsageReport(db: Db, query: AdminUsageQuery, balanceEnabled: boolean, now = new Date()): Promise<AdminUsageReport> {
  const range = resolveUsageRange(query, now);
  const before = previousRange(range);
  const [totals, previousTotals, byDay, models, users, events, violations] = await Promise.all([
    usageTotals(db, range),
    usageTotals(db, before),
    usageByDay(db, range),
    usageByModel(db, range),
    topUsers(db, range, query.topUsers),
    eventCounts(db, range),
    violationSummary(db, range),
  ]);
  return {
    range: { from: range.from, to: range.to, days: range.days, timeZone: 'UTC' },
    previousRange: { from: before.from, to: before.to },
    balanceEnabled,
    totals,
    previousTotals,
    daily: daysOf(range).map((date) => ({
      date,
      ...(byDay.get(date) ?? { messages: 0, replies: 0, activeUsers: 0, promptTokens: 0, completionTokens: 0, credits: 0 }),
    })),
    models,
    topUsers: users,
    events,
    violations,
  };
}
