/** First chunk of a filtered walk; each further chunk doubles, up to the cap. */
const FIRST_CHUNK = 100;
const MAX_CHUNK = 2000;

/**
 * Collects rows of an ordered list whose conversation matches a search, walking the list in
 * growing chunks and asking which of each chunk's conversations match, until `wanted` rows are
 * kept or the list ends. This is the path for common words: most conversations match, so the
 * first chunk usually fills a page, where gathering every match first would touch them all.
 *
 * `fetchAfter(last, size)` returns the next `size` rows after `last` (from the start when undefined).
 */
export async function walkMatching<T>(options: {
  fetchAfter: (last: T | undefined, size: number) => Promise<T[]>;
  conversationOf: (row: T) => string;
  matching: (conversationIds: string[]) => Promise<Set<string>>;
  wanted: number;
}): Promise<T[]> {
  const kept: T[] = [];
  let last: T | undefined;
  for (let size = FIRST_CHUNK; kept.length < options.wanted; size = Math.min(size * 2, MAX_CHUNK)) {
    const chunk = await options.fetchAfter(last, size);
    const matched = await options.matching(chunk.map(options.conversationOf));
    kept.push(...chunk.filter((row) => matched.has(options.conversationOf(row))));
    last = chunk.at(-1);
    if (chunk.length < size) break;
  }
  return kept;
}
