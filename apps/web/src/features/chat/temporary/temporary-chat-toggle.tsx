import { MessageCircleDashed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button';
import { cn } from '../../../lib/cn';
import { HeaderSlot } from '../../layout/header-slot';
import { setTemporaryChat } from './temporary-chat-store';
import type { TemporaryChatState } from './use-temporary-chat';

/**
 * The header's "Temporary chat" switch (SPEC 2): on a new chat it turns temporary chat on or
 * off; in an open conversation it only shows whether that one is temporary.
 */
export function TemporaryChatToggle({ state }: { state: TemporaryChatState }) {
  const { t } = useTranslation('chat');
  if (!state.canUse) return null;
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
