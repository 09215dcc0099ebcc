import { MEME_FONT_CHOICES, MEME_FONT_FAMILY, type MemeFontChoice } from '@confab/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/** A close system face for each caption font, while its own is not loaded yet. */
const FONT_FALLBACK: Record<MemeFontChoice, string> = {
  impact: 'Impact, "Arial Narrow Bold", sans-serif',
  condensed: '"Roboto Condensed", "Arial Narrow", sans-serif',
  comic: '"Comic Neue", "Comic Sans MS", cursive',
  marker: '"Marker Felt", cursive',
  sans: 'system-ui, sans-serif',
  serif: 'Georgia, serif',
};

/**
 * How each caption font's name is shown in the font picker: in its own face (the family the
 * captions are drawn with, MEME_FONT_FAMILY) where the page has loaded it, else a close system face.
 */
export const FONT_PREVIEW_FAMILY = Object.fromEntries(
  MEME_FONT_CHOICES.map((font) => [font, `"${MEME_FONT_FAMILY[font]}", ${FONT_FALLBACK[font]}`]),
) as Record<MemeFontChoice, string>;

/** The colours offered in one tap; any other through the colour input. */
export const SWATCHES = ['#ffffff', '#000000', '#ffd60a', '#ff3b30', '#34c759', '#0a84ff', '#bf5af2', '#ff9f0a'];

let probe: CanvasRenderingContext2D | null | undefined;

/**
 * A CSS colour as #rrggbb, which `<input type="color">` needs ('white', 'rgb(…)' as the canvas
 * reads them); '#000000' for what the canvas cannot read.
 */
export function toHexColor(color: string): string {
  if (/^#[0-9a-f]{6}$/i.test(color)) return color.toLowerCase();
  if (probe === undefined) probe = document.createElement('canvas').getContext('2d');
  if (!probe) return '#000000';
  probe.fillStyle = '#000000';
  probe.fillStyle = color;
  const read = String(probe.fillStyle);
  return /^#[0-9a-f]{6}$/i.test(read) ? read.toLowerCase() : '#000000';
}

/** A titled group of the side panel. */
export function Field({ label, id, children }: { label: string; id?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span id={id} className="text-xs font-semibold tracking-wide text-fg-secondary uppercase">
        {label}
      </span>
      {children}
    </div>
  );
}

/** Buttons of which one is on (a radiogroup: the arrow keys are the browser's Tab between them). */
export function ChoiceRow<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string; content?: ReactNode; style?: React.CSSProperties }[];
  onChange(value: T): void;
  testId: string;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-1.5" data-testid={testId}>
      {options.map((option) => {
        const isOn = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={isOn}
            aria-label={option.content ? option.label : undefined}
            onClick={() => onChange(option.value)}
            style={option.style}
            className={cn(
              'focus-ring inline-flex h-9 min-w-9 items-center justify-center gap-1.5 rounded-lg border px-2.5 text-sm transition-colors',
              isOn
                ? 'border-accent bg-accent/10 text-fg ring-1 ring-accent'
                : 'border-line bg-surface text-fg-secondary hover:bg-surface-hover hover:text-fg',
            )}
            data-value={option.value}
          >
            {option.content ?? option.label}
          </button>
        );
      })}
    </div>
  );
}

/** A colour: swatches and any colour through the platform's picker. */
export function ColorField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange(color: string): void;
  testId: string;
}) {
  const { t } = useTranslation('meme-editor');
  const hex = toHexColor(value);
  return (
    <Field label={label}>
      <div className="flex flex-wrap items-center gap-1.5" data-testid={testId}>
        {SWATCHES.map((swatch) => (
          <button
            key={swatch}
            type="button"
            aria-label={t('color_swatch', { color: swatch })}
            aria-pressed={hex === swatch}
            onClick={() => onChange(swatch)}
            className={cn(
              'focus-ring size-7 rounded-full border border-line-control shadow-sm transition-transform hover:scale-110',
              hex === swatch && 'ring-2 ring-accent ring-offset-2 ring-offset-surface-elevated',
            )}
            style={{ backgroundColor: swatch }}
            data-color={swatch}
          />
        ))}
        <label className="focus-within:ring-accent relative ms-1 inline-flex h-7 cursor-pointer items-center gap-1.5 rounded-full border border-line bg-surface px-2 text-xs text-fg-secondary focus-within:ring-2 hover:bg-surface-hover">
          <span className="size-4 rounded-full border border-line-control" style={{ backgroundColor: hex }} />
          {t('color_custom')}
          <input
            type="color"
            value={hex}
            onChange={(event) => onChange(event.target.value)}
            className="absolute inset-0 size-full cursor-pointer opacity-0"
            aria-label={t('color_pick', { field: label })}
            data-testid={`${testId}-input`}
          />
        </label>
      </div>
    </Field>
  );
}

export const fontOptions = (label: (font: MemeFontChoice) => string) =>
  MEME_FONT_CHOICES.map((font) => ({
    value: font,
    label: label(font),
    style: { fontFamily: FONT_PREVIEW_FAMILY[font] },
  }));
