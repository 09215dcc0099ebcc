import { MessageSquareDashed } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The sidebar's conversation area. The conversation-list issue replaces this body with the
 * grouped, infinitely scrolling list; the frame around it stays as it is.
 */
export function SidebarConversations() {
  const { t } = useTranslation('nav');
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-[13px] text-fg-tertiary">
      <MessageSquareDashed className="size-5" aria-hidden />
      {t('conversations_empty')}
    </div>
  );
}
