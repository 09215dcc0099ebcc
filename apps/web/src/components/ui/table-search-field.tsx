import { Search } from 'lucide-react';
import { cn } from '../../lib/cn';

interface TableSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The placeholder, and the field's accessible name. */
  label: string;
  className?: string;
  'data-testid'?: string;
}

/** The filter box above the settings tables (archived chats, shared links, my files). */
export function TableSearchField({ value, onChange, label, className, ...rest }: TableSearchFieldProps) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-tertiary"
        aria-hidden
      />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        aria-label={label}
        className="focus-ring h-9 w-full rounded-lg border border-line-control bg-surface pr-3 pl-9 text-sm text-fg outline-none placeholder:text-fg-tertiary"
        data-testid={rest['data-testid']}
      />
    </div>
  );
}
