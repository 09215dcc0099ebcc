import { describe, expect, it } from 'vitest';
import { humanDescriptionOf } from './plugin-shape.js';

describe('humanDescriptionOf', () => {
  it("prefers the tool's line for people", () => {
    expect(
      humanDescriptionOf({ description: 'Call me with x. Long rules follow.', descriptionForHuman: 'Does x.' }),
    ).toBe('Does x.');
  });

  it("otherwise shows the first sentence of the model's description", () => {
    expect(humanDescriptionOf({ description: 'Repeats the text after a moment. Use it when asked\nto echo.' })).toBe(
      'Repeats the text after a moment.',
    );
    expect(humanDescriptionOf({ description: 'Repeats the text' })).toBe('Repeats the text');
    // A version number is not the end of a sentence.
    expect(humanDescriptionOf({ description: 'Reads v1.2 files. Then more.' })).toBe('Reads v1.2 files.');
  });

  it('cuts a long first sentence at a word, with an ellipsis', () => {
    const long = `Searches ${'very '.repeat(40)}carefully.`;
    const line = humanDescriptionOf({ description: long });
    expect(line.length).toBeLessThanOrEqual(140);
    expect(line).toMatch(/^Searches very .*very…$/);
  });
});
