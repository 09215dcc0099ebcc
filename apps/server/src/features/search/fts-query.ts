/** At most this many words of a query are searched; more only slow the query down. */
export const MAX_SEARCH_TERMS = 16;
/** Longer words are cut; the prefix match still finds the word they start. */
export const MAX_TERM_CHARS = 64;

/**
 * The plain words of a user's query: runs of letters, digits and combining marks, lower-cased
 * and de-duplicated. Everything else (quotes, `*`, `-`, `:`, parentheses, `^`) is a separator,
 * so no input can reach either engine as query syntax. Operator words such as NEAR, AND, OR,
 * NOT stay words: they are quoted (FTS5) or quoted as lexemes (tsquery) below.
 */
export function extractSearchTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const match of query.normalize('NFC').matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    // Marks alone (a stray combining accent) are not a word.
    if (!/[\p{L}\p{N}]/u.test(match[0])) continue;
    terms.add(match[0].toLowerCase().slice(0, MAX_TERM_CHARS));
    if (terms.size === MAX_SEARCH_TERMS) break;
  }
  return [...terms];
}

/**
 * FTS5 MATCH text: every term as a quoted prefix phrase, all required. Inside double quotes
 * FTS5 reads no operators, and the terms hold no quote to escape from.
 */
export function toFts5Query(terms: readonly string[]): string {
  return terms.map((t) => `"${t}"*`).join(' AND ');
}

/**
 * PostgreSQL to_tsquery text: every term as a quoted prefix lexeme, all required. Terms hold
 * only letters, digits and marks, so the quotes cannot be closed early.
 */
export function toTsQuery(terms: readonly string[]): string {
  return terms.map((t) => `'${t}':*`).join(' & ');
}
