import { MANAGED_ENDPOINT_FAMILIES, type ManagedEndpointFamily } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { EndpointIcon } from '../model-selector/endpoint-icon';

/**
 * The provider families as a radio group of cards: native radios, so arrow keys move between
 * them and screen readers announce "1 of 6".
 */
export function ProviderPicker({
  value,
  onChange,
}: {
  value: ManagedEndpointFamily;
  onChange(family: ManagedEndpointFamily): void;
}) {
  const { t } = useTranslation('setup');
  return (
    <fieldset>
      <legend className="mb-2.5 text-sm font-medium text-fg">{t('provider_legend')}</legend>
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-3">
        {MANAGED_ENDPOINT_FAMILIES.map((family) => {
          const isChosen = family === value;
          return (
            <label
              key={family}
              className={cn(
                'relative flex cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-2.5 transition-colors sm:items-start sm:gap-3 sm:px-3.5 sm:py-3',
                'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-accent/30',
                isChosen ? 'border-accent bg-accent-soft' : 'border-line bg-surface hover:bg-surface-hover',
              )}
              data-testid="provider-option"
              data-family={family}
            >
              <input
                type="radio"
                name="provider-family"
                value={family}
                checked={isChosen}
                onChange={() => onChange(family)}
                className="sr-only"
              />
              <EndpointIcon family={family} size="lg" />
              <span className="min-w-0">
                <span className="block text-sm leading-snug font-medium text-fg">{t(`provider.${family}`)}</span>
                {/* Phones show the names only: six cards with sentences would fill the screen. */}
                <span className="mt-0.5 hidden text-[13px] leading-snug text-fg-tertiary sm:block">
                  {t(`provider_hint.${family}`)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
