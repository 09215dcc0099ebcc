import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from './field-label';
import { useTokenCount } from './use-token-count';

/** promptPrefix (SPEC 3): the custom instructions sent as the system prompt of each request. */
export function InstructionsRow({
  name,
  label,
  description,
  value,
  onChange,
}: {
  name: string;
  label: string;
  description?: string;
  value: string | null;
  onChange(value: string | null): void;
}) {
  const { t, i18n } = useTranslation('parameters');
  const id = useId();
  const tokens = useTokenCount(value);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    area.style.height = 'auto';
    area.style.height = `${Math.min(area.scrollHeight, 320)}px`;
  }, [value]);
  return (
    <div data-testid={`parameter-${name}`}>
      <FieldLabel htmlFor={id} label={label} description={description} isSet={!!value} onReset={() => onChange(null)} />
      <textarea
        ref={areaRef}
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        rows={3}
        placeholder={t('instructions_placeholder')}
        className="scrollbar-thin mt-1 block min-h-[84px] w-full resize-none rounded-xl border border-line-control bg-surface px-3 py-2.5 text-[13px] leading-relaxed text-fg outline-none transition-colors placeholder:text-fg-tertiary focus:border-accent focus:ring-2 focus:ring-accent/20"
        data-testid={`parameter-input-${name}`}
      />
      {/* What the instructions cost on every request, as LibreChat shows under its system message. */}
      {tokens !== undefined && (
        <p className="mt-1 text-right text-[11px] tabular-nums text-fg-tertiary" aria-live="polite" data-testid={`parameter-tokens-${name}`}>
          {t('token_count', { count: tokens, formatted: tokens.toLocaleString(i18n.language) })}
        </p>
      )}
    </div>
  );
}
