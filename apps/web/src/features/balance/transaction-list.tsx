import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../parameters/use-media-query';
import { TransactionKindBadge } from './transaction-kind-badge';
import { formatTransactionDate } from './transaction-format';
import { formatCredits, formatTokens, type HistoryEntry } from './transactions';

const PHONE_QUERY = '(max-width: 639px)';

function useCells(entry: HistoryEntry) {
  const { t, i18n } = useTranslation('balance');
  const locale = i18n.language;
  const when = formatTransactionDate(entry.createdAt, locale);
  // Contexts are the server's own words (auto_refill, hold): the kind says it for people. An
  // administrator's change is the exception: its context is the reason they gave, for the user to read.
  const isAdminChange = entry.kind === 'admin_grant' || entry.kind === 'admin_deduct';
  const label = (isAdminChange ? entry.context : entry.model) ?? '';
  const split =
    entry.promptTokens !== null && entry.completionTokens !== null
      ? t('tokens_split', {
          prompt: formatTokens(entry.promptTokens, locale),
          completion: formatTokens(entry.completionTokens, locale),
        })
      : '';
  return {
    when,
    label,
    note: entry.isHold ? t('hold_note') : '',
    tokens: entry.tokens === null ? null : formatTokens(entry.tokens, locale),
    split,
    credits: formatCredits(entry.credits, locale),
  };
}

function creditsClass(credits: number): string {
  return credits > 0 ? 'text-accent' : 'text-fg';
}

function TableRow({ entry }: { entry: HistoryEntry }) {
  const cells = useCells(entry);
  return (
    <tr className="border-b border-line last:border-b-0" data-testid="transaction-row">
      <td className="py-3 pr-4 pl-1 align-top whitespace-nowrap">
        <div className="text-fg tabular-nums">{cells.when.date}</div>
        <div className="text-xs text-fg-tertiary tabular-nums">{cells.when.time}</div>
      </td>
      <td className="py-3 pr-4 align-top">
        <TransactionKindBadge kind={entry.kind} />
      </td>
      <td className="max-w-0 py-3 pr-4 align-top">
        <div className="truncate text-fg-secondary" title={cells.label || undefined} data-testid="transaction-model">
          {cells.label || <span className="text-fg-tertiary">—</span>}
        </div>
        {cells.note ? <div className="text-xs text-fg-tertiary">{cells.note}</div> : null}
      </td>
      <td className="py-3 pr-4 text-right align-top whitespace-nowrap tabular-nums" data-testid="transaction-tokens">
        {cells.tokens === null ? (
          <span className="text-fg-tertiary">—</span>
        ) : (
          <>
            <div className="text-fg">{cells.tokens}</div>
            {cells.split ? <div className="text-xs text-fg-tertiary">{cells.split}</div> : null}
          </>
        )}
      </td>
      <td
        className={cn(
          'py-3 pr-1 text-right align-top font-medium whitespace-nowrap tabular-nums',
          creditsClass(entry.credits),
        )}
        data-testid="transaction-credits"
      >
        {cells.credits}
      </td>
    </tr>
  );
}

function Card({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation('balance');
  const cells = useCells(entry);
  return (
    <li className="rounded-xl border border-line bg-surface px-3.5 py-3" data-testid="transaction-row">
      <div className="flex items-center justify-between gap-3">
        <TransactionKindBadge kind={entry.kind} />
        <span className={cn('font-medium tabular-nums', creditsClass(entry.credits))} data-testid="transaction-credits">
          {cells.credits}
        </span>
      </div>
      {cells.label ? (
        <p className="mt-2 truncate text-sm text-fg" title={cells.label} data-testid="transaction-model">
          {cells.label}
        </p>
      ) : null}
      {cells.note ? <p className="text-xs text-fg-tertiary">{cells.note}</p> : null}
      <div className="mt-1 flex items-center justify-between gap-3 text-xs text-fg-tertiary tabular-nums">
        <span>
          {cells.when.date} · {cells.when.time}
        </span>
        {cells.tokens !== null ? (
          <span data-testid="transaction-tokens" title={cells.split || undefined}>
            {t('tokens_count', { tokens: cells.tokens })}
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** The history's rows: a table, or on a phone a list of cards. */
export function TransactionList({ entries }: { entries: readonly HistoryEntry[] }) {
  const { t } = useTranslation('balance');
  const isPhone = useMediaQuery(PHONE_QUERY);
  if (isPhone)
    return (
      <ul className="flex flex-col gap-2" data-testid="transaction-list" aria-label={t('history_title')}>
        {entries.map((entry) => (
          <Card key={entry.id} entry={entry} />
        ))}
      </ul>
    );
  return (
    <table className="w-full table-fixed border-collapse text-sm" data-testid="transaction-list">
      <colgroup>
        <col className="w-[8.5rem]" />
        <col className="w-[8rem]" />
        <col />
        <col className="w-[9.5rem]" />
        <col className="w-[8.5rem]" />
      </colgroup>
      <thead>
        <tr className="border-b border-line text-left text-xs font-medium text-fg-tertiary">
          <th scope="col" className="pr-4 pb-2 pl-1 font-medium">
            {t('col_date')}
          </th>
          <th scope="col" className="pr-4 pb-2 font-medium">
            {t('col_kind')}
          </th>
          <th scope="col" className="pr-4 pb-2 font-medium">
            {t('col_model')}
          </th>
          <th scope="col" className="pr-4 pb-2 text-right font-medium">
            {t('col_tokens')}
          </th>
          <th scope="col" className="pr-1 pb-2 text-right font-medium">
            {t('col_credits')}
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <TableRow key={entry.id} entry={entry} />
        ))}
      </tbody>
    </table>
  );
}
