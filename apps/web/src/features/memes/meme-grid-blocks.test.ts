import type { ContentPart } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { getMemeSlotKind, groupReplyBlocks } from './meme-grid-blocks';

const text = (t: string): ContentPart => ({ type: 'text', text: t });
const call = (id: string, name: string, output?: string): ContentPart =>
  ({ type: 'tool_call', tool_call: { id, name, args: '{}', ...(output ? { output } : {}) } }) as ContentPart;
const indexed = (parts: ContentPart[]) => parts.map((part, index) => ({ part, index }));

describe('getMemeSlotKind', () => {
  it('knows the meme tools and any tool whose output holds a video URL', () => {
    expect(getMemeSlotKind({ name: 'create_meme_image' })).toBe('image');
    expect(getMemeSlotKind({ name: 'create_meme_video' })).toBe('video');
    expect(getMemeSlotKind({ name: 'make_clip_mcp_vid', output: 'Done: https://cdn.example.com/a/clip.mp4' })).toBe(
      'video',
    );
    expect(getMemeSlotKind({ name: 'web_search', output: 'https://example.com/page' })).toBeNull();
    expect(getMemeSlotKind({ name: 'web_search' })).toBeNull();
  });
});

describe('groupReplyBlocks', () => {
  it('puts meme calls that follow one another in one grid of at most 4; a 5th starts another', () => {
    const parts = [text('here'), ...[1, 2, 3, 4, 5].map((n) => call(`c${n}`, 'create_meme_image'))];
    const blocks = groupReplyBlocks(indexed(parts), 0);
    expect(blocks.map((b) => (b.type === 'grid' ? b.slots.map((s) => s.call.id) : b.type))).toEqual([
      'part',
      ['c1', 'c2', 'c3', 'c4'],
      ['c5'],
    ]);
    expect(blocks[1]?.index).toBe(1);
  });

  it('leaves calls before showToolGridAt as ordinary parts', () => {
    const parts = [call('a', 'create_meme_image'), call('b', 'create_meme_image'), call('c', 'create_meme_video')];
    const blocks = groupReplyBlocks(indexed(parts), 1);
    expect(blocks[0]).toMatchObject({ type: 'part', index: 0 });
    expect(blocks[1]).toMatchObject({ type: 'grid', index: 1 });
    expect(blocks[1]?.type === 'grid' && blocks[1].slots.map((s) => s.kind)).toEqual(['image', 'video']);
  });

  it('keeps other tools and text between memes in their place, splitting the grid', () => {
    const parts = [call('a', 'create_meme_image'), call('s', 'web_search'), call('b', 'create_meme_image')];
    expect(groupReplyBlocks(indexed(parts)).map((b) => b.type)).toEqual(['grid', 'part', 'grid']);
  });

  it('compares showToolGridAt with the content index, not the position among shown parts', () => {
    const blocks = groupReplyBlocks([{ part: call('a', 'create_meme_image'), index: 3 }], 2);
    expect(blocks[0]?.type).toBe('grid');
  });
});
