/**
 * How much work one document may cost. A document is user input: a zip bomb, a PDF of a million
 * pages or a spreadsheet of ten million cells must not take the server's memory or time.
 */
export const EXTRACT_LIMITS = {
  /** Characters of text kept from one document (the model's budget cuts further when it is sent). */
  maxTextChars: 2_000_000,
  /** Bytes of a plain-text file read: enough for maxTextChars of 4-byte UTF-8. */
  maxPlainTextBytes: 8 * 1024 * 1024,
  /** Larger PDF, Office or EPUB files are kept but not read. */
  maxDocumentBytes: 100 * 1024 * 1024,
  /** Wall time of one extraction; past it the thread doing it is stopped. */
  timeoutMs: 30_000,
  /** Heap of the extraction thread: a document that needs more fails alone. */
  workerHeapMb: 768,
  /** An OOXML or EPUB archive with more entries, or more bytes once inflated, is refused unread. */
  maxZipEntries: 10_000,
  maxZipUncompressedBytes: 150 * 1024 * 1024,
} as const;

/**
 * Between the pages of a paged document (PDF) in its text: a form feed on a line of its own, as
 * pdftotext marks pages. Readers of the text (file_search's passages) count pages by it; to a
 * model it is whitespace.
 */
export const PAGE_BREAK = '\f';

/** What a document gave: its text, and whether it had any text layer at all (a scanned PDF has none). */
export interface ExtractedText {
  text: string;
  /** Pages (PDF) or sheets/slides, when the format has them. */
  pages?: number | undefined;
  /** The document has no text to read (a PDF of scanned pages): the model is told so. */
  noTextLayer?: boolean | undefined;
  /** The text was cut at maxTextChars. */
  truncated?: boolean | undefined;
}

/** Text cut to the cap, saying whether it was. */
export function capText(text: string, pages?: number): ExtractedText {
  const truncated = text.length > EXTRACT_LIMITS.maxTextChars;
  return {
    text: truncated ? text.slice(0, EXTRACT_LIMITS.maxTextChars) : text,
    ...(pages !== undefined ? { pages } : {}),
    ...(truncated ? { truncated } : {}),
  };
}

/** Gathers text pieces, stopping once the cap is passed so a huge document is not read to its end. */
export class TextCollector {
  private readonly parts: string[] = [];
  private length = 0;

  get isFull(): boolean {
    return this.length > EXTRACT_LIMITS.maxTextChars;
  }

  add(text: string): void {
    if (this.isFull) return;
    this.parts.push(text);
    this.length += text.length;
  }

  result(pages?: number): ExtractedText {
    return capText(this.parts.join('').trim(), pages);
  }
}
