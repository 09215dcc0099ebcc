import { useTranslation } from 'react-i18next';

/** Above the input while the chat is temporary: it is kept out of the history and deleted later. */
export function TemporaryChatBanner({ retentionHours }: { retentionHours: number }) {
  const { t } = useTranslation('chat');
  // Retention is configured in hours; a whole number of days reads better when it is one.
  const message =
    retentionHours % 24 === 0
      ? t('temporary.banner_days', { count: retentionHours / 24 })
      : t('temporary.banner_hours', { count: retentionHours });
  return (
    <div
      role="status"
      className="mb-2 rounded-lg border border-line bg-surface px-3 py-2 text-center text-sm text-fg-secondary"
      data-testid="temporary-chat-banner"
    >
      {message}
    </div>
  );
}
