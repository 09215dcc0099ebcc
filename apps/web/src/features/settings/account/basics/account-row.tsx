import type { ReactNode } from 'react';

/**
 * One line of the Account tab: what it is, its value or a note under it, and its action on the
 * right (the values are short, and a long address is cut with an ellipsis, its whole in a title).
 */
export function AccountRow({
  label,
  value,
  note,
  action,
  testId,
}: {
  label: string;
  value?: ReactNode;
  note?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className="flex items-center justify-between gap-3 border-b border-line py-3.5 sm:gap-4"
      data-testid={testId}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-fg">{label}</p>
        {value !== undefined ? <div className="mt-0.5 min-w-0 truncate text-sm text-fg-secondary">{value}</div> : null}
        {note ? <div className="mt-1 text-[13px] leading-snug text-fg-tertiary">{note}</div> : null}
      </div>
      {action ? <div className="flex shrink-0 items-center gap-2">{action}</div> : null}
    </div>
  );
}
