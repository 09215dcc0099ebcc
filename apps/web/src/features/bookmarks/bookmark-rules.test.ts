import { describe, expect, it } from 'vitest';
import { isUnchanged, moveItem, renameInTags, toggleTag, validateBookmark } from './bookmark-rules';

const existing = [{ tag: 'Saved' }, { tag: 'Work' }];

describe('validateBookmark', () => {
  it('requires a tag', () => {
    expect(validateBookmark({ tag: '   ', description: '' }, existing)).toEqual({ tag: 'tag_required' });
  });

  it('limits the tag to 128 characters and the description to 1048', () => {
    expect(validateBookmark({ tag: 'a'.repeat(128), description: 'd'.repeat(1048) }, existing)).toEqual({});
    expect(validateBookmark({ tag: 'a'.repeat(129), description: 'd'.repeat(1049) }, existing)).toEqual({
      tag: 'tag_too_long',
      description: 'description_too_long',
    });
  });

  it('wants a unique tag, except the one being edited', () => {
    expect(validateBookmark({ tag: 'Work', description: '' }, existing)).toEqual({ tag: 'tag_not_unique' });
    expect(validateBookmark({ tag: ' Work ', description: '' }, existing)).toEqual({ tag: 'tag_not_unique' });
    expect(validateBookmark({ tag: 'Work', description: '' }, existing, 'Work')).toEqual({});
    expect(validateBookmark({ tag: 'work', description: '' }, existing)).toEqual({});
  });
});

describe('isUnchanged', () => {
  it('compares trimmed values with the original', () => {
    expect(isUnchanged({ tag: 'Work ', description: '' }, { tag: 'Work', description: null })).toBe(true);
    expect(isUnchanged({ tag: 'Work', description: 'x' }, { tag: 'Work', description: '' })).toBe(false);
    expect(isUnchanged({ tag: 'Work', description: '' }, undefined)).toBe(false);
  });
});

describe('list helpers', () => {
  it('moves an item', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('renames and removes a tag in a conversation, without duplicates', () => {
    expect(renameInTags(['a', 'b'], 'a', 'c')).toEqual(['c', 'b']);
    expect(renameInTags(['a', 'b'], 'a', 'b')).toEqual(['b']);
    expect(renameInTags(['a', 'b'], 'a', null)).toEqual(['b']);
  });

  it('toggles a tag', () => {
    expect(toggleTag(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleTag(['a', 'b'], 'a')).toEqual(['b']);
  });
});
