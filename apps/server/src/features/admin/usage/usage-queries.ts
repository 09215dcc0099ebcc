import type {
  AdminUsageEventCount,
  AdminUsageModel,
  AdminUsageTotals,
  AdminUsageUser,
  AdminUsageViolation,
  AdminUsageViolationType,
} from '@confab/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { UsageRange } from './usage-range.js';

/*
 * The aggregates of Admin → Usage, each one SQL statement that runs alike on SQLite and
 * PostgreSQL: times are ISO text in UTC on both, so a day is `substr(created_at, 1, 10)` and a
 * range is a text comparison the created_at indexes (migration 026) serve. Sums come back as
 * numbers or numeric strings depending on the driver; every value goes through num().
 */

const num = (value: unknown): number => Number(value ?? 0) || 0;

/** One field of a reply's stored usage (shared TokenUsage JSON), 0 when the reply has none. */
function usageField(db: Db, field: 'promptTokens' | 'completionTokens'): RawBuilder<number> {
  return db.dialect === 'postgres'
    ? sql<number>`coalesce((usage::jsonb ->> ${sql.lit(field)})::numeric, 0)`
    : sql<number>`coalesce(json_extract(usage, ${sql.lit(`$.${field}`)}), 0)`;
}

const sent = sql<number>`sum(case when is_created_by_user = 1 then 1 else 0 end)`;
const replies = sql<number>`sum(case when is_created_by_user = 0 then 1 else 0 end)`;
const activeUsers = sql<number>`count(distinct case when is_created_by_user = 1 then user_id end)`;
const day = sql<string>`substr(created_at, 1, 10)`;
/** Settled spends are negative ledger values; credits spent is their opposite. */
const spent = sql<number>`sum(-token_value)`;

/** Messages in the range; token sums only count replies (a user's message carries no usage). */
function messagesIn(db: Db, range: UsageRange) {
  return db.kysely
    .selectFrom('messages')
    .where('created_at', '>=', range.startIso)
    .where('created_at', '<', range.endIso);
}

function tokenSums(db: Db) {
  return [
    sql<number>`sum(case when is_created_by_user = 0 then ${usageField(db, 'promptTokens')} else 0 end)`.as('prompt_tokens'),
    sql<number>`sum(case when is_created_by_user = 0 then ${usageField(db, 'completionTokens')} else 0 end)`.as(
      'completion_tokens',
    ),
  ] as const;
}

/**
 * Credits spent on replies: the ledger's settled 'spend' rows (context 'message'). Holds taken
 * before a reply and released after it cancel out and are left aside, as is a hold a crashed
 * process never released.
 */
function spendsIn(db: Db, range: UsageRange) {
  return db.kysely
    .selectFrom('transactions')
    .where('kind', '=', 'spend')
    .where('context', '=', 'message')
    .where('created_at', '>=', range.startIso)
    .where('created_at', '<', range.endIso);
}

export async function usageTotals(db: Db, range: UsageRange): Promise<AdminUsageTotals> {
  const [row, credits] = await Promise.all([
    messagesIn(db, range)
      .select([sent.as('messages'), replies.as('replies'), activeUsers.as('active_users'), ...tokenSums(db)])
      .executeTakeFirst(),
    spendsIn(db, range).select(spent.as('credits')).executeTakeFirst(),
  ]);
  return {
    messages: num(row?.messages),
    replies: num(row?.replies),
    activeUsers: num(row?.active_users),
    promptTokens: num(row?.prompt_tokens),
    completionTokens: num(row?.completion_tokens),
    credits: num(credits?.credits),
  };
}

/** Per-day rows of the days that had any activity, keyed by YYYY-MM-DD. */
export async function usageByDay(db: Db, range: UsageRange): Promise<Map<string, AdminUsageTotals>> {
  const [rows, credits] = await Promise.all([
    messagesIn(db, range)
      .select([day.as('day'), sent.as('messages'), replies.as('replies'), activeUsers.as('active_users'), ...tokenSums(db)])
      .groupBy(day)
      .execute(),
    spendsIn(db, range).select([day.as('day'), spent.as('credits')]).groupBy(day).execute(),
  ]);
  const byDay = new Map<string, AdminUsageTotals>();
  const at = (d: string): AdminUsageTotals => {
    let entry = byDay.get(d);
    if (!entry) {
      entry = { messages: 0, replies: 0, activeUsers: 0, promptTokens: 0, completionTokens: 0, credits: 0 };
      byDay.set(d, entry);
    }
    return entry;
  };
  for (const r of rows) {
    Object.assign(at(r.day), {
      messages: num(r.messages),
      replies: num(r.replies),
      activeUsers: num(r.active_users),
      promptTokens: num(r.prompt_tokens),
      completionTokens: num(r.completion_tokens),
    });
  }
  for (const r of credits) at(r.day).credits = num(r.credits);
  return byDay;
}

const UNKNOWN_MODEL = '(unknown)';

export async function usageByModel(db: Db, range: UsageRange): Promise<AdminUsageModel[]> {
  const model = sql<string>`coalesce(model, ${sql.lit(UNKNOWN_MODEL)})`;
  const [rows, credits] = await Promise.all([
    messagesIn(db, range)
      .where('is_created_by_user', '=', 0)
      .select([model.as('model'), sql<string | null>`min(endpoint)`.as('endpoint'), sql<number>`count(*)`.as('replies'), ...tokenSums(db)])
      .groupBy(model)
      .execute(),
    spendsIn(db, range)
      .select([model.as('model'), sql<string | null>`min(endpoint)`.as('endpoint'), spent.as('credits')])
      .groupBy(model)
      .execute(),
  ]);
  const byModel = new Map<string, AdminUsageModel>();
  for (const r of rows) {
    byModel.set(r.model, {
      model: r.model,
      endpoint: r.endpoint,
      replies: num(r.replies),
      promptTokens: num(r.prompt_tokens),
      completionTokens: num(r.completion_tokens),
      credits: 0,
    });
  }
  for (const r of credits) {
    const entry = byModel.get(r.model);
    if (entry) entry.credits = num(r.credits);
    else byModel.set(r.model, { model: r.model, endpoint: r.endpoint, replies: 0, promptTokens: 0, completionTokens: 0, credits: num(r.credits) });
  }
  return [...byModel.values()].sort(
    (a, b) =>
      b.promptTokens + b.completionTokens - (a.promptTokens + a.completionTokens) ||
      b.replies - a.replies ||
      b.credits - a.credits ||
      a.model.localeCompare(b.model),
  );
}

/** The `limit` users who sent the most messages in the range, with their tokens and credits. */
export async function topUsers(db: Db, range: UsageRange, limit: number): Promise<AdminUsageUser[]> {
  const rows = await messagesIn(db, range)
    .select(['user_id', sent.as('messages'), ...tokenSums(db)])
    .groupBy('user_id')
    .orderBy(sent, 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  const ids = rows.filter((r) => num(r.messages) > 0).map((r) => r.user_id);
  if (ids.length === 0) return [];
  const [users, credits] = await Promise.all([
    db.kysely.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute(),
    spendsIn(db, range).where('user_id', 'in', ids).select(['user_id', spent.as('credits')]).groupBy('user_id').execute(),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const creditsById = new Map(credits.map((c) => [c.user_id, num(c.credits)]));
  return rows
    .filter((r) => num(r.messages) > 0)
    .map((r) => ({
      id: r.user_id,
      name: userById.get(r.user_id)?.name ?? null,
      email: userById.get(r.user_id)?.email ?? null,
      messages: num(r.messages),
      promptTokens: num(r.prompt_tokens),
      completionTokens: num(r.completion_tokens),
      credits: creditsById.get(r.user_id) ?? 0,
    }));
}

export async function eventCounts(db: Db, range: UsageRange): Promise<AdminUsageEventCount[]> {
  const count = sql<number>`count(*)`;
  const rows = await db.kysely
    .selectFrom('analytics_events')
    .where('created_at', '>=', range.startIso)
    .where('created_at', '<', range.endIso)
    .select(['event', count.as('count')])
    .groupBy('event')
    .orderBy(count, 'desc')
    .orderBy('event')
    .execute();
  return rows.map((r) => ({ event: r.event, count: num(r.count) }));
}

/** How many recent violations the report lists. */
export const RECENT_VIOLATIONS = 10;

export async function violationSummary(
  db: Db,
  range: UsageRange,
): Promise<{ byType: AdminUsageViolationType[]; recent: AdminUsageViolation[] }> {
  const count = sql<number>`count(*)`;
  const inRange = db.kysely
    .selectFrom('violations')
    .where('violations.created_at', '>=', range.startIso)
    .where('violations.created_at', '<', range.endIso);
  const [types, recent] = await Promise.all([
    inRange
      .select(['type', count.as('count'), sql<number>`count(distinct user_id)`.as('users')])
      .groupBy('type')
      .orderBy(count, 'desc')
      .orderBy('type')
      .execute(),
    inRange
      .leftJoin('users', 'users.id', 'violations.user_id')
      .select([
        'violations.id',
        'violations.type',
        'violations.score',
        'violations.user_id',
        'violations.created_at',
        'users.name',
        'users.email',
      ])
      .orderBy('violations.created_at', 'desc')
      .orderBy('violations.id', 'desc')
      .limit(RECENT_VIOLATIONS)
      .execute(),
  ]);
  return {
    byType: types.map((t) => ({ type: t.type, count: num(t.count), users: num(t.users) })),
    recent: recent.map((v) => ({
      id: v.id,
      type: v.type,
      score: num(v.score),
      user: v.user_id ? { id: v.user_id, name: v.name ?? null, email: v.email ?? null } : null,
      createdAt: v.created_at,
    })),
  };
}
