import type { TransactionView } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { dayBoundary, formatCredits, formatTokens, toHistoryEntries, transactionsSearch } from './transactions';

function row(over: Partial<TransactionView>): TransactionView {
  return {
    id: 'id',
    kind: 'spend',
    tokenType: 'prompt',
    model: 'gpt-4o',
    endpoint: 'openAI',
    conversationId: 'c1',
    messageId: null,
    rawAmount: -100,
    rate: 2.5,
    tokenValue: -250,
    context: 'message',
    createdAt: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

describe('toHistoryEntries', () => {
  it("groups a message's prompt and completion spends into one usage line", () => {
    const entries = toHistoryEntries([
      row({
        id: 'c',
        tokenType: 'completion',
        rawAmount: -40,
        tokenValue: -400,
        createdAt: '2026-03-01T10:00:01.000Z',
      }),
      row({ id: 'p' }),
    ]);
    expect(entries).toEqual([
      expect.objectContaining({
        id: 'c+p',
        kind: 'spend',
        tokens: 140,
        promptTokens: 100,
        completionTokens: 40,
        credits: -650,
        createdAt: '2026-03-01T10:00:01.000Z',
      }),
    ]);
  });

  it('keeps rows apart when they are of other messages, kinds or conversations', () => {
    const entries = toHistoryEntries([
      row({ id: 'a', tokenType: 'completion' }),
      row({ id: 'b', conversationId: 'c2' }),
      row({ id: 'c', tokenType: 'completion', createdAt: '2026-03-01T11:00:00.000Z' }),
      row({ id: 'd', createdAt: '2026-03-01T10:00:00.000Z' }),
      row({ id: 'e', kind: 'refill', tokenType: 'credits', rawAmount: null, tokenValue: 10_000, model: null }),
      row({ id: 'f', kind: 'start', tokenType: 'credits', rawAmount: null, tokenValue: 20_000, model: null }),
    ]);
    expect(entries.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(entries[4]).toMatchObject({ kind: 'refill', tokens: null, credits: 10_000 });
  });

  it('groups by message id when the server sends one, and only then', () => {
    const withId = (id: string, messageId: string, tokenType: string) =>
      ({ ...row({ id, tokenType }), messageId }) as TransactionView;
    expect(toHistoryEntries([withId('a', 'm1', 'prompt'), withId('b', 'm1', 'completion')])).toHaveLength(1);
    expect(toHistoryEntries([withId('a', 'm1', 'prompt'), withId('b', 'm2', 'completion')])).toHaveLength(2);
  });

  it('never joins two rows of the same token type', () => {
    expect(toHistoryEntries([row({ id: 'a' }), row({ id: 'b' })])).toHaveLength(2);
  });
});

describe('formatCredits', () => {
  it('signs and groups credits with two decimals, like the balance', () => {
    expect(formatCredits(20_000, 'en-US')).toBe('+20,000.00');
    expect(formatCredits(-1250.5, 'en-US')).toBe('\u22121,250.50');
    expect(formatCredits(0, 'en-US')).toBe('0.00');
  });

  it('groups tokens without decimals', () => {
    expect(formatTokens(1234567, 'en-US')).toBe('1,234,567');
  });
});

describe('transactionsSearch', () => {
  it('sends the page, the limit and the local days as instants that cover them whole', () => {
    const params = new URLSearchParams(transactionsSearch({ page: 2, from: '2026-03-01', to: '2026-03-05' }, 20));
    expect(params.get('page')).toBe('2');
    expect(params.get('limit')).toBe('20');
    expect(params.get('dateFrom')).toBe(new Date(2026, 2, 1).toISOString());
    expect(params.get('dateTo')).toBe(new Date(2026, 2, 5, 23, 59, 59, 999).toISOString());
  });

  it('leaves out an open or malformed bound', () => {
    const params = new URLSearchParams(transactionsSearch({ page: 1, from: '', to: 'yesterday' }));
    expect(params.has('dateFrom')).toBe(false);
    expect(params.has('dateTo')).toBe(false);
    expect(dayBoundary('2026-13-45x', false)).toBeUndefined();
  });
});

describe('held credits', () => {
  const hold = (over: Partial<TransactionView>) =>
    row({ tokenType: 'credits', rawAmount: null, rate: null, context: 'hold', tokenValue: -2081, ...over });
  const release = (over: Partial<TransactionView>) =>
    row({
      kind: 'refund',
      tokenType: 'credits',
      rawAmount: null,
      rate: null,
      context: 'hold_release',
      tokenValue: 2081,
      ...over,
    });

  it('drops a hold and its release, and groups the spends between them', () => {
    const entries = toHistoryEntries([
      row({ id: 'c', tokenType: 'completion', rawAmount: -5, tokenValue: -10 }),
      release({ id: 'r' }),
      row({ id: 'p', rawAmount: -19, tokenValue: -19 }),
      hold({ id: 'h' }),
    ]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: 'c+p', tokens: 24, credits: -29, isHold: false });
  });

  it('keeps a hold that is still open, marked as held', () => {
    const entries = toHistoryEntries([hold({ id: 'h1' }), release({ id: 'r2', conversationId: 'other' })]);
    expect(entries.map((e) => [e.id, e.isHold])).toEqual([
      ['h1', true],
      ['r2', false],
    ]);
  });
});
