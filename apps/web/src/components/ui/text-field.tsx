import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from './input';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered inside the input's right edge (e.g. a show-password toggle). */
  trailing?: ReactNode;
}

/** A labelled input with its validation message, wired for screen readers. */
export function TextField({ label, error, hint, trailing, id, className, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative">
        <Input id={inputId} hasError={Boolean(error)} aria-describedby={error || hint ? messageId : undefined} className={trailing ? 'pr-11' : undefined} {...props} />
        {trailing ? <div className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={messageId} role="alert" className="mt-1.5 text-[13px] leading-snug text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="mt-1.5 text-[13px] leading-snug text-fg-tertiary">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
