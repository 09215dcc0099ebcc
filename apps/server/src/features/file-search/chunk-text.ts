import { PAGE_BREAK } from '../files/extract/extract-limits.js';

/** A passage of a document: its text and where it sits in the whole (offsets into files.text). */
export interface TextChunk {
  text: string;
  /** Offset of the passage's first character in the document's text. */
  start: number;
  /** Offset just past its last character. */
  end: number;
  /** 1-based page, when the text has pages (PAGE_BREAK between them). */
  page?: number | undefined;
}

export interface ChunkOptions {
  /** Most characters in a passage. */
  size: number;
  /** Characters of the previous passage repeated at the start of the next, so a sentence cut at a border is found whole. */
  overlap: number;
}

/** LibreChat's RAG API defaults (CHUNK_SIZE 1500, CHUNK_OVERLAP 100 characters). */
export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { size: 1500, overlap: 100 };

interface Range {
  start: number;
  end: number;
}

/** Paragraphs, then lines, then sentences, then words: the largest unit that fits is kept whole. */
const SEPARATORS: readonly RegExp[] = [/\n[^\S\n]*\n/g, /\n/g, /[.!?。！？](?=\s)/g, /\s/g];

/**
 * Cuts `range` at every match of `separator`; each separator stays with the piece before it, so
 * the pieces cover the range without gaps (their offsets stay true).
 */
function splitRange(text: string, range: Range, separator: RegExp): Range[] {
  const pieces: Range[] = [];
  let from = range.start;
  const pattern = new RegExp(separator.source, 'g');
  pattern.lastIndex = range.start;
  for (let match = pattern.exec(text); match && match.index < range.end; match = pattern.exec(text)) {
    const cut = Math.min(match.index + match[0].length, range.end);
    if (cut > from && cut < range.end) {
      pieces.push({ start: from, end: cut });
      from = cut;
    }
    if (match[0].length === 0) pattern.lastIndex += 1;
  }
  pieces.push({ start: from, end: range.end });
  return pieces;
}

/** Pieces no longer than `size`, each cut at the coarsest separator that makes it fit. */
function splitToSize(text: string, range: Range, size: number, level = 0): Range[] {
  if (range.end - range.start <= size) return [range];
  const separator = SEPARATORS[level];
  if (!separator) {
    // No separator left (a run of letters longer than a passage): cut by length.
    const pieces: Range[] = [];
    for (let start = range.start; start < range.end; start += size)
      pieces.push({ start, end: Math.min(start + size, range.end) });
    return pieces;
  }
  const pieces = splitRange(text, range, separator);
  if (pieces.length === 1) return splitToSize(text, range, size, level + 1);
  return pieces.flatMap((piece) => splitToSize(text, piece, size, level + 1));
}

/** Joins neighbouring pieces into passages of at most `size`, each starting with up to `overlap` of the one before. */
function mergePieces(pieces: Range[], { size, overlap }: ChunkOptions): Range[] {
  const merged: Range[] = [];
  const current: Range[] = [];
  const span = (list: Range[], end: number) => end - (list[0]?.start ?? end);
  for (const piece of pieces) {
    const last = current.at(-1);
    if (last && span(current, piece.end) > size) {
      merged.push({ start: current[0]?.start ?? piece.start, end: last.end });
      while (current.length > 0 && (span(current, last.end) > overlap || span(current, piece.end) > size))
        current.shift();
    }
    current.push(piece);
  }
  const last = current.at(-1);
  if (last) merged.push({ start: current[0]?.start ?? last.start, end: last.end });
  return merged;
}

/** The range without its leading and trailing whitespace (possibly empty). */
function trimRange(text: string, range: Range): Range {
  let { start, end } = range;
  while (start < end && /\s/.test(text.charAt(start))) start += 1;
  while (end > start && /\s/.test(text.charAt(end - 1))) end -= 1;
  return { start, end };
}

/**
 * Cuts a document's text into passages for embedding, recursively by paragraph, line, sentence
 * and word (the approach of LangChain's RecursiveCharacterTextSplitter, which LibreChat's RAG API
 * uses), written here because that package needs all of @langchain/core and answers no offsets.
 * A passage never spans two pages, so each cites one page; offsets point into `text` as given.
 *
 * @example
 * chunkText('Intro.\n\nDetails here.', { size: 10, overlap: 0 });
 * // [{ text: 'Intro.', start: 0, end: 6 }, { text: 'Details here.', ... }]  (a word-split second passage)
 */
export function chunkText(text: string, options: ChunkOptions = DEFAULT_CHUNK_OPTIONS): TextChunk[] {
  const size = Math.max(1, Math.floor(options.size));
  const overlap = Math.min(Math.max(0, Math.floor(options.overlap)), size - 1);
  const hasPages = text.includes(PAGE_BREAK);
  const chunks: TextChunk[] = [];
  let pageStart = 0;
  let page = 1;
  while (pageStart <= text.length) {
    const breakAt = text.indexOf(PAGE_BREAK, pageStart);
    const pageEnd = breakAt === -1 ? text.length : breakAt;
    const pageRange = trimRange(text, { start: pageStart, end: pageEnd });
    if (pageRange.end > pageRange.start) {
      for (const range of mergePieces(splitToSize(text, pageRange, size), { size, overlap })) {
        const trimmed = trimRange(text, range);
        if (trimmed.end === trimmed.start) continue;
        chunks.push({
          text: text.slice(trimmed.start, trimmed.end),
          start: trimmed.start,
          end: trimmed.end,
          ...(hasPages ? { page } : {}),
        });
      }
    }
    if (breakAt === -1) break;
    pageStart = breakAt + PAGE_BREAK.length;
    page += 1;
  }
  return chunks;
}
