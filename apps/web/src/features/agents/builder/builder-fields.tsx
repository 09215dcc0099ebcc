import { useId, type ReactNode, type Ref } from 'react';
import { cn } from '../../../lib/cn';

/** A titled block of the builder, separated from the next by a line. */
export function BuilderSection({
  title,
  hint,
  action,
  children,
  testId,
}: {
  title: string;
  hint?: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="border-b border-line py-4 last:border-b-0" data-testid={testId}>
      <div className="mb-2 flex min-h-7 items-center gap-2">
        <h3 className="min-w-0 flex-1 text-[11px] font-semibold tracking-wider text-fg-tertiary uppercase">{title}</h3>
        {action}
      </div>
      {hint ? <p className="-mt-1 mb-2.5 text-xs leading-snug text-fg-tertiary">{hint}</p> : null}
      {children}
    </section>
  );
}

const fieldClass =
  'block w-full rounded-xl border border-line-control bg-surface px-3 text-[13px] text-fg outline-none transition-colors placeholder:text-fg-tertiary focus:border-accent focus:ring-2 focus:ring-accent/20 disabled:cursor-not-allowed disabled:opacity-70';

/** A labelled one-line field of the builder, with its error under it when it has one. */
export function BuilderInput({
  label,
  value,
  onChange,
  placeholder,
  isReadOnly,
  isRequired,
  maxLength,
  error,
  inputRef,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  isReadOnly?: boolean;
  isRequired?: boolean;
  maxLength?: number;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-fg">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        disabled={isReadOnly}
        required={isRequired}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(fieldClass, 'h-9', error && 'border-danger focus:border-danger focus:ring-danger/20')}
        data-testid={testId}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-xs leading-snug text-danger" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled multi-line field of the builder. */
export function BuilderTextArea({
  label,
  value,
  onChange,
  placeholder,
  isReadOnly,
  rows = 4,
  isMono,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  isReadOnly?: boolean;
  rows?: number;
  isMono?: boolean;
  testId?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-fg">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        disabled={isReadOnly}
        rows={rows}
        className={cn(fieldClass, 'scrollbar-thin resize-y py-2.5 leading-relaxed', isMono && 'font-mono text-xs')}
        data-testid={testId}
      />
    </div>
  );
}
