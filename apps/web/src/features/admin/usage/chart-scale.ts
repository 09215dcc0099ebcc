/**
 * The arithmetic of Admin → Usage's hand-drawn charts, kept pure so it is tested on its own: a
 * "nice" top for an axis (1, 2, 2.5 or 5 times a power of ten), its ticks, and which days of a
 * range get a label on the time axis.
 */

const STEPS = [1, 2, 2.5, 5, 10];

/** Evenly spaced ticks from 0 to a nice ceiling ≥ max, about `count` steps; whole numbers only. */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  // Counts are whole: a step of 2.5 (or any fraction) is skipped below ten.
  const whole = Math.max(1, (STEPS.find((s) => s * power >= rough && Number.isInteger(s * power)) ?? 10) * power);
  const top = Math.ceil(max / whole) * whole;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += whole) ticks.push(v);
  return ticks;
}

/** Where `value` sits on an axis from 0 to `top`, as a length out of `size` (0 at the baseline). */
export function scaleLinear(value: number, top: number, size: number): number {
  if (top <= 0) return 0;
  return (Math.max(0, Math.min(value, top)) / top) * size;
}

/**
 * The indexes of the days that get a date under the chart: at most `maxLabels`, evenly spaced,
 * the last day always among them (the reader looks for "today").
 */
export function labelledDays(dayCount: number, maxLabels: number): number[] {
  if (dayCount <= 0) return [];
  if (dayCount <= maxLabels) return Array.from({ length: dayCount }, (_, i) => i);
  const every = Math.ceil((dayCount - 1) / Math.max(1, maxLabels - 1));
  const picked: number[] = [];
  for (let i = dayCount - 1; i >= 0; i -= every) picked.unshift(i);
  return picked;
}

/** The change from `previous` to `current` as a whole percentage; null when there is nothing to compare. */
export function percentChange(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** The index of the day nearest to `x` on a chart of `dayCount` equal slots `width` wide. */
export function dayAt(x: number, width: number, dayCount: number): number {
  if (dayCount <= 0 || width <= 0) return 0;
  return Math.max(0, Math.min(dayCount - 1, Math.floor((x / width) * dayCount)));
}
