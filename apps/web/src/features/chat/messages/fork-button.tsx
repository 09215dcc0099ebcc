import { GitFork } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownMenu, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { IntentTooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { ForkMenuContent } from './fork-menu';
import { useForkMessage } from './fork-mutation';
import { rememberedForkOption, useForkSettings } from './fork-settings';
import { MESSAGE_ACTION_BUTTON_CLASS, MessageActionButton } from './message-action-button';

/**
 * The Fork action under a message (SPEC 1): opens the fork options, or, once an option is
 * remembered, forks with it at once (LibreChat's "Remember").
 */
export function ForkButton({ conversationId, messageId }: { conversationId: string; messageId: string }) {
  const { t } = useTranslation('chat');
  const remembered = useForkSettings(rememberedForkOption);
  const { fork, isForking } = useForkMessage(conversationId, messageId);
  // The menu's content (eleven labels, icons, settings) is rendered from its first opening on, not
  // under every message: it was a tenth of the work of scrolling a long chat (bench/README.md).
  const [wasOpened, setWasOpened] = useState(false);
  const label = t('fork.label');

  if (remembered) {
    return (
      <MessageActionButton label={label} onClick={() => fork(remembered)} isDisabled={isForking} testId="fork-message">
        <GitFork />
      </MessageActionButton>
    );
  }
  return (
    <DropdownMenu modal={false} onOpenChange={(isOpen) => isOpen && setWasOpened(true)}>
      <IntentTooltip content={label} side="bottom">
        <DropdownMenuTrigger
          className={cn(MESSAGE_ACTION_BUTTON_CLASS, 'data-[state=open]:bg-surface-hover data-[state=open]:text-fg')}
          aria-label={label}
          disabled={isForking}
          data-testid="fork-message"
        >
          <GitFork />
        </DropdownMenuTrigger>
      </IntentTooltip>
      {wasOpened ? <ForkMenuContent onChoose={fork} /> : null}
    </DropdownMenu>
  );
}
