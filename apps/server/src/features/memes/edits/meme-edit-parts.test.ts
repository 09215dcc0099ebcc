import { MEME_TOOLS, type ContentPart } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { editSource, findMemeCall, insertAfterCall, type StoredMemeCall } from './meme-edit-parts.js';

const call = (id: string, extra: Partial<StoredMemeCall> = {}): StoredMemeCall => ({
  id,
  name: MEME_TOOLS.image,
  args: '{}',
  progress: 1,
  ...extra,
});
const part = (c: StoredMemeCall) => ({ type: 'tool_call', tool_call: c }) as ContentPart;
const ids = (parts: ContentPart[]) =>
  parts.map((p) => (p.type === 'tool_call' ? (p.tool_call as StoredMemeCall).id : p.type));

describe('meme edit parts', () => {
  const text = { type: 'text', text: 'Here.' } as ContentPart;

  it('finds only create_meme_image calls by id', () => {
    const parts = [text, part(call('a')), part(call('b', { name: 'web_search' }))];
    expect(findMemeCall(parts, 'a')?.index).toBe(1);
    expect(findMemeCall(parts, 'b')).toBeUndefined();
    expect(findMemeCall(parts, 'zzz')).toBeUndefined();
  });

  it('puts an edit after the original and its earlier edits, before the next meme', () => {
    const parts = [text, part(call('a')), part(call('call_edit_1')), part(call('b'))];
    expect(ids(insertAfterCall(parts, 1, part(call('call_edit_2'))))).toEqual([
      'text',
      'a',
      'call_edit_1',
      'call_edit_2',
      'b',
    ]);
    expect(ids(insertAfterCall(parts, 3, part(call('call_edit_3'))))).toEqual([
      'text',
      'a',
      'call_edit_1',
      'b',
      'call_edit_3',
    ]);
  });

  it('draws an edit on the stored picture when the editor names the original one', () => {
    const output = JSON.stringify({ status: 'ok', source_url: '/images/u/f1' });
    const original = call('a', { args: JSON.stringify({ imageUrlString: 'https://example.com/cat.png' }), output });
    expect(editSource(original, 'https://example.com/cat.png')).toBe('/images/u/f1');
    expect(editSource(original, '/images/u/f1')).toBe('/images/u/f1');
    expect(editSource(original, 'template:drake')).toBe('template:drake');
    // A call that failed has no stored picture: the one named is used.
    expect(editSource(call('b', { output: 'Error processing tool' }), 'file:x')).toBe('file:x');
  });
});
