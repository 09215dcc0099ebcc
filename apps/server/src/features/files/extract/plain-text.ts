import { open } from 'node:fs/promises';
import { EXTRACT_LIMITS, capText, type ExtractedText } from './extract-limits.js';

/** Types read as text as they are: prose, code, data formats. */
const PLAIN_TEXT_TYPES = new Set([
  'application/json',
  'application/xml',
  'application/x-yaml',
  'application/yaml',
  'application/toml',
  'application/sql',
  'application/csv',
  'application/typescript',
  'application/x-typescript',
  'application/javascript',
  'application/x-sh',
]);

export const isPlainTextType = (type: string): boolean => type.startsWith('text/') || PLAIN_TEXT_TYPES.has(type);

/** The first bytes of a file, at most `max`. */
async function readHead(path: string, max: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(max);
    let filled = 0;
    while (filled < max) {
      const { bytesRead } = await handle.read(buffer, filled, max - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/**
 * Whether decoded text is really binary bytes (an executable renamed .txt): NUL characters, or
 * many control or undecodable characters in its first part. Tabs, newlines and form feeds are text.
 */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, 8192);
  if (sample.length === 0) return false;
  let odd = 0;
  for (const char of sample) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0) return true;
    if (code === 0xfffd || (code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13)) odd += 1;
  }
  return odd / sample.length > 0.1;
}

/**
 * Decodes a text file's bytes: UTF-8 unless a UTF-16 byte-order mark says otherwise; the mark
 * is dropped (TextDecoder strips it), and a cut multi-byte character at the end is left out.
 */
export function decodeText(bytes: Uint8Array): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(encoding).decode(bytes, { stream: true });
}

/** The text of a plain-text file, or undefined when its bytes are not text. */
export async function extractPlainText(path: string): Promise<ExtractedText | undefined> {
  const text = decodeText(await readHead(path, EXTRACT_LIMITS.maxPlainTextBytes));
  if (looksBinary(text)) return undefined;
  return capText(text);
}
