import type { TransactionKind, TransactionsPage, TransactionView } from '@confab/shared';
import { apiJson } from '../../lib/api-client';

// A reply is up to four ledger rows (hold, release, prompt, completion) and shows as one line.
export const TRANSACTIONS_PAGE_SIZE = 50;

/** The history's filter: local calendar days (yyyy-mm-dd, as a date input gives them), either open. */
export interface TransactionsFilter {
  page: number;
  from: string;
  to: string;
}

export const transactionsQueryKey = (filter: TransactionsFilter) => ['transactions', filter] as const;

/** A local calendar day as the instant it starts (or, with `isEnd`, its last millisecond). */
export function dayBoundary(day: string, isEnd: boolean): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = isEnd ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The query string of GET /api/transactions: the days are the user's, the server's bounds are instants. */
export function transactionsSearch(filter: TransactionsFilter, limit = TRANSACTIONS_PAGE_SIZE): string {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(limit) });
  const dateFrom = dayBoundary(filter.from, false);
  const dateTo = dayBoundary(filter.to, true);
  if (dateFrom) params.set('dateFrom', dateFrom);
  if (dateTo) params.set('dateTo', dateTo);
  return params.toString();
}

export function fetchTransactions(filter: TransactionsFilter, signal?: AbortSignal): Promise<TransactionsPage> {
  return apiJson<TransactionsPage>(`/api/transactions?${transactionsSearch(filter)}`, { signal });
}

/** One line of the history: a ledger row, or a message's prompt and completion spends together. */
export interface HistoryEntry {
  id: string;
  kind: TransactionKind;
  createdAt: string;
  model: string | null;
  context: string | null;
  /** Credits held for a reply still being written (the server settles them when it ends). */
  isHold: boolean;
  /** Tokens used (positive), null for rows that are not about tokens. */
  tokens: number | null;
  promptTokens: number | null;
  completionTokens: number | null;
  /** Credits the balance moved by: negative for usage. */
  credits: number;
}

/** Rows written for the same message land within moments of each other. */
const SAME_MESSAGE_MS = 5_000;

function messageIdOf(row: TransactionView): string | null {
  return row.messageId || null;
}

function isSameMessage(a: TransactionView, b: TransactionView): boolean {
  if (a.kind !== 'spend' || b.kind !== 'spend' || a.tokenType === b.tokenType) return false;
  const types = new Set([a.tokenType, b.tokenType]);
  if (!types.has('prompt') || !types.has('completion')) return false;
  const idA = messageIdOf(a);
  const idB = messageIdOf(b);
  if (idA || idB) return idA === idB;
  return (
    a.conversationId !== null &&
    a.conversationId === b.conversationId &&
    a.model === b.model &&
    Math.abs(Date.parse(a.createdAt) - Date.parse(b.createdAt)) <= SAME_MESSAGE_MS
  );
}

function tokensOf(row: TransactionView): number | null {
  return row.rawAmount === null ? null : Math.abs(row.rawAmount);
}

function entryOf(row: TransactionView): HistoryEntry {
  const tokens = row.kind === 'spend' ? tokensOf(row) : null;
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt,
    model: row.model,
    context: row.context,
    isHold: row.context === HOLD,
    tokens,
    promptTokens: row.tokenType === 'prompt' ? tokens : null,
    completionTokens: row.tokenType === 'completion' ? tokens : null,
    credits: row.tokenValue,
  };
}

/** The server holds a generation's estimated cost first, then releases it and spends what it used. */
const HOLD = 'hold';
const HOLD_RELEASE = 'hold_release';

function isReleaseOf(release: TransactionView, hold: TransactionView): boolean {
  return (
    hold.kind === 'spend' &&
    hold.context === HOLD &&
    release.context === HOLD_RELEASE &&
    release.tokenValue === -hold.tokenValue &&
    release.conversationId === hold.conversationId &&
    release.model === hold.model
  );
}

/**
 * A released hold nets to zero and says nothing the spend rows don't: both leave the list. A hold
 * still open (a reply being written) stays, as the credits it has taken for now.
 */
function withoutReleasedHolds(rows: readonly TransactionView[]): TransactionView[] {
  const dropped = new Set<TransactionView>();
  for (const release of rows) {
    if (release.context !== HOLD_RELEASE) continue;
    const hold = rows.find((row) => !dropped.has(row) && isReleaseOf(release, row));
    if (!hold) continue;
    dropped.add(hold);
    dropped.add(release);
  }
  return rows.filter((row) => !dropped.has(row));
}

/**
 * The page's rows as the history lists them: a message's prompt and completion spends (next to
 * each other in the ledger) become one "Usage" line with both token counts and their sum.
 */
export function toHistoryEntries(pageRows: readonly TransactionView[]): HistoryEntry[] {
  const rows = withoutReleasedHolds(pageRows);
  const entries: HistoryEntry[] = [];
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i];
    if (!row) break;
    const next = rows[i + 1];
    if (next && isSameMessage(row, next)) {
      const [prompt, completion] = row.tokenType === 'prompt' ? [row, next] : [next, row];
      const promptTokens = tokensOf(prompt);
      const completionTokens = tokensOf(completion);
      entries.push({
        id: `${row.id}+${next.id}`,
        kind: 'spend',
        createdAt: row.createdAt > next.createdAt ? row.createdAt : next.createdAt,
        model: row.model ?? next.model,
        context: row.context ?? next.context,
        isHold: false,
        tokens:
          promptTokens === null && completionTokens === null ? null : (promptTokens ?? 0) + (completionTokens ?? 0),
        promptTokens,
        completionTokens,
        credits: row.tokenValue + next.tokenValue,
      });
      i += 1;
    } else {
      entries.push(entryOf(row));
    }
  }
  return entries;
}

/** Credits with their sign and two decimals, like the balance: "+20,000.00", "−1,250.00". */
export function formatCredits(credits: number, locale?: string): string {
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.abs(credits),
  );
  if (credits > 0) return `+${text}`;
  // A true minus sign: it lines up with the plus in a column of figures.
  if (credits < 0) return `\u2212${text}`;
  return text;
}

export function formatTokens(tokens: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(tokens);
}
