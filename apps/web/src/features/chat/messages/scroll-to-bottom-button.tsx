import { ArrowDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useChatPreferences } from '../../settings/chat-preferences';

/**
 * Shown when scrolled away from the end; fades in over 550 ms and out over 700 ms (SPEC 9).
 * Never shown when the "scroll button" preference is off.
 */
export function ScrollToBottomButton({ isVisible, onClick }: { isVisible: boolean; onClick: () => void }) {
  const { t } = useTranslation('chat');
  const isEnabled = useChatPreferences((s) => s.showScrollButton);
  if (!isEnabled) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('scroll.to_bottom')}
      aria-hidden={!isVisible}
      tabIndex={isVisible ? 0 : -1}
      className={cn(
        'focus-ring absolute bottom-4 left-1/2 z-10 flex size-9 -translate-x-1/2 items-center justify-center rounded-full border border-line bg-surface-elevated text-fg shadow-elevated transition-all',
        isVisible
          ? 'translate-y-0 opacity-100 duration-[550ms]'
          : 'pointer-events-none invisible translate-y-2 opacity-0 duration-700',
      )}
      data-testid="scroll-to-bottom"
    >
      <ArrowDown className="size-[18px]" aria-hidden />
    </button>
  );
}
