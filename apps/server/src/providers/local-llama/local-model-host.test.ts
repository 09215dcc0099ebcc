import { describe, expect, it } from 'vitest';
import { threadsFor } from './local-model-host.js';

describe('threadsFor', () => {
  it('gives a tiny model one thread', () => {
    expect(threadsFor(200_000, 8, 8)).toBe(1);
  });

  it('gives a real model the math cores, never more than the cores the process may use', () => {
    expect(threadsFor(4e9, 8, 16)).toBe(8);
    expect(threadsFor(4e9, 4, 2)).toBe(2);
    expect(threadsFor(4e9, 0, 2)).toBe(1);
  });
});
