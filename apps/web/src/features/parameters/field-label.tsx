import { Info, RotateCcw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/ui/tooltip';

/** A parameter's label row: name, an explanation on hover, and reset when it is set. */
export function FieldLabel({
  htmlFor,
  label,
  description,
  isSet,
  onReset,
  children,
}: {
  htmlFor?: string;
  label: string;
  description?: string;
  isSet: boolean;
  onReset: () => void;
  /** Rendered at the right edge (the value input of a slider). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('parameters');
  const [isInfoOpen, setIsInfoOpen] = useState(false);
  return (
    <div className="flex min-h-8 items-center gap-1.5">
      <label htmlFor={htmlFor} className="min-w-0 truncate text-[13px] font-medium text-fg">
        {label}
      </label>
      {description ? (
        <Tooltip
          content={
            // Never wider than the room beside the icon (on a phone the panel fills the screen).
            <span className="block max-w-[min(15rem,calc(var(--radix-tooltip-content-available-width)-2rem))] leading-snug font-normal">
              {description}
            </span>
          }
          side="left"
          open={isInfoOpen}
          onOpenChange={setIsInfoOpen}
        >
          <button
            type="button"
            // A tap opens the explanation too (a finger cannot hover); preventDefault keeps the
            // tooltip's own close-on-click from shutting it again.
            onClick={(e) => {
              e.preventDefault();
              setIsInfoOpen(true);
            }}
            className="focus-ring -m-1 flex size-6 shrink-0 items-center justify-center rounded-md text-fg-tertiary hover:text-fg-secondary"
            aria-label={description}
            data-testid="parameter-info"
          >
            <Info className="size-3.5" aria-hidden />
          </button>
        </Tooltip>
      ) : null}
      <span className="flex-1" />
      {isSet ? (
        <Tooltip content={t('reset_one')}>
          <button
            type="button"
            onClick={onReset}
            className="focus-ring flex size-7 shrink-0 items-center justify-center rounded-md text-fg-tertiary transition-colors hover:bg-surface-hover hover:text-fg"
            aria-label={t('reset_named', { name: label })}
            data-testid="parameter-reset"
          >
            <RotateCcw className="size-3.5" aria-hidden />
          </button>
        </Tooltip>
      ) : null}
      {children}
    </div>
  );
}
