import { MessageCircleDashed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DropdownMenuCheckboxItem } from '../../../components/ui/dropdown-menu';
import { IconButton } from '../../../components/ui/icon-button';
import { cn } from '../../../lib/cn';
import { HeaderMenuSlot } from '../../layout/header-menu-slot';
import { HEADER_MENU_ORDER } from '../../layout/header-menu-store';
import { HeaderSlot } from '../../layout/header-slot';
import { useSmallScreen } from '../../layout/use-small-screen';
import { setTemporaryChat } from './temporary-chat-store';
import type { TemporaryChatState } from './use-temporary-chat';

/**
 * The header's "Temporary chat" switch (SPEC 2): on a new chat it turns temporary chat on or
 * off; in an open conversation it only shows whether that one is temporary. On small screens
 * it is an on/off item of the header's "⋯" menu.
 */
export function TemporaryChatToggle({ state }: { state: TemporaryChatState }) {
  const { t } = useTranslation('chat');
  const isSmall = useSmallScreen();
  if (!state.canUse) return null;
  if (isSmall) {
    return (
      <HeaderMenuSlot order={HEADER_MENU_ORDER.temporaryChat}>
        <DropdownMenuCheckboxItem
          checked={state.isTemporary}
          disabled={!state.canToggle}
          onSelect={() => setTemporaryChat(!state.isTemporary)}
          data-testid="header-menu-temporary-chat"
        >
          <MessageCircleDashed aria-hidden />
          {t('temporary.toggle')}
        </DropdownMenuCheckboxItem>
      </HeaderMenuSlot>
    );
  }
  return (
    <HeaderSlot position="end">
      <IconButton
        label={t('temporary.toggle')}
        onClick={() => setTemporaryChat(!state.isTemporary)}
        aria-pressed={state.isTemporary}
        disabled={!state.canToggle}
        className={cn('text-fg-secondary hover:text-fg', state.isTemporary && 'bg-surface-hover text-fg')}
        data-testid="temporary-chat-toggle"
      >
        <MessageCircleDashed />
      </IconButton>
    </HeaderSlot>
  );
}
