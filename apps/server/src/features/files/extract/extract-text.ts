import { readFile } from 'node:fs/promises';

/** What a document gave: its text, and whether it had any text layer at all (a scanned PDF has none). */
export interface ExtractedText {
  text: string;
  /** Pages (PDF) or sheets/slides, when the format has them. */
  pages?: number | undefined;
  /** The document has no text to read (a PDF of scanned pages): the model is told so. */
  noTextLayer?: boolean | undefined;
}

/**
 * The text of a stored document, for the model's context. Placeholder until the extractors
 * land: plain-text types only; every other type answers undefined (nothing extracted).
 */
export async function extractText(input: {
  path: string;
  type: string;
  filename: string;
}): Promise<ExtractedText | undefined> {
  if (input.type.startsWith('text/') || input.type === 'application/json') {
    return { text: await readFile(input.path, 'utf8') };
  }
  return undefined;
}
