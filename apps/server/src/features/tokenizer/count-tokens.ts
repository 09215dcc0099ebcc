/**
 * Runs of one kind (non-space or space) longer than this are counted in pieces of this length.
 * Byte-pair merging is quadratic in the length of a run the pre-tokenizer leaves whole: 20,000
 * letters without a space took 0.3 s and 200,000 took 45 s, so one request could stall the
 * server. Real tokens are far shorter than this, so cutting such runs changes a count by at
 * most a token a cut, and ordinary text (whose runs are words) not at all.
 */
const MAX_RUN = 32;
const LONG_RUN = new RegExp(`\\S{${MAX_RUN + 1},}|\\s{${MAX_RUN + 1},}`, 'gu');

type Counter = (text: string) => number;
let encoding: Promise<Counter> | undefined;

/**
 * Special-token markers a user types (`<|endoftext|>`) are counted as the plain text they are: a
 * provider reads them so in a message, and the library would otherwise throw on them.
 */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** The encoding's tables take 150-200 ms to load: loaded by the first count, not by every server start. */
function loadEncoding(): Promise<Counter> {
  encoding ??= import('gpt-tokenizer/encoding/o200k_base').then(({ countTokens }) => {
    return (text: string) => countTokens(text, AS_PLAIN_TEXT);
  });
  return encoding;
}

/**
 * Tokens of a text in o200k_base, the encoding of OpenAI's current models: what the chat input's
 * counter shows. Other providers' tokenizers differ by some per cent; it is an estimate for them.
 */
export async function countTokens(text: string): Promise<number> {
  const countO200k = await loadEncoding();
  let total = 0;
  let start = 0;
  for (const match of text.matchAll(LONG_RUN)) {
    if (match.index > start) total += countO200k(text.slice(start, match.index));
    const run = match[0];
    for (let i = 0; i < run.length; i += MAX_RUN) total += countO200k(run.slice(i, i + MAX_RUN));
    start = match.index + run.length;
  }
  if (start < text.length) total += countO200k(text.slice(start));
  return total;
}
