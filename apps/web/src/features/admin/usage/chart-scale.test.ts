import { describe, expect, it } from 'vitest';
import { dayAt, labelledDays, niceTicks, percentChange, scaleLinear } from './chart-scale';

describe('chart scale', () => {
  it('rounds an axis up to a nice whole ceiling with evenly spaced ticks', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(10)).toEqual([0, 5, 10]);
    expect(niceTicks(87)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    for (const max of [1, 5, 9, 13, 99, 101, 4321]) {
      const ticks = niceTicks(max);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });

  it('scales values onto the axis, clamped', () => {
    expect(scaleLinear(50, 100, 200)).toBe(100);
    expect(scaleLinear(150, 100, 200)).toBe(200);
    expect(scaleLinear(-1, 100, 200)).toBe(0);
    expect(scaleLinear(5, 0, 200)).toBe(0);
  });

  it('labels a few evenly spaced days, always the last', () => {
    expect(labelledDays(0, 5)).toEqual([]);
    expect(labelledDays(3, 5)).toEqual([0, 1, 2]);
    expect(labelledDays(30, 5)).toEqual([5, 13, 21, 29]);
    expect(labelledDays(90, 6)).toContain(89);
    expect(labelledDays(90, 6).length).toBeLessThanOrEqual(6);
  });

  it('computes the change against the previous period, none from zero', () => {
    expect(percentChange(12, 10)).toBe(20);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(3, 0)).toBeNull();
  });

  it('finds the day under the pointer', () => {
    expect(dayAt(0, 300, 30)).toBe(0);
    expect(dayAt(299, 300, 30)).toBe(29);
    expect(dayAt(400, 300, 30)).toBe(29);
    expect(dayAt(-5, 300, 30)).toBe(0);
  });
});
