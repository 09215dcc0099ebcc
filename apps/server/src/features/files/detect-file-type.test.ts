import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { detectFileType, SNIFF_BYTES, UNIDENTIFIED_TYPE } from './detect-file-type.js';

const text = (s: string) => new TextEncoder().encode(s);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
const EXE = Buffer.from('4d5a90000300000004000000ffff0000b800000000000000', 'hex');

describe('detectFileType', () => {
  it('trusts the name for text, which has no signature', async () => {
    expect(await detectFileType('notes.txt', 'text/plain', text('hello'))).toBe('text/plain');
    expect(await detectFileType('table.csv', '', text('a,b\n1,2'))).toBe('text/csv');
    expect(await detectFileType('data.json', 'application/octet-stream', text('{"a":1}'))).toBe('application/json');
    expect(await detectFileType('README.md', 'text/plain', text('# Title'))).toBe('text/markdown');
  });

  it('keeps SVG (text starting with <?xml) as SVG', async () => {
    const svg = text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await detectFileType('logo.svg', 'image/svg+xml', svg)).toBe('image/svg+xml');
  });

  it('believes the bytes over the name and the browser', async () => {
    expect(await detectFileType('photo.jpg', 'image/jpeg', PNG)).toBe('image/png');
    expect(await detectFileType('notes.txt', 'text/plain', EXE)).toBe('application/x-msdownload');
    expect(await detectFileType('photo.png', 'image/png', text('not a png'))).toBe(UNIDENTIFIED_TYPE);
    expect(await detectFileType('binary.txt', 'text/plain', Buffer.from([0x41, 0x00, 0x42]))).toBe(UNIDENTIFIED_TYPE);
    expect(await detectFileType('x.jpeg', undefined, JPEG)).toBe('image/jpeg');
  });

  it('recognises zip-based office documents and plain zips', async () => {
    const doc = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Hello')] }] }));
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(await detectFileType('report.docx', '', doc.subarray(0, SNIFF_BYTES))).toBe(docx);
    const zip = await new JSZip().file('a.txt', 'hello').generateAsync({ type: 'nodebuffer' });
    expect(await detectFileType('bundle.zip', 'application/zip', zip)).toBe('application/zip');
    expect(await detectFileType('bundle.docx', '', zip)).toBe(docx);
  });

  it('cannot tell a nameless text file', async () => {
    expect(await detectFileType('Makefile', '', text('all:'))).toBeUndefined();
    expect(await detectFileType('Makefile', 'text/plain', text('all:'))).toBe('text/plain');
  });
});
