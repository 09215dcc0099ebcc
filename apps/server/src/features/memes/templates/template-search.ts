import type { MemeTemplate } from '@confab/shared';

/**
 * The template library's search by words (issue 39): what people type into the gallery's box and
 * what the model passes to search_meme_templates when no embedding model is configured. Pure, so
 * the ranking is tested without a server.
 *
 * A word of the query counts where a word of the template equals it, or begins with it (the user
 * is still typing) or is its stem ("sleeping", "sleep"), after folding case and accents and a
 * simple English plural ("cats" = "cat").
 * The name counts most, then the keywords, then the description; a template matching more of the
 * query's words beats one matching a single word often.
 */

/** How much a word found in each field counts. */
const FIELD_WEIGHT = { name: 6, keywords: 4, description: 1 } as const;
/** A prefix (the word still being typed) counts this share of a whole word. */
const PREFIX_SHARE = 0.5;
/** Words that say nothing about a picture (a phrase typed as a sentence still finds by its nouns). */
const STOP_WORDS = new Set(
  'a an the and or of to in on at for with about is are be it its my me i you your we our this that when'.split(' '),
);

/** Lower case, accents removed, letters and digits only. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** A word without a simple plural ending: "boxes" → "box", "cats" → "cat", "glass" kept. */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ch|sh|x|ss|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** The words of a text as the search compares them. */
export function searchWords(text: string): string[] {
  return (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).map(singular);
}

/** The query's words that carry meaning; all of them when every word is a stop word. */
function queryWords(query: string): string[] {
  const words = [...new Set(searchWords(query))];
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  return meaningful.length ? meaningful : words;
}

type Field = keyof typeof FIELD_WEIGHT;

interface IndexedTemplate {
  words: Record<Field, readonly string[]>;
}

function indexTemplate(template: MemeTemplate): IndexedTemplate {
  return {
    words: {
      name: searchWords(template.name),
      keywords: searchWords((template.keywords ?? []).join(' ')),
      description: searchWords(template.description),
    },
  };
}

/** `stem` is `word` less a short ending (ing, ed, er…): four letters at least, so "cat" is not "category". */
const isStemOf = (stem: string, word: string): boolean =>
  stem.length >= 4 && word.length - stem.length <= 3 && word.startsWith(stem);

/** How well one query word matches one field: 1 for a whole word, PREFIX_SHARE for a prefix, else 0. */
function wordMatch(word: string, fieldWords: readonly string[]): number {
  let best = 0;
  for (const candidate of fieldWords) {
    if (candidate === word) return 1;
    // The word still being typed, or an ending the plural rule does not know ("sleeping" for "sleep").
    if (candidate.startsWith(word) || isStemOf(candidate, word)) best = PREFIX_SHARE;
  }
  return best;
}

/** The template's score for the query's words (0: no word matched). */
function scoreTemplate(words: readonly string[], indexed: IndexedTemplate, phrase: string, name: string): number {
  let score = 0;
  let matched = 0;
  for (const word of words) {
    let best = 0;
    for (const field of Object.keys(FIELD_WEIGHT) as Field[])
      best = Math.max(best, wordMatch(word, indexed.words[field]) * FIELD_WEIGHT[field]);
    if (best > 0) matched += 1;
    score += best;
  }
  if (matched === 0) return 0;
  // Covering the whole query matters more than any one field: "two buttons" is the template named so.
  score *= matched / words.length;
  if (phrase.length > 2 && foldText(name).includes(phrase)) score += FIELD_WEIGHT.name;
  return score;
}

/**
 * The templates matching `query`, best first (ties keep the given order: builtin, global, own).
 * An empty query matches nothing; the caller lists everything instead.
 */
export function rankTemplatesByWords<T extends MemeTemplate>(
  templates: readonly T[],
  query: string,
  limit: number,
): T[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const phrase = foldText(query).trim().replace(/\s+/g, ' ');
  return templates
    .map((template, order) => ({
      template,
      order,
      score: scoreTemplate(words, indexTemplate(template), phrase, template.name),
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.template);
}

/** The text that stands for a template when it is embedded: what the search by meaning compares. */
export function templateSearchText(template: MemeTemplate): string {
  const keywords = template.keywords?.length ? ` Keywords: ${template.keywords.join(', ')}.` : '';
  return `${template.name}. ${template.description}${keywords}`;
}
