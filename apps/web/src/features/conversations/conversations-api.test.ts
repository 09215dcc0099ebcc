import { describe, expect, it } from 'vitest';
import { exportFileName } from './conversations-api';

describe('exportFileName', () => {
  it('keeps the title, minus what file systems refuse', () => {
    expect(exportFileName('Plan: Q3/Q4 <draft>?', 'md')).toBe('Plan Q3 Q4 draft.md');
    expect(exportFileName('  ', 'json')).toBe('conversation.json');
    expect(exportFileName('a\u0000b', 'txt')).toBe('a b.txt');
  });
});
