import type { ContentPart } from '@confab/shared';

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
 * helpers find the artifacts of a text and apply such a change to one of them, touching
 * nothing outside its code.
 */

/** One artifact of a text: the code an edit may change is `text.slice(codeStart, codeEnd)`. */
export interface ArtifactSpan {
  /** Where the `:::artifact` line starts. */
  start: number;
  /** The end of its closing `:::` line, or of the text when the artifact was never closed (a cut-off reply). */
  end: number;
  codeStart: number;
  /** Excludes the line break before the closing fence (or directive), which belongs to the markup. */
  codeEnd: number;
}

interface Line {
  start: number;
  /** Index of the line break ending it, or the text's length. */
  end: number;
  text: string;
}

function* linesOf(text: string, from = 0, to = text.length): Generator<Line> {
  let start = from;
  while (start < to) {
    const br = text.indexOf('\n', start);
    const end = br === -1 || br > to ? to : br;
    yield { start, end, text: text.slice(start, end) };
    start = end + 1;
  }
}

interface Fence {
  marker: '`' | '~';
  length: number;
}

/** A line opening a fenced code block (CommonMark: three or more backticks or tildes, indented less than four spaces). */
function openingFence(line: string): Fence | undefined {
  const match = /^ {0,3}(`{3,}|~{3,})/.exec(line);
  const run = match?.[1];
  if (!match || !run) return undefined;
  // A backtick fence's info string may not hold a backtick.
  if (run[0] === '`' && line.slice(match[0].length).includes('`')) return undefined;
  return { marker: run[0] as Fence['marker'], length: run.length };
}

function closesFence(line: string, fence: Fence): boolean {
  const run = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line)?.[1];
  return !!run && run[0] === fence.marker && run.length >= fence.length;
}

const isDirectiveEnd = (line: string) => line.trim() === ':::';
const isArtifactStart = (line: string) => line.trimStart().startsWith(':::artifact');

/** Where the code of an artifact body is: inside its code block when the body is one, else the whole body. */
function codeRange(text: string, bodyStart: number, bodyEnd: number): { codeStart: number; codeEnd: number } {
  const whole = {
    codeStart: bodyStart,
    codeEnd: Math.max(bodyStart, text[bodyEnd - 1] === '\n' ? bodyEnd - 1 : bodyEnd),
  };
  let fence: Fence | undefined;
  let codeStart = -1;
  for (const line of linesOf(text, bodyStart, bodyEnd)) {
    if (codeStart === -1) {
      if (!line.text.trim()) continue;
      fence = openingFence(line.text);
      if (!fence) return whole;
      codeStart = Math.min(line.end + 1, bodyEnd);
      continue;
    }
    if (fence && closesFence(line.text, fence)) {
      // Prose after the code block makes the whole body the artifact's content.
      if (text.slice(line.end, bodyEnd).trim()) return whole;
      return { codeStart, codeEnd: Math.max(codeStart, line.start - 1) };
    }
  }
  // A code block the reply never closed runs to the end of the body.
  return codeStart === -1 ? whole : { codeStart, codeEnd: Math.max(codeStart, whole.codeEnd) };
}

/** The artifacts of a text, in order. `:::artifact` inside a code block (a model explaining the syntax) is not one. */
export function findArtifacts(text: string): ArtifactSpan[] {
  const spans: ArtifactSpan[] = [];
  let outerFence: Fence | undefined;
  let open: { start: number; bodyStart: number; fence: Fence | undefined } | undefined;
  for (const line of linesOf(text)) {
    if (!open) {
      if (outerFence) {
        if (closesFence(line.text, outerFence)) outerFence = undefined;
      } else if (isArtifactStart(line.text)) {
        open = { start: line.start, bodyStart: Math.min(line.end + 1, text.length), fence: undefined };
      } else outerFence = openingFence(line.text);
      continue;
    }
    if (open.fence) {
      if (closesFence(line.text, open.fence)) open.fence = undefined;
    } else if (isDirectiveEnd(line.text)) {
      spans.push({ start: open.start, end: line.end, ...codeRange(text, open.bodyStart, line.start) });
      open = undefined;
    } else open.fence = openingFence(line.text);
  }
  if (open) spans.push({ start: open.start, end: text.length, ...codeRange(text, open.bodyStart, text.length) });
  return spans;
}

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
