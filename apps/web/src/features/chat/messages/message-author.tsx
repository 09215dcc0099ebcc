import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../auth/auth-store';
import { UserAvatar } from '../../files/avatar/user-avatar';
import { useChatPreferences } from '../../settings/chat-preferences';
import { userMessageLabel } from './message-author-label';

/**
 * The line above the user's own bubble: their label and picture, at the bubble's outer edge
 * (LibreChat's name line over a message). Only in the signed-in chat: shared pages keep the
 * sharer anonymous.
 */
export function UserMessageAuthor() {
  const { t } = useTranslation('chat');
  const user = useAuthStore((s) => s.user);
  const isUsernameDisplayed = useChatPreferences((s) => s.UsernameDisplay);
  const label = userMessageLabel(user, isUsernameDisplayed, t('message.you'));
  // The picture's initial follows who the account is, whatever the label says.
  const avatarName = user ? user.name || user.username || user.email : label;
  return (
    <div
      className="mb-1.5 flex max-w-[85%] items-center gap-2 text-sm font-semibold text-fg select-none sm:max-w-[75%]"
      data-testid="message-author"
    >
      <span className="truncate">{label}</span>
      <UserAvatar name={avatarName} src={user?.avatar} className="size-6 text-xs" />
    </div>
  );
}
