import type { AdminUsageReport, AdminUsageTotals } from '@confab/shared';

/**
 * The usage report as one CSV in long format (a row per figure): spreadsheets pivot it any way,
 * and every view of the page (totals, days, models, users, events, violations) is in one file.
 *
 *   section,date,subject,detail,metric,value
 *   total,,,,messages,42
 *   day,2026-11-01,,,active_users,3
 *   model,,gpt-4o,openAI,prompt_tokens,1200
 *   user,,ada@example.com,Ada,credits,5400
 *   event,,meme_share,,count,7
 *   violation,,concurrent,,count,2
 *
 * Days are UTC. Tokens are what the providers reported on replies; credits the settled spends.
 */
export const USAGE_CSV_HEADER = ['section', 'date', 'subject', 'detail', 'metric', 'value'] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula
 * (CSV injection, OWASP): such text cells get a leading apostrophe. Numbers are written as they are.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

const METRICS: [keyof AdminUsageTotals, string][] = [
  ['messages', 'messages'],
  ['replies', 'replies'],
  ['activeUsers', 'active_users'],
  ['promptTokens', 'prompt_tokens'],
  ['completionTokens', 'completion_tokens'],
  ['credits', 'credits'],
];

export function usageCsv(report: AdminUsageReport): string {
  const rows: (string | number | null)[][] = [[...USAGE_CSV_HEADER]];
  for (const [key, metric] of METRICS) rows.push(['total', null, `${report.range.from}..${report.range.to}`, null, metric, report.totals[key]]);
  for (const d of report.daily) {
    for (const [key, metric] of METRICS) rows.push(['day', d.date, null, null, metric, d[key]]);
  }
  for (const m of report.models) {
    rows.push(['model', null, m.model, m.endpoint, 'replies', m.replies]);
    rows.push(['model', null, m.model, m.endpoint, 'prompt_tokens', m.promptTokens]);
    rows.push(['model', null, m.model, m.endpoint, 'completion_tokens', m.completionTokens]);
    rows.push(['model', null, m.model, m.endpoint, 'credits', m.credits]);
  }
  for (const u of report.topUsers) {
    const subject = u.email ?? u.id;
    rows.push(['user', null, subject, u.name, 'messages', u.messages]);
    rows.push(['user', null, subject, u.name, 'prompt_tokens', u.promptTokens]);
    rows.push(['user', null, subject, u.name, 'completion_tokens', u.completionTokens]);
    rows.push(['user', null, subject, u.name, 'credits', u.credits]);
  }
  for (const e of report.events) rows.push(['event', null, e.event, null, 'count', e.count]);
  for (const v of report.violations.byType) {
    rows.push(['violation', null, v.type, null, 'count', v.count]);
    rows.push(['violation', null, v.type, null, 'users', v.users]);
  }
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
