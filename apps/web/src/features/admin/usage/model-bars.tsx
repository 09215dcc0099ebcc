import type { AdminUsageModel } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { formatCompact, formatCount } from './format';

/**
 * Tokens per model as horizontal bars, prompt and completion stacked, longest first; replies and
 * credits beside each. The figures are text next to each bar, so the list reads without the bars.
 */
export function ModelBars({ models, showCredits }: { models: AdminUsageModel[]; showCredits: boolean }) {
  const { t, i18n } = useTranslation('admin-usage');
  const locale = i18n.language;
  const max = Math.max(1, ...models.map((m) => m.promptTokens + m.completionTokens));
  return (
    <ul className="flex flex-col gap-3.5" data-testid="usage-models">
      {models.map((m) => {
        const total = m.promptTokens + m.completionTokens;
        return (
          <li key={m.model} className="flex flex-col gap-1.5" data-testid="usage-model-row">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
              <span className="max-w-full truncate font-medium text-fg" title={m.endpoint ? `${m.model} · ${m.endpoint}` : m.model}>
                {m.model}
                {m.endpoint ? <span className="ms-1.5 text-xs font-normal text-fg-tertiary">{m.endpoint}</span> : null}
              </span>
              <span className="shrink-0 text-xs text-fg-secondary tabular-nums">
                {t('model_figures', { tokens: formatCompact(total, locale), replies: formatCount(m.replies, locale) })}
                {showCredits ? <span className="text-fg-tertiary">{` · ${t('model_credits', { credits: formatCompact(m.credits, locale) })}`}</span> : null}
              </span>
            </div>
            <div
              className="flex h-2.5 overflow-hidden rounded-full bg-surface-tertiary"
              role="img"
              aria-label={t('model_bar_label', {
                model: m.model,
                prompt: formatCount(m.promptTokens, locale),
                completion: formatCount(m.completionTokens, locale),
              })}
            >
              <div className="h-full bg-accent" style={{ width: `${(m.promptTokens / max) * 100}%` }} />
              <div className="h-full bg-accent/45" style={{ width: `${(m.completionTokens / max) * 100}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
