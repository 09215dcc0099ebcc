import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface InputProps extends ComponentProps<'input'> {
  hasError?: boolean;
}

export function Input({ className, hasError = false, ...props }: InputProps) {
  return (
    <input
      className={cn(
        'block h-12 w-full rounded-xl border bg-surface px-3.5 text-[15px] text-fg shadow-none transition-[border-color,box-shadow] duration-150 outline-none placeholder:text-fg-tertiary',
        'focus:border-accent focus:ring-3 focus:ring-accent/20 disabled:cursor-not-allowed disabled:opacity-60',
        hasError ? 'border-danger focus:border-danger focus:ring-danger/20' : 'border-line-control',
        className,
      )}
      aria-invalid={hasError || undefined}
      {...props}
    />
  );
}
