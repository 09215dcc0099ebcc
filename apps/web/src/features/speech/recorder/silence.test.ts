import { describe, expect, it } from 'vitest';
import { createSilenceDetector, decibelsOf } from './silence';

describe('decibelsOf', () => {
  it('gives 0 dBFS for a full-scale square wave and -Infinity for zeros', () => {
    expect(decibelsOf([1, -1, 1, -1])).toBeCloseTo(0);
    expect(decibelsOf([0, 0, 0])).toBe(-Infinity);
    expect(decibelsOf([])).toBe(-Infinity);
  });

  it('gives about -40 dBFS for an amplitude of 0.01', () => {
    expect(decibelsOf([0.01, -0.01, 0.01, -0.01])).toBeCloseTo(-40);
  });
});

describe('createSilenceDetector', () => {
  it('stops after 3 s below the sensitivity, counted from the last sound', () => {
    const detector = createSilenceDetector(-45);
    expect(detector.push(-20, 0)).toBe(false);
    expect(detector.push(-60, 100)).toBe(false);
    expect(detector.push(-60, 3000)).toBe(false);
    expect(detector.push(-30, 3050)).toBe(false);
    expect(detector.push(-60, 3100)).toBe(false);
    expect(detector.push(-60, 6099)).toBe(false);
    expect(detector.push(-60, 6100)).toBe(true);
    expect(detector.heardSound).toBe(true);
  });

  it('stops a recording nobody spoke into, and says no sound was heard', () => {
    const detector = createSilenceDetector(-45);
    expect(detector.push(-80, 0)).toBe(false);
    expect(detector.push(-50, 3000)).toBe(true);
    expect(detector.heardSound).toBe(false);
  });

  it('treats a level at the threshold as quiet and honours a stricter sensitivity', () => {
    const detector = createSilenceDetector(-30);
    expect(detector.push(-30, 0)).toBe(false);
    expect(detector.push(-35, 3000)).toBe(true);
    expect(detector.heardSound).toBe(false);
  });
});
