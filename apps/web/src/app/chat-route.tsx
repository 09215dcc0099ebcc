import { ChatPage } from '../features/chat/chat-page';
import { ConversationRouteExtras } from '../features/conversations/conversation-header-actions';

/** The /c/:conversationId page: the chat and its header's share and bookmark actions (one lazy chunk). */
export function ChatRoute() {
  return (
    <>
      <ChatPage />
      <ConversationRouteExtras />
    </>
  );
}
