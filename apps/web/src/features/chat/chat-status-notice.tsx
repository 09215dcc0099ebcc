import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from './stream/chat-store';
import { isActivePhase } from './stream/submission';

type Notice = 'slow' | 'reconnecting' | 'cancel-failed' | null;

/**
 * Stream trouble above the input: the red SPEC 8 notice when the stream has not opened within
 * 5.5 s, a quieter line while a dropped stream is being rejoined, a failed stop.
 */
export function ChatStatusNotice({ conversationKey }: { conversationKey: string }) {
  const { t } = useTranslation('chat');
  const notice = useChatStore((s): Notice => {
    const sub = s.submissions[conversationKey];
    if (!sub || !isActivePhase(sub.phase)) return null;
    if (sub.isCancelFailed) return 'cancel-failed';
    if (sub.isSlow) return 'slow';
    if (sub.isReconnecting) return 'reconnecting';
    return null;
  });
  if (!notice) return null;
  if (notice === 'reconnecting') {
    return (
      <div
        className="mb-2 flex items-center justify-center gap-2 text-sm text-fg-secondary"
        role="status"
        data-testid="stream-reconnecting"
      >
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        {t('stream.reconnecting')}
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="mb-2 flex animate-fade-in items-center gap-2 rounded-xl border border-danger-line bg-danger-soft px-3.5 py-2.5 text-sm text-danger"
      data-testid="stream-error-notice"
    >
      <CircleAlert className="size-4 shrink-0" aria-hidden />
      {notice === 'slow' ? t('stream.connect_error') : t('stream.cancel_error')}
    </div>
  );
}
