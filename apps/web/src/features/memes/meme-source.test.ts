import type { MemeImageOutput } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { chooseMemeSource, templatePictureOf } from './meme-source';

const output = (source_url: string) => ({ status: 'ok', source_url }) as MemeImageOutput;

describe('chooseMemeSource', () => {
  it('waits for the arguments to name the picture', () => {
    expect(chooseMemeSource(null, null, false)).toEqual({ kind: 'waiting-data' });
    expect(chooseMemeSource(null, null, true)).toEqual({ kind: 'unavailable' });
  });

  it('loads templates directly and stored images with the token', () => {
    expect(chooseMemeSource('template:two-buttons', null, false)).toEqual({
      kind: 'url',
      url: '/api/memes/templates/two-buttons.png',
      isProtected: false,
    });
    expect(chooseMemeSource('/api/memes/templates/drake.png', null, false)).toMatchObject({ isProtected: false });
    expect(chooseMemeSource('/images/u1/f1', null, false)).toEqual({
      kind: 'url',
      url: '/images/u1/f1',
      isProtected: true,
    });
  });

  it('never loads an attached file id or a remote URL in the browser: waits for the output', () => {
    expect(chooseMemeSource('file:abc', null, false)).toEqual({ kind: 'waiting-output' });
    expect(chooseMemeSource('https://evil.example/x.png', null, false)).toEqual({ kind: 'waiting-output' });
    expect(chooseMemeSource('//evil.example/x.png', null, false)).toEqual({ kind: 'waiting-output' });
    expect(chooseMemeSource('https://evil.example/x.png', null, true)).toEqual({ kind: 'unavailable' });
    expect(chooseMemeSource('file:abc', output('/images/u1/abc'), true)).toEqual({
      kind: 'url',
      url: '/images/u1/abc',
      isProtected: true,
    });
  });

  it('prefers the output source_url once the call is done, but never a foreign one', () => {
    expect(chooseMemeSource('template:drake', output('/images/u1/f9'), true)).toMatchObject({ url: '/images/u1/f9' });
    expect(chooseMemeSource('template:drake', output('https://elsewhere.example/p.png'), true)).toMatchObject({
      url: '/api/memes/templates/drake.png',
    });
  });
});

describe('templatePictureOf', () => {
  const made = (source_url: string) =>
    ({ status: 'ok', source_url, image_url: '/images/u1/meme-1', file_id: 'meme-1' }) as MemeImageOutput;

  it("takes the stored picture under the captions, the user's file", () => {
    expect(templatePictureOf(made('/images/u1/photo-7'))).toEqual({ fileId: 'photo-7', url: '/images/u1/photo-7' });
  });

  it('takes the meme itself when its picture is a template or not stored', () => {
    const meme = { fileId: 'meme-1', url: '/images/u1/meme-1' };
    expect(templatePictureOf(made('/api/memes/templates/drake.png'))).toEqual(meme);
    expect(templatePictureOf(made('https://example.com/x.png'))).toEqual(meme);
    expect(templatePictureOf(made('/images/u1/../x/y'))).toEqual(meme);
  });

  it('has nothing before the output', () => {
    expect(templatePictureOf(null)).toBeNull();
  });
});
