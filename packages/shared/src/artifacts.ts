import type { ContentPart } from './chat.js';

/**
 * Artifacts (SPEC 3) are written by models into a reply as a container directive, LibreChat's
 * format:
 *
 *     :::artifact{identifier="app" type="application/vnd.react" title="App"}
 *     ```tsx
 *     export default function App() {}
 *     ```
 *     :::
 *
 * One grammar for the server (the artifact editor's save) and the web (the card in the message,
 * the side panel): where each artifact is, what it says about itself, and its code.
 */

/** SPEC 3: what an artifact is called when its directive leaves a field out. */
export const ARTIFACT_DEFAULTS = {
  title: 'Untitled Artifact',
  type: 'unknown',
  identifier: 'no-identifier',
} as const;

/** The types the preview runs (LibreChat's names). */
export const ARTIFACT_TYPES = {
  html: 'text/html',
  /** LibreChat's alternative name for an HTML page. */
  codeHtml: 'application/vnd.code-html',
  svg: 'image/svg+xml',
  mermaid: 'application/vnd.mermaid',
  react: 'application/vnd.react',
} as const;

/** One artifact of a text: the code an edit may change is `text.slice(codeStart, codeEnd)`. */
export interface ArtifactSpan {
  /** Where the `:::artifact` line starts. */
  start: number;
  /** The end of its closing `:::` line, or of the text when the artifact was never closed (a cut-off reply). */
  end: number;
  codeStart: number;
  /** Excludes the line break before the closing fence (or directive), which belongs to the markup. */
  codeEnd: number;
  /** Its closing `:::` is there: the artifact is complete (else it is streaming in, or was cut off). */
  isClosed: boolean;
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
      spans.push({ start: open.start, end: line.end, isClosed: true, ...codeRange(text, open.bodyStart, line.start) });
      open = undefined;
    } else open.fence = openingFence(line.text);
  }
  if (open) {
    spans.push({
      start: open.start,
      end: text.length,
      isClosed: false,
      ...codeRange(text, open.bodyStart, text.length),
    });
  }
  return spans;
}

/** What an artifact's directive says about it; a field it leaves out is undefined. */
export interface ArtifactAttributes {
  identifier?: string;
  type?: string;
  title?: string;
}

/** `key="value"`, `key='value'` or `key=value` inside the directive's braces (remark-directive's forms). */
const ATTRIBUTE = /([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))/g;

/**
 * The attributes of a `:::artifact{...}` line. A value still streaming in (its quote not closed)
 * is left out, so the card does not show half a title.
 * @example parseArtifactAttributes(':::artifact{identifier="a" title="A b"}') // { identifier: 'a', title: 'A b' }
 */
export function parseArtifactAttributes(line: string): ArtifactAttributes {
  const open = line.indexOf('{');
  if (open === -1) return {};
  const close = line.indexOf('}', open);
  const inside = line.slice(open + 1, close === -1 ? undefined : close);
  const attributes: ArtifactAttributes = {};
  for (const match of inside.matchAll(ATTRIBUTE)) {
    const key = match[1];
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (key === 'identifier' || key === 'type' || key === 'title') attributes[key] = value.trim();
  }
  return attributes;
}

/** An artifact as read from a text: where it is, what it is, its code. */
export interface ArtifactBlock extends ArtifactSpan {
  identifier: string;
  type: string;
  title: string;
  content: string;
}

/** A fence line still being typed (one or two backticks or tildes) at the end of an open artifact. */
const PARTIAL_FENCE_TAIL = /\n? {0,3}(`{1,2}|~{1,2})$/;

/**
 * The artifacts of a text with their attributes (SPEC 3's defaults for what is missing) and code.
 * An artifact still streaming in has the code so far, without a closing fence half typed.
 */
export function readArtifacts(text: string): ArtifactBlock[] {
  return findArtifacts(text).map((span) => {
    const lineEnd = text.indexOf('\n', span.start);
    const attributes = parseArtifactAttributes(text.slice(span.start, lineEnd === -1 ? text.length : lineEnd));
    let content = text.slice(span.codeStart, span.codeEnd);
    if (!span.isClosed) content = content.replace(PARTIAL_FENCE_TAIL, '');
    return {
      ...span,
      identifier: attributes.identifier || ARTIFACT_DEFAULTS.identifier,
      type: attributes.type || ARTIFACT_DEFAULTS.type,
      title: attributes.title || ARTIFACT_DEFAULTS.title,
      content,
    };
  });
}

/**
 * SPEC 3's artifact id: identifier, type, title and message id joined, lower-cased, each run of
 * white space an underscore (LibreChat's key, so the same artifact has the same id in both).
 * @example artifactId({ identifier: 'app', type: 'text/html', title: 'My App', messageId: 'M1' }) // 'app_text/html_my_app_m1'
 */
export function artifactId(artifact: { identifier: string; type: string; title: string; messageId: string }): string {
  return `${artifact.identifier}_${artifact.type}_${artifact.title}_${artifact.messageId}`
    .replace(/\s+/g, '_')
    .toLowerCase();
}

/**
 * The texts a message's artifacts are counted over, in order (an artifact's `index` counts from
 * the first of them): its content's text parts when it has any, else its text.
 */
export function artifactTextsOf(message: { text: string; content?: readonly ContentPart[] | null }): string[] {
  const parts = (message.content ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : []));
  return parts.length ? parts : [message.text];
}
