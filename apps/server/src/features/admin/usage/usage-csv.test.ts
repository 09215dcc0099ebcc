import { describe, expect, it } from 'vitest';
import { csvCell } from './usage-csv.js';
import { daysOf, previousRange, resolveUsageRange } from './usage-range.js';

describe('usage CSV cells', () => {
  it('defuses what a spreadsheet would run as a formula and quotes what needs it', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const lead of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});

describe('usage ranges', () => {
  const now = new Date('2026-11-29T23:30:00.000Z');
  it('defaults to the 30 UTC days ending today and bounds them as ISO text', () => {
    const r = resolveUsageRange({}, now);
    expect(r).toEqual({ from: '2026-10-31', to: '2026-11-29', days: 30, startIso: '2026-10-31T00:00:00.000Z', endIso: '2026-11-30T00:00:00.000Z' });
    expect(previousRange(r)).toMatchObject({ from: '2026-10-01', to: '2026-10-30', days: 30 });
    expect(daysOf(resolveUsageRange({ from: '2026-02-27', to: '2026-03-01' }))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
  it('refuses a reversed range and one past 366 days', () => {
    expect(() => resolveUsageRange({ from: '2026-03-02', to: '2026-03-01' })).toThrow(/after/);
    expect(() => resolveUsageRange({ from: '2025-01-01', to: '2026-01-02' })).toThrow(/367 days/);
    expect(resolveUsageRange({ from: '2025-01-01', to: '2026-01-01' }).days).toBe(366);
  });
});
