import { GitFork } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DropdownMenu, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { Tooltip } from '../../../components/ui/tooltip';
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

  if (remembered) {
    return (
      <MessageActionButton
        label={t('fork.label')}
        onClick={() => fork(remembered)}
        isDisabled={isForking}
        testId="fork-message"
      >
        <GitFork />
      </MessageActionButton>
    );
  }
  return (
    <DropdownMenu modal={false}>
      <Tooltip content={t('fork.label')} side="bottom">
        <DropdownMenuTrigger
          className={cn(MESSAGE_ACTION_BUTTON_CLASS, 'data-[state=open]:bg-surface-hover data-[state=open]:text-fg')}
          aria-label={t('fork.label')}
          disabled={isForking}
          data-testid="fork-message"
        >
          <GitFork />
        </DropdownMenuTrigger>
      </Tooltip>
      <ForkMenuContent onChoose={fork} />
    </DropdownMenu>
  );
}
