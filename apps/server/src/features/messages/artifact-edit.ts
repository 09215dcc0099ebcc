import { findArtifacts, type ArtifactSpan, type ContentPart } from '@confab/shared';

// The grammar is shared with the web (the card and the side panel read artifacts the same way).
export { findArtifacts, type ArtifactSpan };

/**
 * Artifacts are written by models into a reply as a container directive:
 *
 *     :::artifact{identifier="app" type="application/vnd.react" title="App"}
 *     ```tsx
 *     export default function App() {}
 *     ```
 *     :::
 *
 * The artifact editor saves a change as "replace this piece of the code with that"; these
 * helpers apply such a change to one artifact (found by @confab/shared's `findArtifacts`),
 * touching nothing outside its code.
 */

/**
 * LibreChat's client shows dollar signs escaped (`\$`) so they are not read as math, and its
 * editor may send the code that way; the stored reply has them plain.
 */
const unescapeDollars = (s: string) => s.replace(/\\\$/g, '$');

/**
 * Replaces the first `original` in the artifact's code with `updated`; null when the code does
 * not hold `original` (the artifact changed since the editor read it). An empty `original`
 * matches only empty code.
 */
export function replaceInArtifact(text: string, span: ArtifactSpan, original: string, updated: string): string | null {
  const code = text.slice(span.codeStart, span.codeEnd);
  // Editors end what they send with a line break; the code's last one belongs to the markup.
  const attempts: [string, string][] = [[original.replace(/\n$/, ''), updated]];
  if (original.includes('\\$')) attempts.push([unescapeDollars(original).replace(/\n$/, ''), unescapeDollars(updated)]);
  for (const [find, replacement] of attempts) {
    if (!find && code.trim()) continue;
    const at = find ? code.indexOf(find) : 0;
    if (at === -1) continue;
    const from = span.codeStart + at;
    const to = from + (find ? find.length : code.length);
    let insert = replacement;
    if (to === span.codeEnd) {
      // At the end of the code the markup's line break follows (no blank line before the fence),
      // or, in an empty artifact, the fence itself (which must stay on a line of its own).
      insert = replacement.replace(/\n+$/, '');
      if (insert && to < text.length && text[to] !== '\n') insert += '\n';
    }
    return text.slice(0, from) + insert + text.slice(to);
  }
  return null;
}

/** An artifact of a message: in the text part `partIndex` of its content, or (null) in its text. */
export interface MessageArtifact {
  partIndex: number | null;
  /** The text `span` indexes: that part's text, or the message's. */
  source: string;
  span: ArtifactSpan;
}

/** A message's artifacts in order: its content's text parts when it has any, else its text. */
export function messageArtifacts(text: string, content: ContentPart[] | null): MessageArtifact[] {
  const textParts = (content ?? []).flatMap((part, partIndex) => (part.type === 'text' ? [{ part, partIndex }] : []));
  if (textParts.length) {
    return textParts.flatMap(({ part, partIndex }) =>
      findArtifacts(part.text).map((span) => ({ partIndex, source: part.text, span })),
    );
  }
  return findArtifacts(text).map((span) => ({ partIndex: null, source: text, span }));
}
