import { describe, expect, it } from 'vitest';
import { memeAltText, picturePartOf } from './meme-alt-text.js';

const box = (caption: string, y: number, extra: Record<string, unknown> = {}) => ({
  caption,
  x: 90,
  y,
  h: 240,
  ...extra,
});

describe('memeAltText', () => {
  it('reads the description, then the captions top to bottom, whatever their order in the call', () => {
    expect(
      memeAltText({
        description: 'A cat staring at a laptop',
        captionsBoxes: [box('when the build\npasses', 1600), box('Nobody:', 100)],
      }),
    ).toBe(
      'Meme: A cat staring at a laptop. Top caption: \u201cNobody:\u201d. Bottom caption: \u201cwhen the build passes\u201d.',
    );
  });

  it('reads side-by-side captions left to right and names middle ones and stickers', () => {
    const text = memeAltText({
      description: 'Two buttons.',
      captionsBoxes: [
        { caption: 'Right', x: 600, y: 820, h: 200 },
        { caption: 'Left', x: 60, y: 830, h: 200 },
        { caption: '', x: 60, y: 1500, h: 300, sticker: 'thumbs-up' },
      ],
    });
    expect(text).toBe(
      'Meme: Two buttons. Middle caption: \u201cLeft\u201d. Middle caption: \u201cRight\u201d. Sticker: thumbs up.',
    );
  });

  it('skips empty captions and stays short without a description', () => {
    expect(memeAltText({ captionsBoxes: [box('  ', 100), box('Only me', 1500)] })).toBe(
      'Meme. Bottom caption: \u201cOnly me\u201d.',
    );
    expect(memeAltText({})).toBe('Meme.');
    const long = memeAltText({ captionsBoxes: [box('x'.repeat(5000), 100)] });
    expect(long.length).toBeLessThan(400);
    expect(long).toContain('\u2026');
  });

  it('reads a video scene after scene and keeps user text as text', () => {
    expect(
      memeAltText([
        { description: 'A dog', captionsBoxes: [box('<script>alert(1)</script>', 100)] },
        { captionsBoxes: [box('The end', 1600)] },
      ]),
    ).toBe(
      'Meme video: A dog. Top caption: \u201c<script>alert(1)</script>\u201d. Bottom caption: \u201cThe end\u201d.',
    );
  });

  it('keeps what a template picture shows and drops the advice to whoever captions it', () => {
    expect(
      picturePartOf(
        'Two stacked halves. Top, "before": a grey sky. Bottom: sun. Caption the start at the top and the end below. Label it.',
      ),
    ).toBe('Two stacked halves. Top, "before": a grey sky. Bottom: sun.');
    expect(picturePartOf('Write here.')).toBe('Write here.');
    // Advice that says where a kind of text goes, without starting with the verb.
    expect(
      picturePartOf(
        'A close-up of Miso the cat in shock. A reaction image: the shocking news or situation at the top, optional reaction text at the bottom.',
      ),
    ).toBe('A close-up of Miso the cat in shock.');
    expect(
      picturePartOf('Bolt the robot frowns. The thing that seems off goes at the top, the judgement at the bottom.'),
    ).toBe('Bolt the robot frowns.');
    // A picture with something at its top or bottom keeps that sentence.
    expect(picturePartOf('A chat: four messages, with a message box at the bottom. Write a four-line exchange.')).toBe(
      'A chat: four messages, with a message box at the bottom.',
    );
  });
});
