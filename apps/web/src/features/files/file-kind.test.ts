import { describe, expect, it } from 'vitest';
import { fileKind } from './file-kind';

describe('fileKind', () => {
  it('names each family by type, or by extension when the type is vague', () => {
    expect(fileKind('image/png', 'a.png')).toBe('image');
    expect(fileKind('video/mp4', 'clip.mp4')).toBe('video');
    expect(fileKind('', 'clip.mov')).toBe('video');
    expect(fileKind('', 'report.pdf')).toBe('pdf');
    expect(fileKind('application/octet-stream', 'sheet.xlsx')).toBe('spreadsheet');
    expect(fileKind('text/csv', 'data.csv')).toBe('spreadsheet');
    expect(fileKind('', 'deck.pptx')).toBe('slides');
    expect(fileKind('', 'letter.docx')).toBe('document');
    expect(fileKind('application/zip', 'bundle.zip')).toBe('archive');
    expect(fileKind('text/x-python', 'main.py')).toBe('code');
    expect(fileKind('application/json', 'data.json')).toBe('code');
    expect(fileKind('text/plain', 'notes.txt')).toBe('text');
    expect(fileKind('text/markdown', 'README.md')).toBe('text');
    expect(fileKind(undefined, 'mystery')).toBe('file');
  });
});
