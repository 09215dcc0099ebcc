import { Ellipsis } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/button-variants';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Tooltip } from '../../components/ui/tooltip';
import { arrangeHeaderMenu, useHeaderMenuStore } from './header-menu-store';

/**
 * The small-screen header's "⋯": the page's header actions (temporary chat, bookmarks, export,
 * share, the side panel) as one menu, so the model selector keeps the room to be read. Shown
 * only when some feature has put items in it (HeaderMenuSlot).
 */
export function HeaderMoreMenu() {
  const { t } = useTranslation('nav');
  const entries = useHeaderMenuStore((s) => s.entries);
  const items = arrangeHeaderMenu(entries);
  if (items.length === 0) return null;
  return (
    <DropdownMenu modal={false}>
      <Tooltip content={t('more_options')}>
        <DropdownMenuTrigger
          className={buttonClasses(
            'ghost',
            'icon',
            'text-fg-secondary hover:text-fg data-[state=open]:bg-surface-hover',
          )}
          aria-label={t('more_options')}
          data-testid="header-more"
        >
          <Ellipsis />
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent
        align="end"
        className="w-60"
        data-testid="header-more-menu"
        onCloseAutoFocus={(event) => {
          // An item opened a dialog or a sheet, which has the focus now and gives it back to
          // this button when it closes (focus-return.ts): do not pull it out from under it.
          if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) event.preventDefault();
        }}
      >
        {items.map((item) => (
          <Fragment key={item.id}>
            {item.startsGroup ? <DropdownMenuSeparator /> : null}
            {item.node}
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
