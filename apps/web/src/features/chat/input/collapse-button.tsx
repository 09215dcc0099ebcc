import { Maximize2, Minimize2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';

/** The button at the text's corner that collapses a long message box to one line, or expands it. */
export function CollapseButton({ isCollapsed, onToggle }: { isCollapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Tooltip content={isCollapsed ? t('input.expand') : t('input.collapse')}>
      <button
        type="button"
        onClick={onToggle}
        aria-label={isCollapsed ? t('input.expand') : t('input.collapse')}
        className="focus-ring absolute end-3 top-3 z-10 flex size-7 items-center justify-center rounded-full text-fg-secondary transition-colors hover:bg-surface-hover hover:text-fg pointer-coarse:size-9"
        data-testid="input-collapse"
      >
        {isCollapsed ? <Maximize2 className="size-4" aria-hidden /> : <Minimize2 className="size-4" aria-hidden />}
      </button>
    </Tooltip>
  );
}
