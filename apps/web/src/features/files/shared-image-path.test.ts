import { describe, expect, it } from 'vitest';
import { toMessage } from '../share/use-shared-conversation';
import { imageRequestPath } from './authed-images';

describe('images on a shared page', () => {
  it('load stored images through the share id, one cache key per share, and nothing else', () => {
    expect(imageRequestPath('/images/u1/f1')).toBe('/images/u1/f1');
    expect(imageRequestPath('/images/u1/f1', 'abc_DEF-1')).toBe('/images/u1/f1?shareId=abc_DEF-1');
    expect(imageRequestPath('/images/u1/f1?thumb=1', 'abc')).toBe('/images/u1/f1?thumb=1&shareId=abc');
    expect(imageRequestPath('/images/u1/f1', 'other')).not.toBe(imageRequestPath('/images/u1/f1', 'abc'));
    // Downloads are the owner's only.
    expect(imageRequestPath('/api/files/download/u1/f1', 'abc')).toBe('/api/files/download/u1/f1');
  });

  it('keeps the files of a shared message', () => {
    const file = { file_id: 'f1', filepath: '/images/u1/f1', type: 'image/webp' };
    expect(toMessage({ messageId: 'm', files: [file] }, 0, 'c').files).toEqual([file]);
    expect(toMessage({ messageId: 'm' }, 0, 'c')).not.toHaveProperty('files');
  });
});
