import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { FieldLabel } from './field-label';

/** A parameter with a few named values (imageDetail, reasoning_effort) as a segmented control. */
export function ChoiceRow({
  name,
  label,
  description,
  options,
  defaultValue,
  value,
  onChange,
}: {
  name: string;
  label: string;
  description?: string;
  options: readonly string[];
  defaultValue: string;
  value: string | null;
  onChange(value: string | null): void;
}) {
  const { t } = useTranslation('parameters');
  const shown = value ?? defaultValue;
  return (
    <div data-testid={`parameter-${name}`}>
      <FieldLabel label={label} description={description} isSet={value !== null} onReset={() => onChange(null)} />
      <div
        role="radiogroup"
        aria-label={label}
        className="mt-1 grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-surface-tertiary p-1"
      >
        {options.map((option) => {
          const isChecked = shown === option;
          return (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={isChecked}
              onClick={() => onChange(option)}
              className={cn(
                'focus-ring h-7 rounded-lg text-[13px] font-medium capitalize transition-colors',
                isChecked ? 'bg-surface text-fg shadow-sm dark:bg-surface-active' : 'text-fg-secondary hover:text-fg',
              )}
              data-testid={`parameter-option-${name}-${option}`}
            >
              {t(`options.${option}`, { defaultValue: option })}
            </button>
          );
        })}
      </div>
    </div>
  );
}
