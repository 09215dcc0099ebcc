import { Search } from 'lucide-react';
import type { KeyboardEvent, Ref } from 'react';

interface InlineSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The placeholder, and the field's accessible name. */
  label: string;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
  'data-testid'?: string;
}

/** The borderless search box at the top of a menu or picker (model selector, tools, plugin store). */
export function InlineSearchField({ value, onChange, label, onKeyDown, ref, ...rest }: InlineSearchFieldProps) {
  return (
    <div className="flex items-center gap-2 rounded-lg bg-surface-tertiary px-2.5 focus-within:ring-2 focus-within:ring-accent/30">
      <Search className="size-4 shrink-0 text-fg-tertiary" aria-hidden />
      <input
        ref={ref}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={label}
        aria-label={label}
        className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-fg-tertiary"
        data-testid={rest['data-testid']}
      />
    </div>
  );
}
