import { ADMIN_USAGE_DEFAULT_DAYS, ADMIN_USAGE_MAX_DAYS } from '@confab/shared';
import { AppError } from '../../../platform/errors.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A range of whole UTC days, with the ISO bounds the tables' `created_at` text compares against. */
export interface UsageRange {
  from: string;
  to: string;
  days: number;
  /** `from` at 00:00 UTC, included. */
  startIso: string;
  /** The day after `to` at 00:00 UTC, excluded. */
  endIso: string;
}

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

function rangeOf(fromMs: number, toMs: number): UsageRange {
  return {
    from: dayOf(fromMs),
    to: dayOf(toMs),
    days: Math.round((toMs - fromMs) / DAY_MS) + 1,
    startIso: new Date(fromMs).toISOString(),
    endIso: new Date(toMs + DAY_MS).toISOString(),
  };
}

/**
 * The range a request asks for (days already checked as YYYY-MM-DD calendar dates): `to` defaults
 * to today (UTC), `from` to ADMIN_USAGE_DEFAULT_DAYS - 1 days before `to`. A reversed range or
 * one longer than ADMIN_USAGE_MAX_DAYS is refused with a 400 saying which.
 */
export function resolveUsageRange(query: { from?: string | undefined; to?: string | undefined }, now = new Date()): UsageRange {
  const toMs = query.to ? msOf(query.to) : msOf(dayOf(now.getTime()));
  const fromMs = query.from ? msOf(query.from) : toMs - (ADMIN_USAGE_DEFAULT_DAYS - 1) * DAY_MS;
  if (fromMs > toMs) {
    throw new AppError('validation_error', `from (${dayOf(fromMs)}) is after to (${dayOf(toMs)}).`, {
      issues: [{ path: 'from', message: 'must be on or before to' }],
    });
  }
  const range = rangeOf(fromMs, toMs);
  if (range.days > ADMIN_USAGE_MAX_DAYS) {
    throw new AppError('validation_error', `The range covers ${range.days} days; at most ${ADMIN_USAGE_MAX_DAYS} may be asked at once.`, {
      issues: [{ path: 'from', message: `at most ${ADMIN_USAGE_MAX_DAYS} days` }],
    });
  }
  return range;
}

/** The same number of days just before `range`. */
export function previousRange(range: UsageRange): UsageRange {
  const fromMs = msOf(range.from);
  return rangeOf(fromMs - range.days * DAY_MS, fromMs - DAY_MS);
}

/** Every day of the range, oldest first. */
export function daysOf(range: UsageRange): string[] {
  const start = msOf(range.from);
  return Array.from({ length: range.days }, (_, i) => dayOf(start + i * DAY_MS));
}
