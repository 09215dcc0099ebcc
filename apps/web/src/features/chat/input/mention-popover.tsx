import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { EndpointIcon } from '../../model-selector/endpoint-icon';
import type { MentionState } from './use-mention';

/** The listbox's id, named by the input's aria-controls. */
export const MENTION_LISTBOX_ID = 'chat-mention-list';

export function mentionOptionId(index: number): string {
  return `${MENTION_LISTBOX_ID}-${index}`;
}

/**
 * The @ command's list above the chat input. The keyboard stays in the input (it drives the
 * list through aria-activedescendant); a click chooses without taking the focus from it.
 */
export function MentionPopover({ mention }: { mention: MentionState }) {
  const { t } = useTranslation('chat');
  const listRef = useRef<HTMLDivElement>(null);
  const { isOpen, options, isLoading, activeIndex, choose } = mention;

  useEffect(() => {
    listRef.current?.querySelector(`#${mentionOptionId(activeIndex)}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  if (!isOpen) return null;
  return (
    <div
      ref={listRef}
      id={MENTION_LISTBOX_ID}
      role="listbox"
      aria-label={t('mention.label')}
      className="scrollbar-thin absolute inset-x-0 bottom-full z-30 mb-2 max-h-72 overflow-y-auto rounded-2xl border border-line bg-surface-elevated p-1.5 shadow-lg"
      data-testid="mention-popover"
    >
      {options.length === 0 ? (
        <div className="px-3 py-2 text-sm text-fg-tertiary" data-testid="mention-empty">
          {isLoading ? t('mention.loading') : t('mention.none')}
        </div>
      ) : null}
      {options.map((option, index) => (
        <div
          key={option.key}
          id={mentionOptionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          // Keep the focus (and the caret) in the input.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => choose(option)}
          className={cn(
            'flex cursor-pointer items-center gap-2.5 rounded-xl px-2.5 py-1.5 text-sm text-fg',
            index === activeIndex && 'bg-surface-hover',
          )}
          data-testid="mention-option"
          data-kind={option.kind}
          data-key={option.key}
        >
          <EndpointIcon family={option.family} iconURL={option.iconURL} size="sm" />
          <span className="min-w-0 flex-1 truncate">{option.label}</span>
          {option.detail ? (
            <span className="max-w-[45%] shrink-0 truncate text-xs text-fg-tertiary">{option.detail}</span>
          ) : null}
          <span className="shrink-0 text-[10px] font-semibold tracking-wide text-fg-tertiary uppercase">
            {t(`mention.kind_${option.kind}`)}
          </span>
        </div>
      ))}
    </div>
  );
}
