import { useId } from 'react';
import { cn } from '../../lib/cn';
import { FieldLabel } from './field-label';

/** An on/off parameter (resendFiles, thinking, promptCache) as a switch. */
export function SwitchRow({
  name,
  label,
  description,
  defaultValue,
  value,
  onChange,
}: {
  name: string;
  label: string;
  description?: string;
  defaultValue: boolean;
  value: boolean | null;
  onChange(value: boolean | null): void;
}) {
  const id = useId();
  const isOn = value ?? defaultValue;
  return (
    <div className="flex items-center gap-3" data-testid={`parameter-${name}`}>
      <div className="min-w-0 flex-1">
        <FieldLabel
          htmlFor={id}
          label={label}
          description={description}
          isSet={value !== null}
          onReset={() => onChange(null)}
        />
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={isOn}
        onClick={() => onChange(!isOn)}
        className={cn(
          'focus-ring relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition-colors',
          isOn ? 'bg-accent' : 'bg-surface-active',
        )}
        data-testid={`parameter-switch-${name}`}
      >
        <span
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow-sm transition-transform',
            isOn ? 'translate-x-[18px]' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}
