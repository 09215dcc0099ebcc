import { describe, expect, it } from 'vitest';
import { memeImageAltText, memeVideoAltText, memeVideoFileId } from './meme-alt-text-of';

const box = {
  id: 'a',
  caption: 'Hi',
  x: 0,
  y: 100,
  w: 500,
  h: 200,
  fontColor: 'white',
  outlineColor: 'black',
  rotation: 0,
};

describe('meme alt texts in the browser', () => {
  it('prefers the server\u2019s alt text and builds one from the captions otherwise', () => {
    const output = { alt_text: 'Meme: a dog.' } as Parameters<typeof memeImageAltText>[0];
    expect(memeImageAltText(output, [box])).toBe('Meme: a dog.');
    expect(memeImageAltText(null, [box])).toBe('Meme. Top caption: \u201cHi\u201d.');
  });

  it('reads a video\u2019s scenes, and survives arguments that are not JSON', () => {
    const args = JSON.stringify({
      scenes: [{ imageUrlString: 'template:x', description: 'A cat', captionsBoxes: [box] }],
    });
    expect(memeVideoAltText(args)).toBe('Meme video: A cat. Top caption: \u201cHi\u201d.');
    expect(memeVideoAltText('{"scenes":')).toBe('Meme video.');
  });

  it('prefers the alt text the server put in a video\u2019s output, after its URL', () => {
    const output = JSON.stringify([
      { type: 'text', text: '/api/memes/videos/abc.mp4' },
      { type: 'text', text: 'Alt text: Meme video: A startled cat.' },
    ]);
    expect(memeVideoAltText('{}', output)).toBe('Meme video: A startled cat.');
    expect(memeVideoAltText('{}', JSON.stringify([{ type: 'text', text: '/api/memes/videos/abc.mp4' }]))).toBe(
      'Meme video.',
    );
  });

  it('finds the file id of our own meme videos only', () => {
    expect(memeVideoFileId('/api/memes/videos/abc-123.mp4')).toBe('abc-123');
    expect(memeVideoFileId('/api/memes/videos/abc-123.gif')).toBe('abc-123');
    expect(memeVideoFileId('https://example.com/api/memes/videos/abc.mp4')).toBeNull();
    expect(memeVideoFileId(null)).toBeNull();
  });
});
