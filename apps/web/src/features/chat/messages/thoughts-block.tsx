import { Brain, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, writeStorage } from '../../../lib/storage';
import { cn } from '../../../lib/cn';
import { thoughtDurationText } from './thought-duration';

/** SPEC 3 local storage `showThinking`: whether thinking blocks open expanded. */
const SHOW_THINKING_KEY = 'showThinking';

/**
 * Reasoning (`think` parts) in a collapsible block that remembers its state. Its header says
 * "Thinking…" while the model thinks, then how long it thought ("Thought for 4 s", timed by the
 * server), or "Thoughts" when that is not known (reasoning that came in one piece, an import).
 */
export function ThoughtsBlock({
  text,
  isThinking,
  durationMs,
}: {
  text: string;
  isThinking: boolean;
  durationMs?: number | undefined;
}) {
  const { t } = useTranslation('chat');
  const duration = durationMs === undefined ? null : thoughtDurationText(durationMs);
  const label = isThinking
    ? t('message.thinking')
    : duration
      ? 'values' in duration
        ? t(duration.key, duration.values)
        : t(duration.key)
      : t('message.thoughts');
  const [isOpen, setIsOpen] = useState(() => readStorage<boolean>(SHOW_THINKING_KEY, false));
  const toggle = () => {
    setIsOpen((open) => {
      writeStorage(SHOW_THINKING_KEY, !open);
      return !open;
    });
  };
  return (
    <div className="mb-3" data-testid="thoughts">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={isOpen}
        className="focus-ring -ms-1 flex items-center gap-1.5 rounded-lg px-1 py-1 text-sm font-medium text-fg-secondary transition-colors hover:text-fg"
        data-testid="thoughts-toggle"
      >
        <Brain className={cn('size-4', isThinking && 'animate-pulse')} aria-hidden />
        <span className={cn(isThinking && 'animate-pulse')} data-testid="thoughts-label">
          {label}
        </span>
        <ChevronRight className={cn('size-4 transition-transform duration-200', isOpen && 'rotate-90')} aria-hidden />
      </button>
      {isOpen ? (
        <div
          className="mt-1.5 max-h-[5000px] overflow-y-auto border-s-2 border-line ps-4 text-sm leading-relaxed whitespace-pre-wrap text-fg-secondary"
          data-testid="thoughts-content"
        >
          {text}
        </div>
      ) : null}
    </div>
  );
}
