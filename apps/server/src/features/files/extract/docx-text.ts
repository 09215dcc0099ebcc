import mammoth from 'mammoth';
import { capText, type ExtractedText } from './extract-limits.js';
import { readZipEntries } from './zip-entries.js';

/** The text of a Word document (mammoth), after the archive is proven within bounds. */
export async function extractDocxText(buffer: Buffer): Promise<ExtractedText> {
  await readZipEntries(buffer);
  const { value } = await mammoth.extractRawText({ buffer });
  return capText(value.replace(/\n{3,}/g, '\n\n').trim());
}
