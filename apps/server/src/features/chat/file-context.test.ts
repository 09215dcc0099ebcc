import { describe, expect, it } from 'vitest';
import { documentBudgetChars, documentContexts } from './file-context.js';

const doc = (filename: string, text: string | null, type = 'text/plain') => ({ filename, type, text });

describe('documentContexts', () => {
  it('wraps each document in a block naming it, in the message’s order', () => {
    const contexts = documentContexts(
      [{ messageId: 'm', documents: [doc('a.txt', 'alpha'), doc('b.md', 'beta')] }],
      1000,
    );
    expect(contexts.get('m')).toBe(
      '<attached_file name="a.txt">\nalpha\n</attached_file>\n\n<attached_file name="b.md">\nbeta\n</attached_file>',
    );
  });

  it('serves the newest message first and says where a document was cut', () => {
    const contexts = documentContexts(
      [
        { messageId: 'new', documents: [doc('new.txt', 'x'.repeat(60))] },
        { messageId: 'old', documents: [doc('old.txt', 'y'.repeat(100))] },
      ],
      100,
    );
    expect(contexts.get('new')).toContain('x'.repeat(60));
    expect(contexts.get('old')).toContain(
      `${'y'.repeat(40)}\n[… truncated: showing the first 40 of 100 characters of old.txt]`,
    );
  });

  it('tells the model about a PDF without a text layer and a file it could not read', () => {
    const contexts = documentContexts(
      [
        {
          messageId: 'm',
          documents: [doc('scan.pdf', '', 'application/pdf'), doc('data.zip', null, 'application/zip')],
        },
      ],
      100,
    );
    expect(contexts.get('m')).toContain('[scan.pdf has no text layer (scanned pages?); its text could not be read.]');
    expect(contexts.get('m')).toContain('[data.zip: its text could not be read.]');
  });

  it('budgets half of maxContextTokens, or a default that fits small windows', () => {
    expect(documentBudgetChars(1000)).toBe(2000);
    expect(documentBudgetChars(undefined)).toBe(48_000);
  });
});
