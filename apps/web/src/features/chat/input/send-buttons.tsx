import { ArrowUp, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';

/** The round button in the box while a reply is written: stops it. */
export function StopButton({ onStop }: { onStop: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Tooltip content={t('input.stop')}>
      <button
        type="button"
        onClick={onStop}
        aria-label={t('input.stop')}
        className="focus-ring flex size-9 shrink-0 items-center justify-center self-end rounded-full bg-fg text-surface transition-opacity hover:opacity-80"
        data-testid="stop-button"
      >
        <Square className="size-3.5 fill-current" aria-hidden />
      </button>
    </Tooltip>
  );
}

/** The round send button in the box (submits the form). */
export function SendButton({ canSend }: { canSend: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <Tooltip content={t('input.send')}>
      <button
        type="submit"
        disabled={!canSend}
        aria-label={t('input.send')}
        className="focus-ring flex size-9 shrink-0 items-center justify-center self-end rounded-full bg-fg text-surface transition-opacity hover:opacity-80 disabled:cursor-default disabled:bg-surface-active disabled:text-fg-tertiary disabled:opacity-100"
        data-testid="send-button"
      >
        <ArrowUp className="size-5" aria-hidden />
      </button>
    </Tooltip>
  );
}

/**
 * A thumb-sized, labelled send button under the box while the chat is empty on a small screen;
 * once it has messages the round button in the box takes over, as on wide screens.
 */
export function SendBelowButton({ canSend }: { canSend: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <button
      type="submit"
      disabled={!canSend}
      className="focus-ring mt-3 flex h-11 w-full items-center justify-center gap-2 rounded-full bg-fg text-[15px] font-medium text-surface transition-opacity hover:opacity-85 disabled:cursor-default disabled:bg-surface-active disabled:text-fg-tertiary disabled:opacity-100"
      data-testid="send-button"
    >
      {t('input.send')}
      <ArrowUp className="size-[18px]" aria-hidden />
    </button>
  );
}
