import { useTranslation } from 'react-i18next';

/** The "thinking" animation of a reply that has no text yet. */
export function ThinkingDots() {
  const { t } = useTranslation('chat');
  return (
    <div
      className="flex h-7 items-center gap-1"
      role="status"
      aria-label={t('message.thinking')}
      data-testid="thinking"
    >
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          className="size-2 animate-bounce rounded-full bg-fg-tertiary"
          style={{ animationDelay: `${i * 150}ms`, animationDuration: '1s' }}
        />
      ))}
    </div>
  );
}
