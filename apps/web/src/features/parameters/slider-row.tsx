import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { FieldLabel } from './field-label';
import { clampInput, formatParameter } from './parameter-fields';

/** The filled part of the track up to the value: accent when set, muted at the default. */
function trackBackground(value: number, min: number, max: number, isUnset: boolean): string {
  const percent = max > min ? ((value - min) / (max - min)) * 100 : 0;
  const fill = isUnset ? 'var(--fg-tertiary)' : 'var(--accent)';
  return `linear-gradient(to right, ${fill} ${percent}%, var(--surface-active) ${percent}%)`;
}

export interface NumberFieldProps {
  name: string;
  label: string;
  description?: string;
  min: number;
  max?: number | undefined;
  step: number;
  defaultValue?: number | undefined;
  value: number | null;
  onChange(value: number | null): void;
  /** Draws a slider under the label (a range with a max); else a number input alone. */
  hasSlider: boolean;
}

/**
 * A numeric parameter (SPEC 5): a slider and a number box that clamps what is typed to the
 * range when it is committed (Enter or leaving the box). Unset shows the default, muted.
 */
export function SliderRow({
  name,
  label,
  description,
  min,
  max,
  step,
  defaultValue,
  value,
  onChange,
  hasSlider,
}: NumberFieldProps) {
  const { t } = useTranslation('parameters');
  const id = useId();
  const shown = value ?? defaultValue;
  const [text, setText] = useState(shown === undefined ? '' : formatParameter(shown, step));
  useEffect(() => setText(shown === undefined ? '' : formatParameter(shown, step)), [shown, step]);

  const commit = () => {
    const next = clampInput({ min, max, step }, text);
    if (next === null) {
      onChange(null);
      setText(defaultValue === undefined ? '' : formatParameter(defaultValue, step));
      return;
    }
    setText(formatParameter(next, step));
    if (next !== value) onChange(next);
  };

  const input = (
    <input
      id={id}
      type="text"
      inputMode="decimal"
      value={text}
      placeholder={t('unset')}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
      className={cn(
        'h-8 rounded-lg border border-line bg-surface px-2 text-right text-[13px] tabular-nums outline-none transition-colors placeholder:text-fg-tertiary focus:border-accent focus:ring-2 focus:ring-accent/20',
        hasSlider ? 'w-[4.5rem]' : 'w-28',
        value === null ? 'text-fg-tertiary' : 'text-fg',
      )}
      aria-label={label}
      data-testid={`parameter-input-${name}`}
    />
  );

  return (
    <div data-testid={`parameter-${name}`} data-set={value !== null || undefined}>
      <FieldLabel
        htmlFor={id}
        label={label}
        description={description}
        isSet={value !== null}
        onReset={() => onChange(null)}
      >
        {input}
      </FieldLabel>
      {hasSlider && max !== undefined ? (
        <input
          type="range"
          min={min}
          max={max}
          step={step}
          value={shown ?? min}
          onChange={(e) => onChange(clampInput({ min, max, step }, e.target.value))}
          className={cn(
            'focus-ring mt-2 mb-1 block h-1.5 w-full cursor-pointer appearance-none rounded-full',
            '[&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow-sm [&::-webkit-slider-thumb]:transition-transform hover:[&::-webkit-slider-thumb]:scale-110',
            '[&::-moz-range-thumb]:size-3.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:bg-white',
            value === null
              ? '[&::-moz-range-thumb]:border-fg-tertiary [&::-webkit-slider-thumb]:border-fg-tertiary'
              : '[&::-moz-range-thumb]:border-accent [&::-webkit-slider-thumb]:border-accent',
          )}
          style={{ background: trackBackground(shown ?? min, min, max, value === null) }}
          aria-label={label}
          aria-valuetext={shown === undefined ? t('unset') : formatParameter(shown, step)}
          data-testid={`parameter-slider-${name}`}
        />
      ) : null}
    </div>
  );
}
