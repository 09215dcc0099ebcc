/**
 * Pure helpers of the search view: the words of a query, where they occur in a text, and a
 * snippet of a long message around its first match.
 */

export interface TextSegment {
  text: string;
  isMatch: boolean;
}

/** Words and "quoted phrases" of a query, longest first (so "cats" wins over "cat"). */
export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  const re = /"([^"]+)"|(\S+)/g;
  for (let m = re.exec(query); m; m = re.exec(query)) {
    const term = (m[1] ?? m[2] ?? '').trim().replace(/^[*+\-~^]+|[*]+$/g, '');
    if (term && !terms.some((t) => t.toLowerCase() === term.toLowerCase())) terms.push(term);
  }
  return terms.sort((a, b) => b.length - a.length);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function matcher(terms: readonly string[]): RegExp | null {
  // Longer terms first: the alternation takes the first that matches ("cats" before "cat").
  const sorted = [...terms].filter(Boolean).sort((a, b) => b.length - a.length);
  return sorted.length ? new RegExp(`(${sorted.map(escapeRegExp).join('|')})`, 'giu') : null;
}

/** Splits text into plain and matching parts (case-insensitive). */
export function highlightSegments(text: string, terms: readonly string[]): TextSegment[] {
  const re = matcher(terms);
  if (!re || !text) return text ? [{ text, isMatch: false }] : [];
  const segments: TextSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const start = m.index ?? 0;
    if (start > last) segments.push({ text: text.slice(last, start), isMatch: false });
    segments.push({ text: m[0], isMatch: true });
    last = start + m[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), isMatch: false });
  return segments;
}

/**
 * At most `maxLength` characters of `text` around its first match, cut at word boundaries,
 * with an ellipsis where something was left out. Whitespace runs become single spaces.
 */
export function snippetAround(text: string, terms: readonly string[], maxLength = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const re = matcher(terms);
  const first = re ? (re.exec(flat)?.index ?? 0) : 0;
  let start = Math.max(0, first - Math.floor(maxLength / 3));
  let end = Math.min(flat.length, start + maxLength);
  start = Math.max(0, end - maxLength);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space > 0 && space < first) start = space + 1;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > Math.max(start, first)) end = space;
  }
  return `${start > 0 ? '… ' : ''}${flat.slice(start, end)}${end < flat.length ? ' …' : ''}`;
}

export interface ResultGroup<M extends { conversationId: string }> {
  conversationId: string;
  messages: M[];
}

/** Messages grouped by conversation, in the order each conversation first appears. */
export function groupByConversation<M extends { conversationId: string; messageId: string }>(
  messages: readonly M[],
): ResultGroup<M>[] {
  const groups = new Map<string, ResultGroup<M>>();
  const seen = new Set<string>();
  for (const message of messages) {
    if (seen.has(message.messageId)) continue;
    seen.add(message.messageId);
    let group = groups.get(message.conversationId);
    if (!group) {
      group = { conversationId: message.conversationId, messages: [] };
      groups.set(message.conversationId, group);
    }
    group.messages.push(message);
  }
  return [...groups.values()];
}
