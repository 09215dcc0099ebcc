import { describe, expect, it } from 'vitest';
import type { MessageRow } from '../messages/messages.repo.js';
import { buildHistory } from './build-history.js';

const row = (text: string, user: boolean, error = false) => ({ text, is_created_by_user: user ? 1 : 0, error: error ? 1 : 0 }) as MessageRow;

describe('buildHistory', () => {
  it('maps roles and leaves out error notices and empty replies', () => {
    const turns = buildHistory([row('hi', true), row('{"type":"rate_limit"}', false, true), row('hi again', true), row('', false)]);
    expect(turns).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'hi again' },
    ]);
  });

  it('keeps the newest turns within maxContextTokens, and always the last one', () => {
    const long = 'x'.repeat(400); // ~104 tokens each
    const path = [row(long, true), row(long, false), row(long, true), row('newest', true)];
    expect(buildHistory(path, 220)).toHaveLength(3);
    expect(buildHistory(path, 1)).toEqual([{ role: 'user', content: 'newest' }]);
  });
});
