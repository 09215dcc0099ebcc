import { describe, expect, it } from 'vitest';
import { COMMAND_MAX_LENGTH, findMentionQuery, removeMentionQuery } from './mention-query';

describe('findMentionQuery', () => {
  it('finds an @ at the start of the text and after whitespace', () => {
    expect(findMentionQuery('@sim-sm', 7)).toEqual({ start: 0, end: 7, query: 'sim-sm' });
    expect(findMentionQuery('hello\n@gpt', 10)).toEqual({ start: 6, end: 10, query: 'gpt' });
    expect(findMentionQuery('@', 1)).toEqual({ start: 0, end: 1, query: '' });
  });

  it('reads only up to the caret', () => {
    expect(findMentionQuery('@sim then more', 4)).toEqual({ start: 0, end: 4, query: 'sim' });
  });

  it('ignores an @ inside a word, a query with a space, and one past the max length', () => {
    expect(findMentionQuery('mail me@host', 12)).toBeNull();
    expect(findMentionQuery('@sim smart', 10)).toBeNull();
    expect(findMentionQuery('no command', 10)).toBeNull();
    const long = `@${'a'.repeat(COMMAND_MAX_LENGTH + 1)}`;
    expect(findMentionQuery(long, long.length)).toBeNull();
    const longest = `@${'a'.repeat(COMMAND_MAX_LENGTH)}`;
    expect(findMentionQuery(longest, longest.length)?.query).toHaveLength(COMMAND_MAX_LENGTH);
  });
});

describe('removeMentionQuery', () => {
  it('drops the @query and keeps the rest', () => {
    const text = 'ask @sim-sm please';
    const mention = findMentionQuery(text, 11);
    expect(mention).not.toBeNull();
    if (mention) expect(removeMentionQuery(text, mention)).toBe('ask  please');
  });
});
