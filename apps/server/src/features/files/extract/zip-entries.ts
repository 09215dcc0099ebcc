import yauzl from 'yauzl';
import { EXTRACT_LIMITS } from './extract-limits.js';

/** An archive refused unread: too many entries, or more bytes once inflated than allowed. */
export class ZipBombError extends Error {
  constructor(reason: string) {
    super(`Archive refused: ${reason}`);
    this.name = 'ZipBombError';
  }
}

/**
 * Inflates every entry of a zip (OOXML, EPUB) within the limits, keeping those `keep` asks for.
 * The central directory's declared sizes are checked before anything is inflated, and yauzl
 * stops an entry that inflates past its declared size, so a lying archive cannot get further.
 * Callers that hand the archive to a library (mammoth, exceljs) call this first, which proves
 * the archive inflates within bounds.
 */
export async function readZipEntries(
  buffer: Buffer,
  keep: (name: string) => boolean = () => false,
): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, file) =>
      error ? reject(error) : resolve(file),
    );
  });
  if (zip.entryCount > EXTRACT_LIMITS.maxZipEntries) {
    zip.close();
    throw new ZipBombError(`${zip.entryCount} entries`);
  }
  const kept = new Map<string, Buffer>();
  let declared = 0;
  let inflated = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      zip.close();
      reject(error);
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(kept));
    zip.on('entry', (entry: yauzl.Entry) => {
      declared += entry.uncompressedSize;
      if (declared > EXTRACT_LIMITS.maxZipUncompressedBytes) {
        fail(new ZipBombError(`more than ${EXTRACT_LIMITS.maxZipUncompressedBytes} bytes inflated`));
        return;
      }
      if (entry.fileName.endsWith('/')) {
        zip.readEntry();
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(error);
        const wanted = keep(entry.fileName);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          inflated += chunk.length;
          if (wanted) chunks.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          if (inflated > EXTRACT_LIMITS.maxZipUncompressedBytes) {
            return fail(new ZipBombError('inflated past the limit'));
          }
          if (wanted) kept.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
