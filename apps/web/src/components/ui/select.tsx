import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

/** A styled native select: keyboard, screen readers and mobile pickers work for free. */
export function Select({ options, className, ...props }: ComponentProps<'select'> & { options: SelectOption[] }) {
  return (
    <div className={cn('relative inline-flex', className)}>
      <select
        className="focus-ring h-9 w-full appearance-none rounded-lg border border-line bg-surface py-0 pr-9 pl-3 text-sm text-fg hover:bg-surface-tertiary"
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-fg-tertiary" aria-hidden />
    </div>
  );
}
