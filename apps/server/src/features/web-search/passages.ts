/**
 * Passages and the lexical reranker (LibreChat's `rerankerType` when no reranking service is
 * configured): page text is cut into passages on paragraph boundaries and scored against the
 * query with BM25. Pure functions.
 */

export interface PassageBounds {
  /** A passage grows paragraph by paragraph until at least this long… */
  minChars: number;
  /** …and never past this (a longer paragraph is cut at sentence, then word, boundaries). */
  maxChars: number;
}

export const DEFAULT_PASSAGE_BOUNDS: PassageBounds = { minChars: 500, maxChars: 1000 };

/** Splits text (paragraphs separated by blank lines) into passages within `bounds`. */
export function splitPassages(text: string, bounds: PassageBounds = DEFAULT_PASSAGE_BOUNDS): string[] {
  const pieces = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .flatMap((p) => (p.length > bounds.maxChars ? cutLong(p, bounds.maxChars) : [p]));
  const passages: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (!current) current = piece;
    else if (current.length < bounds.minChars && current.length + 2 + piece.length <= bounds.maxChars)
      current = `${current}\n\n${piece}`;
    else {
      passages.push(current);
      current = piece;
    }
  }
  if (current) passages.push(current);
  return passages;
}

/** Cuts one long paragraph into pieces of at most `max` chars, preferring sentence ends, then spaces. */
function cutLong(paragraph: string, max: number): string[] {
  const out: string[] = [];
  let rest = paragraph;
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    let cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
    if (cut >= max / 2) cut += 1;
    else {
      cut = window.lastIndexOf(' ');
      if (cut < max / 2) cut = max;
    }
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/** Lower-case word tokens (letters and digits of any script). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export interface RankablePassage {
  sourceIndex: number;
  text: string;
}

export interface RankedPassage extends RankablePassage {
  score: number;
}

const K1 = 1.2;
const B = 0.75;

/**
 * BM25 over the query's distinct terms, IDF taken over the given passages. Returns the `top`
 * passages scoring above zero, best first; equal scores keep their input order.
 */
export function rankPassages(query: string, passages: readonly RankablePassage[], top: number): RankedPassage[] {
  const terms = [...new Set(tokenize(query))];
  if (!terms.length || !passages.length || top <= 0) return [];
  const docs = passages.map((p) => {
    const tokens = tokenize(p.text);
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { length: tokens.length, tf };
  });
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  const idf = new Map<string, number>();
  for (const term of terms) {
    const df = docs.filter((d) => d.tf.has(term)).length;
    idf.set(term, Math.log(1 + (docs.length - df + 0.5) / (df + 0.5)));
  }
  return passages
    .map((p, i) => {
      const doc = docs[i] ?? { length: 0, tf: new Map<string, number>() };
      let score = 0;
      for (const term of terms) {
        const f = doc.tf.get(term);
        if (!f) continue;
        score += (idf.get(term) ?? 0) * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * doc.length) / avgLength)));
      }
      return { ...p, score, order: i };
    })
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, top)
    .map(({ order: _order, ...rest }) => rest);
}
