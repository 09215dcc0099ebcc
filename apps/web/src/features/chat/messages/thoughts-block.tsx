import { Brain, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, writeStorage } from '../../../lib/storage';
import { cn } from '../../../lib/cn';

/** SPEC 3 local storage `showThinking`: whether thinking blocks open expanded. */
const SHOW_THINKING_KEY = 'showThinking';

/** Reasoning (`think` parts) in a collapsible "Thoughts" block that remembers its state. */
export function ThoughtsBlock({ text, isThinking }: { text: string; isThinking: boolean }) {
  const { t } = useTranslation('chat');
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
        <span className={cn(isThinking && 'animate-pulse')}>
          {isThinking ? t('message.thinking') : t('message.thoughts')}
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
