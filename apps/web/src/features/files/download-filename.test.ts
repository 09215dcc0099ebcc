import { describe, expect, it } from 'vitest';
import { downloadFilename } from './download-filename';

const headers = (h: Record<string, string>) => new Headers(h);

describe('downloadFilename', () => {
  it('prefers the UTF-8 filename* of Content-Disposition', () => {
    expect(
      downloadFilename(
        headers({ 'content-disposition': `attachment; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf` }),
        'x',
      ),
    ).toBe('résumé.pdf');
  });

  it('reads a quoted or bare filename', () => {
    expect(downloadFilename(headers({ 'content-disposition': 'attachment; filename="notes; v2.txt"' }), 'x')).toBe(
      'notes; v2.txt',
    );
    expect(downloadFilename(headers({ 'content-disposition': 'attachment; filename=data.csv' }), 'x')).toBe('data.csv');
  });

  it('falls back to x-file-metadata, then to the known name', () => {
    expect(downloadFilename(headers({ 'x-file-metadata': JSON.stringify({ filename: 'meta.json' }) }), 'x')).toBe(
      'meta.json',
    );
    expect(downloadFilename(headers({ 'x-file-metadata': '{broken' }), 'known.txt')).toBe('known.txt');
    expect(downloadFilename(headers({}), '')).toBe('download');
  });

  it('never returns a path', () => {
    expect(downloadFilename(headers({ 'content-disposition': 'attachment; filename="../../etc/passwd"' }), 'x')).toBe(
      '.._.._etc_passwd',
    );
  });
});
