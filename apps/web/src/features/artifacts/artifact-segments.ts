import { readArtifacts, type ArtifactBlock } from '@confab/shared';
import { hasOpeningLine } from './conversation-artifacts';

/** A text part of a reply cut at its artifacts: markdown around them, a card in their place. */
export type ArtifactSegment = { type: 'markdown'; text: string } | { type: 'artifact'; block: ArtifactBlock };

/**
 * `text` as markdown and artifact segments, in order; null when it holds no artifact (the text
 * renders as it is). While the reply streams, a last line that is `:::artifact...` being typed
 * is held back, so it never flashes as text before the card replaces it.
 */
export function splitArtifactSegments(text: string, isStreaming = false): ArtifactSegment[] | null {
  let source = isStreaming ? withoutTypedMarker(text) : text;
  // The quick test before any parsing: most replies hold no artifact.
  const blocks = source.includes(MARKER) ? readArtifacts(source) : [];
  // An artifact whose `:::artifact{...}` line is still being written (the last line) shows once
  // the line is whole, rather than for a moment under SPEC 3's default title.
  const last = blocks.at(-1);
  if (isStreaming && last && !hasOpeningLine(source, last)) {
    blocks.pop();
    source = source.slice(0, last.start);
  }
  if (!blocks.length) return source === text ? null : [{ type: 'markdown', text: source }];
  const segments: ArtifactSegment[] = [];
  let at = 0;
  for (const block of blocks) {
    const before = source.slice(at, block.start);
    if (before.trim()) segments.push({ type: 'markdown', text: before });
    segments.push({ type: 'artifact', block });
    at = block.end;
  }
  const after = source.slice(at);
  if (after.trim()) segments.push({ type: 'markdown', text: after });
  return segments;
}

const MARKER = ':::artifact';

/** The text without a last line that is `:::artifact` still being typed (`:`, `::`, `:::art`...). */
function withoutTypedMarker(text: string): string {
  const lineStart = text.lastIndexOf('\n') + 1;
  const last = text.slice(lineStart).trimStart();
  if (!last.startsWith(':') || last.length >= MARKER.length || !MARKER.startsWith(last)) return text;
  return text.slice(0, lineStart);
}
