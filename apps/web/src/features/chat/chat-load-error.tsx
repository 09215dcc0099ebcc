import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** SPEC 2: a conversation that fails to load (not a 404) shows an error view. */
export function ChatLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <div
      className="flex h-full flex-col items-center justify-center px-6 pb-[10vh] text-center"
      data-testid="chat-load-error"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-danger-soft">
        <CircleAlert className="size-6 text-danger" aria-hidden />
      </span>
      <p className="mt-4 text-[15px] text-fg-secondary">{t('page.load_error')}</p>
      <Button variant="outline" className="mt-5" onClick={onRetry}>
        {t('page.retry')}
      </Button>
    </div>
  );
}
