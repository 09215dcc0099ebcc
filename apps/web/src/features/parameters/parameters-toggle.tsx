import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/ui/icon-button';
import { cn } from '../../lib/cn';
import { setParametersPanelOpen, useParametersPanelStore } from './parameters-panel-store';

/** The header button that opens and closes the parameters panel. */
export function ParametersToggle() {
  const { t } = useTranslation('parameters');
  const isOpen = useParametersPanelStore((s) => s.isOpen);
  return (
    <IconButton
      label={isOpen ? t('close_panel') : t('open_panel')}
      onClick={() => setParametersPanelOpen(!isOpen)}
      aria-pressed={isOpen}
      className={cn('text-fg-secondary hover:text-fg', isOpen && 'bg-surface-hover text-fg')}
      data-testid="parameters-toggle"
    >
      <SlidersHorizontal />
    </IconButton>
  );
}
