import { inferFileType } from '@confab/shared';
import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes the type is judged by (file-type reads at most this many). */
export const SNIFF_BYTES = 4100;

/** What a file is when its content contradicts the type it claims: nothing a config allows by default. */
export const UNIDENTIFIED_TYPE = 'application/octet-stream';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Formats inside a zip container: a zip signature confirms them (file-type cannot always look further). */
const ZIP_CONTAINERS = new Set([DOCX, XLSX, PPTX, 'application/epub+zip', 'application/zip', 'application/x-zip-compressed']);
/** Legacy Office formats, inside a Compound File Binary container. */
const CFB_CONTAINERS = new Set(['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint']);
/** Text formats file-type may call XML (an SVG or XHTML that starts with `<?xml`). */
const isXmlText = (type: string) => type.endsWith('+xml') || type.endsWith('/xml') || type.startsWith('text/');

/**
 * Binary formats that begin with a signature: a file claiming one of them (by its extension or
 * the browser's word) must carry it, or it is not what it says.
 */
const SIGNATURE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  ...ZIP_CONTAINERS,
  ...CFB_CONTAINERS,
]);

/**
 * The type of an upload, judged by the server: its leading bytes first, its name (and the
 * browser's type, SPEC 5's rule) only where the bytes say nothing, as for text. A claim the bytes
 * contradict loses: an executable named `notes.txt` is an executable, a text file named
 * `photo.png` is unidentified. Undefined when neither bytes nor name tell (SPEC 5: "Unable to
 * determine file type").
 */
export async function detectFileType(name: string, clientType: string | undefined, head: Uint8Array): Promise<string | undefined> {
  const claimed = inferFileType(name, clientType);
  const sniffed = (await fileTypeFromBuffer(head))?.mime;
  if (sniffed) {
    if (!claimed) return sniffed;
    if (sniffed === 'application/zip' && ZIP_CONTAINERS.has(claimed)) return claimed;
    if (sniffed === 'application/x-cfb' && CFB_CONTAINERS.has(claimed)) return claimed;
    if (sniffed === 'application/xml' && isXmlText(claimed)) return claimed;
    return sniffed;
  }
  if (!claimed) return undefined;
  if (SIGNATURE_TYPES.has(claimed)) return UNIDENTIFIED_TYPE;
  // Text carries no signature; a NUL byte says it is not text whatever its name.
  if (head.includes(0)) return UNIDENTIFIED_TYPE;
  return claimed;
}

/** Archives are stored as they are: never expanded, never read for text. */
export const isArchiveType = (type: string): boolean =>
  ['application/zip', 'application/x-zip-compressed', 'application/x-tar', 'application/gzip', 'application/x-gzip'].includes(type);
