import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** 28 px for a mouse; a thumb-sized 40 px on touch screens, where the arrows sit close to the counter. */
const ARROW_CLASS =
  'focus-ring flex size-7 items-center justify-center rounded-md transition-colors hover:bg-surface-hover hover:text-fg disabled:pointer-events-none disabled:opacity-40 pointer-coarse:size-10';

/** "i / n" with previous and next, disabled at the ends (SPEC 4, sibling navigation). */
export function SiblingSwitch({
  index,
  count,
  onSelect,
}: {
  index: number;
  count: number;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('chat');
  if (count < 2) return null;
  return (
    <div
      className="flex items-center text-xs font-medium text-fg-secondary tabular-nums select-none"
      data-testid="sibling-switch"
    >
      <button
        type="button"
        className={ARROW_CLASS}
        onClick={() => onSelect(index - 1)}
        disabled={index <= 0}
        aria-label={t('message.previous')}
        data-testid="sibling-prev"
      >
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      <span data-testid="sibling-position">{t('message.sibling_position', { index: index + 1, count })}</span>
      <button
        type="button"
        className={ARROW_CLASS}
        onClick={() => onSelect(index + 1)}
        disabled={index >= count - 1}
        aria-label={t('message.next')}
        data-testid="sibling-next"
      >
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </div>
  );
}
