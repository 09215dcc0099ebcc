import { readFile, stat } from 'node:fs/promises';
import { documentKind, type DocumentKind } from './document-types.js';
import { extractDocxText } from './docx-text.js';
import { extractEpubText } from './epub-text.js';
import { EXTRACT_LIMITS, type ExtractedText } from './extract-limits.js';
import { extractPdfText } from './pdf-text.js';
import { extractPptxText } from './pptx-text.js';
import { extractXlsxText } from './xlsx-text.js';

const EXTRACTORS: Record<DocumentKind, (bytes: Buffer) => Promise<ExtractedText | undefined>> = {
  pdf: (bytes) => extractPdfText(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
  docx: extractDocxText,
  xlsx: extractXlsxText,
  pptx: extractPptxText,
  epub: extractEpubText,
};

/** The text of a stored document of a heavy format (run on the extraction thread); undefined for other types. */
export async function extractDocument(input: { path: string; type: string }): Promise<ExtractedText | undefined> {
  const kind = documentKind(input.type);
  if (!kind) return undefined;
  if ((await stat(input.path)).size > EXTRACT_LIMITS.maxDocumentBytes) return undefined;
  return EXTRACTORS[kind](await readFile(input.path));
}
