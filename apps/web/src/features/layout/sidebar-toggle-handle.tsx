import { LAYOUT } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { useNavVisible } from './use-nav-visible';

/**
 * The slim handle on the sidebar's edge (wide screens only): two bars that bend into an arrow
 * pointing where the sidebar will go.
 */
export function SidebarToggleHandle() {
  const { t } = useTranslation('nav');
  const isVisible = useNavVisible((s) => s.isNavVisible);
  const toggleNav = useNavVisible((s) => s.toggleNav);
  const label = isVisible ? t('close_sidebar') : t('open_sidebar');
  return (
    <div
      className="fixed top-1/2 z-30 -translate-y-1/2 transition-[left] duration-200 ease-out"
      style={{ left: isVisible ? LAYOUT.sidebarWidthPx : 0 }}
    >
      <Tooltip content={label} side="right">
        <button type="button" onClick={toggleNav} aria-label={label} className="group focus-ring flex h-16 w-7 items-center justify-center rounded-md" data-testid="sidebar-handle">
          <span className="flex flex-col items-center">
            <span
              className={cn(
                'h-3 w-1 translate-y-[0.15rem] rounded-full bg-fg-tertiary opacity-40 transition-all duration-150 group-hover:opacity-100',
                isVisible ? 'group-hover:rotate-[15deg]' : 'group-hover:-rotate-[15deg]',
              )}
            />
            <span
              className={cn(
                'h-3 w-1 -translate-y-[0.15rem] rounded-full bg-fg-tertiary opacity-40 transition-all duration-150 group-hover:opacity-100',
                isVisible ? 'group-hover:-rotate-[15deg]' : 'group-hover:rotate-[15deg]',
              )}
            />
          </span>
        </button>
      </Tooltip>
    </div>
  );
}
