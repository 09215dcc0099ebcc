import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** An on/off switch: a button with role="switch", labelled by a <label htmlFor> or aria-label. */
export function Switch({
  isChecked,
  onCheckedChange,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'onChange' | 'role' | 'type'> & {
  isChecked: boolean;
  onCheckedChange(isChecked: boolean): void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isChecked}
      onClick={() => onCheckedChange(!isChecked)}
      className={cn(
        'focus-ring relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition-colors',
        // The off track is what shows there is a switch: 3:1 on any surface, a dialog's dark one too.
        isChecked ? 'bg-accent' : 'bg-line-control',
        className,
      )}
      {...props}
    >
      <span
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow-sm transition-transform',
          isChecked ? 'translate-x-[18px] rtl:-translate-x-[18px]' : 'translate-x-0.5 rtl:-translate-x-0.5',
        )}
      />
    </button>
  );
}
