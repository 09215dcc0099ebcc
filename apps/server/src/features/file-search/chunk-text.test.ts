import { describe, expect, it } from 'vitest';
import { PAGE_BREAK } from '../files/extract/extract-limits.js';
import { chunkText } from './chunk-text.js';

/** Every passage's offsets point at its own text in the document. */
function expectTrueOffsets(text: string, chunks: ReturnType<typeof chunkText>) {
  for (const chunk of chunks) expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
}

describe('chunkText', () => {
  it('keeps a short text whole, trimmed, without a page', () => {
    const chunks = chunkText('  A short note.\n', { size: 100, overlap: 10 });
    expect(chunks).toEqual([{ text: 'A short note.', start: 2, end: 15 }]);
  });

  it('answers nothing for empty or blank text', () => {
    expect(chunkText('', { size: 100, overlap: 0 })).toEqual([]);
    expect(chunkText(' \n\n\t ', { size: 100, overlap: 0 })).toEqual([]);
  });

  it('cuts at paragraphs first, keeping each paragraph whole when it fits', () => {
    const paragraphs = [
      'First paragraph about apples.',
      'Second paragraph about pears.',
      'Third paragraph about plums.',
    ];
    const text = paragraphs.join('\n\n');
    const chunks = chunkText(text, { size: 40, overlap: 0 });
    expect(chunks.map((c) => c.text)).toEqual(paragraphs);
    expectTrueOffsets(text, chunks);
  });

  it('cuts a long paragraph at sentences, then words, never past the size', () => {
    const sentence = 'The reactor coolant loop runs at a steady pressure.';
    const text = Array.from({ length: 12 }, () => sentence).join(' ') + ' ' + 'x'.repeat(250);
    const chunks = chunkText(text, { size: 120, overlap: 0 });
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(120);
    // Sentences were kept whole where they fit: most passages end at a full stop.
    expect(chunks.filter((c) => c.text.endsWith('.')).length).toBeGreaterThanOrEqual(5);
    // A run of letters longer than a passage is cut by length.
    expect(chunks.at(-1)?.text).toBe('x'.repeat(250 - 240));
    expectTrueOffsets(text, chunks);
    // Nothing is lost: every non-space character is in some passage.
    expect(
      chunks
        .map((c) => c.text)
        .join('')
        .replace(/\s/g, '').length,
    ).toBe(text.replace(/\s/g, '').length);
  });

  it('repeats up to `overlap` characters of a passage at the start of the next', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`);
    const text = words.join(' ');
    const chunks = chunkText(text, { size: 60, overlap: 20 });
    expect(chunks.length).toBeGreaterThan(3);
    for (let i = 1; i < chunks.length; i += 1) {
      const previous = chunks[i - 1];
      const chunk = chunks[i];
      if (!previous || !chunk) throw new Error('missing chunk');
      expect(chunk.start).toBeLessThan(previous.end);
      expect(previous.end - chunk.start).toBeLessThanOrEqual(20);
      expect(chunk.text.length).toBeLessThanOrEqual(60);
    }
    expectTrueOffsets(text, chunks);
  });

  it('numbers the pages of a paged text and never lets a passage span two', () => {
    const text = `Page one text.\n${PAGE_BREAK}\nPage two has the answer.\n${PAGE_BREAK}\n\n${PAGE_BREAK}\nPage four.`;
    const chunks = chunkText(text, { size: 1000, overlap: 100 });
    expect(chunks.map((c) => [c.page, c.text])).toEqual([
      [1, 'Page one text.'],
      [2, 'Page two has the answer.'],
      [4, 'Page four.'],
    ]);
    expectTrueOffsets(text, chunks);
  });
});
