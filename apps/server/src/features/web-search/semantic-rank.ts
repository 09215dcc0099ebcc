import { cosineSimilarity } from '../file-search/vector-math.js';
import type { RankablePassage } from './passages.js';

/** Turns texts into vectors: the embedding model file search is configured with. */
export type EmbedTexts = (texts: string[], signal: AbortSignal) => Promise<number[][]>;

/**
 * Passages embedded per search at most: a handful of pages gives a few dozen passages, and one
 * batched request for them stays well under a second against a hosted model.
 */
export const MAX_EMBEDDED_PASSAGES = 96;

/**
 * Every source's passages in turn (its first, then each source's second, ...), so that the cap
 * leaves no page out when one long page alone would fill it.
 */
export function interleaveBySource(pool: readonly RankablePassage[], limit: number): RankablePassage[] {
  const bySource = new Map<number, RankablePassage[]>();
  for (const passage of pool) {
    const list = bySource.get(passage.sourceIndex) ?? [];
    list.push(passage);
    bySource.set(passage.sourceIndex, list);
  }
  const lists = [...bySource.values()];
  const out: RankablePassage[] = [];
  for (let round = 0; out.length < limit; round += 1) {
    let added = false;
    for (const list of lists) {
      const passage = list[round];
      if (!passage) continue;
      out.push(passage);
      added = true;
      if (out.length === limit) break;
    }
    if (!added) break;
  }
  return out;
}

/**
 * The passages closest in meaning to the query (cosine similarity of their embeddings), best
 * first: a passage that answers in other words than the query's still ranks, where BM25 needs a
 * shared word. Undefined when the model could not embed them (the caller ranks lexically); the
 * chat's abort is rethrown.
 */
export async function rankByMeaning(
  query: string,
  pool: readonly RankablePassage[],
  top: number,
  embed: EmbedTexts,
  signal: AbortSignal,
): Promise<RankablePassage[] | undefined> {
  const candidates = interleaveBySource(pool, MAX_EMBEDDED_PASSAGES);
  if (candidates.length === 0) return [];
  let vectors: number[][];
  try {
    vectors = await embed([query, ...candidates.map((p) => p.text)], signal);
  } catch (err) {
    if (signal.aborted) throw signal.reason ?? err;
    return undefined;
  }
  const [queryVector, ...passageVectors] = vectors;
  if (!queryVector || passageVectors.length !== candidates.length) return undefined;
  return candidates
    .map((passage, i) => ({ passage, score: cosineSimilarity(queryVector, passageVectors[i] ?? []) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, top)
    .map(({ passage }) => passage);
}
