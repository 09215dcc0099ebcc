import { ArrowUp, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';

// Thumb-sized (40 px) on touch screens: the one button of the box a phone user aims for.
const roundButton =
  'focus-ring flex size-9 shrink-0 items-center justify-center self-end rounded-full bg-fg text-surface transition-opacity hover:opacity-80 pointer-coarse:size-10';

/** The round button in the box while a reply is written: stops it. */
export function StopButton({ onStop }: { onStop: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Tooltip content={t('input.stop')}>
      <button
        type="button"
        onClick={onStop}
        aria-label={t('input.stop')}
        className={roundButton}
        data-testid="stop-button"
      >
        <Square className="size-3.5 fill-current" aria-hidden />
      </button>
    </Tooltip>
  );
}

/** The round send button in the box (submits the form), on every screen size. */
export function SendButton({ canSend }: { canSend: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <Tooltip content={t('input.send')}>
      <button
        type="submit"
        disabled={!canSend}
        aria-label={t('input.send')}
        className={`${roundButton} disabled:cursor-default disabled:bg-surface-active disabled:text-fg-tertiary disabled:opacity-100`}
        data-testid="send-button"
      >
        <ArrowUp className="size-5" aria-hidden />
      </button>
    </Tooltip>
  );
}
