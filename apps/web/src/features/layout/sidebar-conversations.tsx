import { ConversationSidebar } from '../conversations/sidebar/conversation-sidebar';

/**
 * The sidebar's conversation area: search, bookmark filter and the grouped, infinitely
 * scrolling list (features/conversations). The frame around it stays as it is.
 */
export function SidebarConversations() {
  return <ConversationSidebar />;
}
