import { describe, expect, it } from 'vitest';
import { pickCardPair } from './cards-mode';

describe('pickCardPair (cards mode, SPEC 4)', () => {
  it('pairs the shown reply with its neighbour, in sibling order', () => {
    expect(pickCardPair(1, 2)).toEqual([0, 1]);
    expect(pickCardPair(0, 2)).toEqual([0, 1]);
    expect(pickCardPair(1, 3)).toEqual([1, 2]);
    expect(pickCardPair(2, 3)).toEqual([1, 2]);
  });

  it('has no pair without two siblings or with an index out of range', () => {
    expect(pickCardPair(0, 1)).toBeNull();
    expect(pickCardPair(2, 2)).toBeNull();
    expect(pickCardPair(-1, 2)).toBeNull();
  });
});
