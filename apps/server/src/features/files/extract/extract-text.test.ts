import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  writeDocx,
  writeDrawingPdf,
  writeEpub,
  writePptx,
  writeTextPdf,
  writeXlsx,
} from '../../../../test/document-fixtures.js';
import { DOCUMENT_TYPES } from './document-types.js';
import { EXTRACT_LIMITS, PAGE_BREAK } from './extract-limits.js';
import { extractText } from './extract-text.js';
import { ZipBombError, readZipEntries } from './zip-entries.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'extract-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function extract(filename: string, type: string, bytes: Buffer | string, timeoutMs?: number) {
  const path = join(folder, filename);
  await writeFile(path, bytes);
  return extractText({ path, type, filename, timeoutMs });
}

const SENTENCE = 'The quick brown fox jumps over the lazy dog.';

describe('plain text', () => {
  it('reads UTF-8 text and drops a byte-order mark', async () => {
    const result = await extract(
      'notes.md',
      'text/markdown',
      Buffer.from(`\uFEFF# Notes\n${SENTENCE} Ünïcödé ✓`, 'utf8'),
    );
    expect(result?.text).toBe(`# Notes\n${SENTENCE} Ünïcödé ✓`);
  });

  it('reads code, CSV, JSON and YAML as they are', async () => {
    expect((await extract('a.py', 'text/x-python', 'print("hi")\n'))?.text).toBe('print("hi")\n');
    expect((await extract('a.csv', 'text/csv', 'a,b\n1,2\n'))?.text).toBe('a,b\n1,2\n');
    expect((await extract('a.json', 'application/json', '{"a":1}'))?.text).toBe('{"a":1}');
    expect((await extract('a.yaml', 'application/x-yaml', 'a: 1\n'))?.text).toBe('a: 1\n');
    expect((await extract('a.xml', 'application/xml', '<a>1</a>'))?.text).toBe('<a>1</a>');
  });

  it('reads UTF-16 text by its byte-order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SENTENCE, 'utf16le')]);
    expect((await extract('wide.txt', 'text/plain', bytes))?.text).toBe(SENTENCE);
  });

  it('answers nothing for binary bytes under a text name', async () => {
    const binary = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x3e, 0x00]);
    expect(await extract('program.txt', 'text/plain', binary)).toBeUndefined();
    expect(
      await extract(
        'noise.txt',
        'text/plain',
        Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 37 + 128) % 256)),
      ),
    ).toBeUndefined();
  });

  it('keeps at most the text cap', async () => {
    const result = await extract('big.txt', 'text/plain', 'x'.repeat(EXTRACT_LIMITS.maxTextChars + 10));
    expect(result?.text.length).toBe(EXTRACT_LIMITS.maxTextChars);
    expect(result?.truncated).toBe(true);
  });

  it('answers nothing for types it does not read', async () => {
    expect(await extract('photo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(await extract('old.xls', 'application/vnd.ms-excel', Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))).toBeUndefined();
  });
});

describe('documents', () => {
  it('reads the text layer of a PDF, page by page', async () => {
    const result = await extract('report.pdf', DOCUMENT_TYPES.pdf, await writeTextPdf([SENTENCE, 'Second page here.']));
    expect(result?.text).toContain(SENTENCE);
    expect(result?.text).toContain('Second page here.');
    expect(result?.text.indexOf(SENTENCE)).toBeLessThan(result?.text.indexOf('Second page') ?? 0);
    expect(result?.pages).toBe(2);
    expect(result?.text.split(PAGE_BREAK).map((page) => page.trim())).toEqual([SENTENCE, 'Second page here.']);
    expect(result?.noTextLayer).toBeUndefined();
  });

  it('says a PDF of drawings has no text layer', async () => {
    const result = await extract('scan.pdf', DOCUMENT_TYPES.pdf, await writeDrawingPdf());
    expect(result).toEqual({ text: '', pages: 1, noTextLayer: true });
  });

  it('answers nothing for a corrupt PDF', async () => {
    expect(await extract('broken.pdf', DOCUMENT_TYPES.pdf, Buffer.from('%PDF-1.7\nnot really'))).toBeUndefined();
  });

  it('reads a Word document', async () => {
    const result = await extract('letter.docx', DOCUMENT_TYPES.docx, await writeDocx(['Dear reader,', SENTENCE]));
    expect(result?.text).toBe(`Dear reader,\n\n${SENTENCE}`);
  });

  it('reads every sheet of a workbook as CSV under its name', async () => {
    const bytes = await writeXlsx({
      Budget: [
        ['Item', 'Cost'],
        ['Coffee, beans', 12.5],
      ],
      Notes: [[SENTENCE]],
    });
    const result = await extract('book.xlsx', DOCUMENT_TYPES.xlsx, bytes);
    expect(result?.text).toBe(`## Sheet: Budget\nItem,Cost\n"Coffee, beans",12.5\n\n## Sheet: Notes\n${SENTENCE}`);
    expect(result?.pages).toBe(2);
  });

  it('reads the slides of a presentation in order', async () => {
    const bytes = await writePptx([['Opening title', SENTENCE], ['Closing words']]);
    const result = await extract('deck.pptx', DOCUMENT_TYPES.pptx, bytes);
    expect(result?.text).toBe(`## Slide 1\nOpening title\n${SENTENCE}\n\n## Slide 2\nClosing words`);
    expect(result?.pages).toBe(2);
  });

  it('reads an EPUB in spine order, without markup', async () => {
    const bytes = await writeEpub([
      { title: 'Chapter One', body: SENTENCE },
      { title: 'Chapter Two', body: 'The end.' },
    ]);
    const result = await extract('book.epub', DOCUMENT_TYPES.epub, bytes);
    expect(result?.text).toContain(`Chapter One\n\n${SENTENCE} link`);
    expect(result?.text.indexOf('Chapter One')).toBeLessThan(result?.text.indexOf('Chapter Two') ?? 0);
    expect(result?.text).not.toContain('<');
    expect(result?.text).not.toContain('#x');
  });

  it('stops a document that takes longer than the time limit', async () => {
    const started = Date.now();
    expect(await extract('slow.pdf', DOCUMENT_TYPES.pdf, await writeTextPdf([SENTENCE]), 1)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('archives that would inflate without bound', () => {
  it('refuses an archive with too many entries', async () => {
    const zip = new JSZip();
    for (let i = 0; i <= EXTRACT_LIMITS.maxZipEntries; i += 1) zip.file(`word/e${i}.xml`, '');
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    await expect(readZipEntries(bytes)).rejects.toThrow(ZipBombError);
    expect(await extract('many.docx', DOCUMENT_TYPES.docx, bytes)).toBeUndefined();
  });

  it('refuses an archive that inflates past the limit', async () => {
    const zip = new JSZip();
    zip.file('ppt/slides/slide1.xml', Buffer.alloc(EXTRACT_LIMITS.maxZipUncompressedBytes + 1));
    const bytes = await zip.generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
      compressionOptions: { level: 1 },
    });
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    await expect(readZipEntries(bytes)).rejects.toThrow(ZipBombError);
    expect(await extract('bomb.pptx', DOCUMENT_TYPES.pptx, bytes)).toBeUndefined();
  });

  it('refuses an entry that inflates past the size it declares', async () => {
    const zip = new JSZip();
    zip.file(
      'ppt/slides/slide1.xml',
      `<p:sld xmlns:p="p" xmlns:a="a"><a:p><a:t>${'y'.repeat(100_000)}</a:t></a:p></p:sld>`,
    );
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    // The central directory's uncompressed size (offset 24 of the entry's record) now says 10 bytes.
    const central = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(10, central + 24);
    await expect(readZipEntries(bytes, () => true)).rejects.toThrow(/too many bytes|size/i);
    expect(await extract('liar.pptx', DOCUMENT_TYPES.pptx, bytes)).toBeUndefined();
  });
});
