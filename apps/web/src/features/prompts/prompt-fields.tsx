import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const promptInputClass =
  'block w-full rounded-xl border border-line-control bg-surface px-3 text-sm text-fg outline-none transition-[border-color,box-shadow] placeholder:text-fg-tertiary focus:border-accent focus:ring-3 focus:ring-accent/20 disabled:cursor-not-allowed disabled:opacity-60';
export const promptInputErrorClass = 'border-danger focus:border-danger focus:ring-danger/20';

/**
 * A labelled field of the prompt editor: the label, the control (given the ids it must carry)
 * and under it the error or a hint.
 */
export function PromptField({
  label,
  error,
  hint,
  aside,
  className,
  testId,
  children,
}: {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Beside the label, at its end (a character count, say). */
  aside?: ReactNode;
  className?: string;
  testId?: string;
  children: (ids: { id: string; describedBy: string | undefined; isInvalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-[13px] font-medium text-fg">
          {label}
        </label>
        {aside}
      </div>
      {children({ id, describedBy: error || hint ? messageId : undefined, isInvalid: !!error })}
      {error ? (
        <p
          id={messageId}
          role="alert"
          className="mt-1.5 text-[13px] leading-snug text-danger"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="mt-1.5 text-xs leading-snug text-fg-tertiary">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A titled card of the prompt page. */
export function PromptCard({
  title,
  action,
  children,
  className,
  testId,
}: {
  title?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={cn('rounded-2xl border border-line bg-surface p-4 sm:p-5', className)} data-testid={testId}>
      {title || action ? (
        <div className="mb-3.5 flex min-h-8 flex-wrap items-center justify-between gap-2">
          {title ? <h2 className="text-sm font-semibold text-fg">{title}</h2> : <span />}
          {action ? <div className="flex flex-wrap items-center gap-1.5">{action}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
