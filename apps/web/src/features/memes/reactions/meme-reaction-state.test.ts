import { describe, expect, it } from 'vitest';
import { EMPTY_REACTIONS, slotReactions, toggleReaction, withSlotReactions } from './meme-reaction-state';

describe('toggleReaction', () => {
  it('adds a reaction, takes the same one back, and swaps one for the other', () => {
    const liked = toggleReaction({ likes: 2, dislikes: 1, mine: null }, 'like');
    expect(liked).toEqual({ likes: 3, dislikes: 1, mine: 'like' });
    expect(toggleReaction(liked, 'like')).toEqual({ likes: 2, dislikes: 1, mine: null });
    expect(toggleReaction(liked, 'dislike')).toEqual({ likes: 2, dislikes: 2, mine: 'dislike' });
  });

  it('treats a state without `mine` (a shared page) as none of the caller’s, and never counts below zero', () => {
    expect(toggleReaction({ likes: 0, dislikes: 0 }, 'dislike')).toEqual({ likes: 0, dislikes: 1, mine: 'dislike' });
    expect(toggleReaction({ likes: 0, dislikes: 0, mine: 'like' }, 'like')).toEqual({
      likes: 0,
      dislikes: 0,
      mine: null,
    });
  });
});

describe('a conversation’s reactions', () => {
  it('reads a slot (zeros when it has none) and replaces it alone', () => {
    const response = {
      reactions: { m1: { c1: { likes: 1, dislikes: 0, mine: 'like' as const }, c2: EMPTY_REACTIONS } },
    };
    expect(slotReactions(response, 'm1', 'c1')).toEqual({ likes: 1, dislikes: 0, mine: 'like' });
    expect(slotReactions(response, 'm2', 'c1')).toEqual(EMPTY_REACTIONS);
    expect(slotReactions(undefined, 'm1', 'c1')).toEqual(EMPTY_REACTIONS);

    const next = withSlotReactions(response, 'm1', 'c2', { likes: 0, dislikes: 1, mine: 'dislike' });
    expect(next.reactions.m1).toEqual({ c1: response.reactions.m1.c1, c2: { likes: 0, dislikes: 1, mine: 'dislike' } });
    expect(response.reactions.m1.c2).toBe(EMPTY_REACTIONS);
    expect(withSlotReactions(undefined, 'm9', 'c9', EMPTY_REACTIONS)).toEqual({
      reactions: { m9: { c9: EMPTY_REACTIONS } },
    });
  });
});
