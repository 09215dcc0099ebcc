import { Mic, Square } from 'lucide-react';
import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { useSpeechConfig } from '../speech-api';
import { useSpeechSettings } from '../speech-settings';
import { cancelDictation, startDictation, stopDictation, toggleDictation, useDictation } from './dictation';

/** SPEC 9: holding the button this long starts recording, and letting go ends it. */
export const LONG_PRESS_MS = 1000;

const isShortcut = (e: KeyboardEvent) => e.shiftKey && e.altKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyL';

/**
 * The microphone in the message box (SPEC 2), shown while speech to text is on. A click starts
 * and stops recording, so does Shift+Alt+L anywhere on the page; holding it for a second records
 * for as long as it is held (push to talk). What was said lands in the box.
 */
export function MicrophoneButton({ isSubmitting }: { isSubmitting: boolean }) {
  const { t } = useTranslation('speech');
  useSpeechConfig();
  const isEnabled = useSpeechSettings((s) => s.speechToText);
  const state = useDictation((s) => s.state);
  const holdTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const isHolding = useRef(false);
  const isSubmittingRef = useRef(isSubmitting);
  isSubmittingRef.current = isSubmitting;

  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isShortcut(e) || e.repeat) return;
      e.preventDefault();
      toggleDictation({ isSubmitting: isSubmittingRef.current });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isEnabled]);

  // Leaving the chat (or turning speech to text off) ends a recording nobody will see.
  useEffect(() => (isEnabled ? () => cancelDictation() : undefined), [isEnabled]);

  if (!isEnabled) return null;

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0 || state !== 'idle') return;
    holdTimer.current = setTimeout(() => {
      isHolding.current = true;
      void startDictation({ isSubmitting: isSubmittingRef.current });
    }, LONG_PRESS_MS);
  };
  const endPress = () => {
    clearTimeout(holdTimer.current);
    if (!isHolding.current) return;
    // The click that follows this release must not toggle the recording back on.
    setTimeout(() => (isHolding.current = false));
    void stopDictation();
  };

  const label =
    state === 'recording'
      ? t('microphone.stop')
      : state === 'transcribing'
        ? t('microphone.transcribing')
        : t('microphone.start');
  return (
    <Tooltip content={state === 'idle' ? `${label} (Shift+Alt+L)` : label}>
      <button
        type="button"
        onClick={() => {
          if (isHolding.current) return;
          toggleDictation({ isSubmitting });
        }}
        onPointerDown={onPointerDown}
        onPointerUp={endPress}
        onPointerLeave={endPress}
        onPointerCancel={endPress}
        // A long press on a phone would otherwise open the context menu.
        onContextMenu={(e) => e.preventDefault()}
        aria-label={label}
        aria-pressed={state === 'recording'}
        aria-busy={state === 'transcribing'}
        aria-keyshortcuts="Shift+Alt+L"
        data-testid="microphone-button"
        data-state={state}
        className={cn(
          'focus-ring relative flex size-9 shrink-0 touch-none items-center justify-center self-end rounded-full transition-colors select-none',
          state === 'recording'
            ? 'bg-red-600 text-white hover:bg-red-700'
            : 'text-fg-secondary hover:bg-surface-hover hover:text-fg',
        )}
      >
        {state === 'recording' ? (
          <>
            <span
              className="absolute inset-0 animate-ping rounded-full bg-red-500/40 motion-reduce:hidden"
              aria-hidden
            />
            <Square className="relative size-3.5 fill-current" aria-hidden />
          </>
        ) : state === 'transcribing' ? (
          <Spinner />
        ) : (
          <Mic className="size-[18px]" aria-hidden />
        )}
      </button>
    </Tooltip>
  );
}
