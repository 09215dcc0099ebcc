import { z } from 'zod';

/** The longest range Admin → Usage reports at once, in days. */
export const ADMIN_USAGE_MAX_DAYS = 366;
/** The range when the request names none: the last 30 UTC days, today included. */
export const ADMIN_USAGE_DEFAULT_DAYS = 30;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (UTC) as YYYY-MM-DD that really exists (no 2026-02-30). */
const utcDay = z
  .string()
  .regex(DAY, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, 'is not a calendar date');

/**
 * GET /api/admin/usage (and /api/admin/usage.csv): the UTC days `from`..`to`, both included.
 * Either may be left out: `to` defaults to today, `from` to 29 days before `to`.
 */
export const adminUsageQuerySchema = z
  .object({
    from: utcDay.optional(),
    to: utcDay.optional(),
    /** How many of the most active users to list. */
    topUsers: z.coerce.number().int().min(1).max(100).default(10),
  })
  .strict();
export type AdminUsageQuery = z.infer<typeof adminUsageQuerySchema>;

/** What a range counts. Tokens are those the providers reported on replies; credits are settled spends. */
export interface AdminUsageTotals {
  /** Messages users sent. */
  messages: number;
  /** Replies the models wrote (errors included). */
  replies: number;
  /** Distinct users who sent at least one message. */
  activeUsers: number;
  promptTokens: number;
  completionTokens: number;
  /** Credits spent on replies (the ledger's settled spends); 0 when the balance is off. */
  credits: number;
}

export interface AdminUsageDay {
  /** YYYY-MM-DD, UTC. */
  date: string;
  messages: number;
  replies: number;
  activeUsers: number;
  promptTokens: number;
  completionTokens: number;
  credits: number;
}

export interface AdminUsageModel {
  model: string;
  /** The endpoint the model's replies came from (the first by name when several). */
  endpoint: string | null;
  replies: number;
  promptTokens: number;
  completionTokens: number;
  credits: number;
}

export interface AdminUsageUser {
  id: string;
  name: string | null;
  email: string | null;
  messages: number;
  promptTokens: number;
  completionTokens: number;
  credits: number;
}

export interface AdminUsageEventCount {
  event: string;
  count: number;
}

export interface AdminUsageViolationType {
  type: string;
  count: number;
  /** Distinct users it was recorded for (visitors by IP are not counted). */
  users: number;
}

export interface AdminUsageViolation {
  id: string;
  type: string;
  score: number;
  user: { id: string; name: string | null; email: string | null } | null;
  createdAt: string;
}

export interface AdminUsageReport {
  range: { from: string; to: string; days: number; timeZone: 'UTC' };
  /** The same number of days just before `range`, for the change shown on each total. */
  previousRange: { from: string; to: string };
  /** Whether the token balance is on (config.yaml `balance.enabled`): without it no credits are spent. */
  balanceEnabled: boolean;
  totals: AdminUsageTotals;
  previousTotals: AdminUsageTotals;
  /** Every day of the range, oldest first, days without activity as zeros. */
  daily: AdminUsageDay[];
  /** Models by tokens, then replies, most first. */
  models: AdminUsageModel[];
  /** The most active users by messages sent, most first. */
  topUsers: AdminUsageUser[];
  /** SPEC 7's analytics events by name, most first. */
  events: AdminUsageEventCount[];
  violations: { byType: AdminUsageViolationType[]; recent: AdminUsageViolation[] };
}
