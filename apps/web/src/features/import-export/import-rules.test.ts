import { describe, expect, it } from 'vitest';
import { formatBytes, isImportFile } from './import-rules';

describe('isImportFile', () => {
  it('accepts .json files only', () => {
    expect(isImportFile({ name: 'conversations.json', type: '' })).toBe(true);
    expect(isImportFile({ name: 'EXPORT.JSON', type: '' })).toBe(true);
    expect(isImportFile({ name: 'data', type: 'application/json' })).toBe(true);
    expect(isImportFile({ name: 'chat.txt', type: 'text/plain' })).toBe(false);
    expect(isImportFile({ name: 'archive.json.zip', type: 'application/zip' })).toBe(false);
  });
});

describe('formatBytes', () => {
  it('rounds to a readable size', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });
});
