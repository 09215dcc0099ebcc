import { Brain, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useChatPreferences } from '../../settings/chat-preferences';
import { thoughtDurationText } from './thought-duration';

/**
 * Reasoning (`think` parts) in a collapsible block, open at first as the `showThinking`
 * preference says (Settings → Chat; LibreChat's); its header opens or closes this one. It says
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
  const showThinking = useChatPreferences((s) => s.showThinking);
  // The user's own toggle, kept with the preference it was made under (a new preference wins).
  const [toggled, setToggled] = useState<{ under: boolean; isOpen: boolean } | null>(null);
  const isOpen = toggled && toggled.under === showThinking ? toggled.isOpen : showThinking;
  const toggle = () => setToggled({ under: showThinking, isOpen: !isOpen });
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
