import { countTokens as exact } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countTokens } from './count-tokens.js';

describe('countTokens', () => {
  it('counts ordinary text exactly as the o200k encoding does', async () => {
    const samples = [
      '',
      'Hello, world!',
      'The quick brown fox jumps over the lazy dog.\n\nSecond paragraph — with “quotes” and émojis 🎉.',
      'function add(a, b) {\n  return a + b; // sum\n}\n',
      '日本語のテキストも数えます。中文也可以。',
      '| a | b |\n|---|---|\n| 1 | 2 |',
    ];
    for (const text of samples) expect(await countTokens(text), text).toBe(exact(text));
  });

  it('counts special-token markers a user typed as plain text', async () => {
    // `<|endoftext|>` is 7 tokens of text ("<", "|", "end", "of", "text", "|", ">"), not one control token.
    expect(await countTokens('<|endoftext|>')).toBe(7);
    expect(await countTokens('see <|im_start|> and <|fim_prefix|> here')).toBeGreaterThan(10);
  });

  it('stays close to the exact count where it cuts a long run', async () => {
    const text = `see https://example.com/${'a1b2c3'.repeat(40)}?q=1 and more`;
    expect(Math.abs((await countTokens(text)) - exact(text))).toBeLessThanOrEqual(Math.ceil(text.length / 32));
  });

  it('counts hostile runs (a huge word, a sea of spaces) without stalling', async () => {
    // Exact byte-pair merging takes tens of seconds on each of these: far past the test's timeout.
    expect(await countTokens('a'.repeat(200_000))).toBe(25_000);
    expect(await countTokens(' '.repeat(200_000))).toBeGreaterThan(0);
    expect(await countTokens('字'.repeat(100_000))).toBeGreaterThan(0);
  });
});
