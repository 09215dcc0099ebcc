import { MessageSquareDashed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button-variants';

/** Shown in the chat area when a conversation id does not load (SPEC 2). */
export function NotFoundChat() {
  const { t } = useTranslation('common');
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 pb-[10vh] text-center" data-testid="chat-not-found">
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-tertiary">
        <MessageSquareDashed className="size-6 text-fg-secondary" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-semibold tracking-tight text-fg">{t('chat_not_found_title')}</h1>
      <p className="mt-2 max-w-sm text-[15px] text-fg-secondary">{t('chat_not_found_description')}</p>
      <Link to="/c/new" className={buttonClasses('primary', 'md', 'mt-6')}>
        {t('start_new_chat')}
      </Link>
    </div>
  );
}
