import { describe, expect, it } from 'vitest';
import { exportFileName, fileNameFromDisposition } from './conversations-api';

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 5987 name', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="Trip.md"; filename*=UTF-8''Trip%20to%20M%C3%BCnchen.md`),
    ).toBe('Trip to München.md');
  });

  it('reads a plain quoted or bare name', () => {
    expect(fileNameFromDisposition('attachment; filename="notes.txt"')).toBe('notes.txt');
    expect(fileNameFromDisposition('attachment; filename=notes.json')).toBe('notes.json');
  });

  it('returns null without a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});

describe('exportFileName', () => {
  it('keeps the title, minus what file systems refuse', () => {
    expect(exportFileName('Plan: Q3/Q4 <draft>?', 'md')).toBe('Plan Q3 Q4 draft.md');
    expect(exportFileName('  ', 'json')).toBe('conversation.json');
    expect(exportFileName('a\u0000b', 'txt')).toBe('a b.txt');
  });
});
