import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface SelectOption {
  value: string;
  label: string;
  /** A second, quieter line in the list only (an English name under a native one, say). */
  detail?: string;
}

/**
 * Radix refuses an item whose value is '' (it means "no choice" there), while our settings use ''
 * for "the default". The list carries this stand-in instead and gives '' back.
 */
const EMPTY_VALUE = '\u0000empty';
const toItemValue = (value: string) => (value === '' ? EMPTY_VALUE : value);
const fromItemValue = (value: string) => (value === EMPTY_VALUE ? '' : value);

export interface SelectProps {
  options: SelectOption[];
  value: string;
  onValueChange(value: string): void;
  /** The trigger's id, for a `<label htmlFor>`. */
  id?: string;
  className?: string;
  isDisabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A list to choose one value from, drawn like the app's menus (not the platform's pop-up):
 * keyboard, typeahead and screen readers come from Radix. The trigger carries `data-value` with
 * the chosen value.
 */
export function Select({
  options,
  value,
  onValueChange,
  id,
  className,
  isDisabled,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: SelectProps) {
  return (
    <SelectPrimitive.Root
      value={toItemValue(value)}
      onValueChange={(chosen) => onValueChange(fromItemValue(chosen))}
      disabled={isDisabled}
    >
      <SelectPrimitive.Trigger
        id={id}
        aria-label={ariaLabel}
        data-testid={testId}
        data-value={value}
        className={cn(
          'focus-ring inline-flex h-9 min-w-0 items-center justify-between gap-2 rounded-lg border border-line-control bg-surface pr-2.5 pl-3 text-left text-sm text-fg transition-colors hover:bg-surface-tertiary disabled:cursor-not-allowed disabled:opacity-50 data-[state=open]:bg-surface-tertiary',
          className,
        )}
      >
        <span className="min-w-0 flex-1 truncate">
          <SelectPrimitive.Value />
        </span>
        <SelectPrimitive.Icon asChild>
          <ChevronDown className="size-4 shrink-0 text-fg-tertiary" aria-hidden />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-h-[min(var(--radix-select-content-available-height),22rem)] max-w-[calc(100vw-1rem)] min-w-[max(var(--radix-select-trigger-width),10rem)] overflow-hidden rounded-2xl border border-line bg-surface-elevated text-fg shadow-elevated outline-none data-[state=open]:animate-pop-in"
          data-testid={testId ? `${testId}-list` : undefined}
        >
          <SelectPrimitive.Viewport className="scrollbar-thin p-1.5">
            {options.map((option) => (
              <SelectItem key={option.value} option={option} />
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

function SelectItem({ option }: { option: SelectOption }) {
  return (
    <SelectPrimitive.Item
      value={toItemValue(option.value)}
      data-value={option.value}
      className="relative flex cursor-pointer flex-col rounded-lg py-2 pr-9 pl-2.5 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-surface-hover"
    >
      <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
      {option.detail ? <span className="mt-0.5 text-xs text-fg-tertiary">{option.detail}</span> : null}
      <SelectPrimitive.ItemIndicator className="absolute top-1/2 right-2.5 -translate-y-1/2">
        <Check className="size-4 text-accent" aria-hidden />
      </SelectPrimitive.ItemIndicator>
    </SelectPrimitive.Item>
  );
}

/**
 * A styled native select, for the forms not yet moved to `Select` (the agent builder, the API key
 * and export dialogs); prefer `Select` in new code.
 */
export function NativeSelect({ options, className, ...props }: ComponentProps<'select'> & { options: SelectOption[] }) {
  return (
    <div className={cn('relative inline-flex', className)}>
      <select
        // A label longer than the field ends in an ellipsis (Chromium and Firefox draw it on a select).
        className="focus-ring h-9 w-full appearance-none truncate rounded-lg border border-line-control bg-surface py-0 pr-9 pl-3 text-sm text-fg hover:bg-surface-tertiary"
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
