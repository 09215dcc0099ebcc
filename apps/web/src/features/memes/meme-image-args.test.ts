import { describe, expect, it } from 'vitest';
import { readMemeImageDraft, readMemeImageOutput } from './meme-image-args';

const full = JSON.stringify({
  imageUrlString: '/api/memes/templates/drake.png',
  language: 'de',
  captionsBoxes: [
    { id: 'top', caption: 'Hello', x: 10, y: 20, w: 300, h: 120 },
    { id: 2, caption: 'World', x: 10, y: 200, w: 300, h: 120, fontColor: 'yellow', rotation: 5 },
  ],
});

describe('readMemeImageDraft', () => {
  it('reads complete arguments with defaults filled in', () => {
    const draft = readMemeImageDraft(full);
    expect(draft.imageUrlString).toBe('/api/memes/templates/drake.png');
    expect(draft.language).toBe('de');
    expect(draft.boxes).toEqual([
      {
        id: 'top',
        caption: 'Hello',
        x: 10,
        y: 20,
        w: 300,
        h: 120,
        rotation: 0,
      },
      {
        id: '2',
        caption: 'World',
        x: 10,
        y: 200,
        w: 300,
        h: 120,
        fontColor: 'yellow',
        rotation: 5,
      },
    ]);
    expect(draft.layout).toBeUndefined();
  });

  it('reads the modern layout and its bar', () => {
    const draft = readMemeImageDraft(
      JSON.stringify({ imageUrlString: 'template:drake', layout: 'modern', barHeight: 420 }),
    );
    expect([draft.layout, draft.barHeight]).toEqual(['modern', 420]);
    expect(readMemeImageDraft('{"layout":"sideways","barHeight":-3}')).not.toHaveProperty('layout');
  });

  it('never takes a half-written path', () => {
    expect(readMemeImageDraft('{"imageUrlString":"/api/memes/temp').imageUrlString).toBeNull();
    expect(readMemeImageDraft('').imageUrlString).toBeNull();
    expect(readMemeImageDraft('{"imageUrlString":"template:drake","lang').imageUrlString).toBe('template:drake');
  });

  it('skips boxes still streaming, including a coordinate that may still grow', () => {
    const upTo = (marker: string) => full.slice(0, full.indexOf(marker));
    expect(readMemeImageDraft(upTo('"h":120}')).boxes).toEqual([]);
    // "h":12 could still become 120: not drawn yet.
    expect(readMemeImageDraft(upTo('"h":120}') + '"h":12').boxes).toEqual([]);
    const first = readMemeImageDraft(upTo('{"id":2'));
    expect(first.boxes.map((b) => b.id)).toEqual(['top']);
    expect(first.language).toBe('de');
  });

  it('drops boxes that are not valid and defaults the language', () => {
    const draft = readMemeImageDraft(
      JSON.stringify({
        imageUrlString: 'x',
        captionsBoxes: [{ id: 'a', caption: 'c', x: 0, y: 0, w: -1, h: 5 }, 'junk'],
      }),
    );
    expect(draft.boxes).toEqual([]);
    expect(draft.language).toBe('en');
  });
});

describe('readMemeImageOutput', () => {
  it('parses the JSON output and ignores error texts', () => {
    expect(readMemeImageOutput('{"status":"ok","source_url":"/images/u/f"}')?.source_url).toBe('/images/u/f');
    expect(readMemeImageOutput('Error processing tool create_meme_image: no such template')).toBeNull();
    expect(readMemeImageOutput(undefined)).toBeNull();
  });
});
