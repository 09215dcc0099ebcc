import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import type { CommandMenu } from './use-command-menu';

/** The open command list's id, named by the input's aria-controls (one list is open at a time). */
export const COMMAND_LISTBOX_ID = 'chat-command-list';

export function commandOptionId(index: number): string {
  return `${COMMAND_LISTBOX_ID}-${index}`;
}

/**
 * The list of a chat input command ("@", "/", "+") above the input. The keyboard stays in the
 * input (it drives the list through aria-activedescendant); a click chooses without taking the
 * focus from it. `testId` names the list (`{testId}-popover`), its rows (`{testId}-option`, with
 * `data-key`) and its empty line (`{testId}-empty`).
 */
export function CommandPopover<T extends { key: string }>({
  menu,
  label,
  testId,
  emptyText,
  loadingText,
  renderOption,
  heading,
}: {
  menu: CommandMenu<T>;
  label: string;
  testId: string;
  emptyText: string;
  loadingText: string;
  renderOption(option: T): ReactNode;
  /** A quiet title over the rows (what the list is for). */
  heading?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const { isOpen, options, isLoading, activeIndex, choose } = menu;

  useEffect(() => {
    listRef.current?.querySelector(`#${commandOptionId(activeIndex)}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  if (!isOpen) return null;
  return (
    <div
      className="absolute inset-x-0 bottom-full z-30 mb-2 overflow-hidden rounded-2xl border border-line bg-surface-elevated shadow-lg"
      data-testid={`${testId}-popover`}
    >
      {heading ? (
        <div
          className="px-4 pt-2.5 pb-1 text-[11px] font-semibold tracking-wider text-fg-tertiary uppercase"
          aria-hidden
        >
          {heading}
        </div>
      ) : null}
      <div
        ref={listRef}
        id={COMMAND_LISTBOX_ID}
        role="listbox"
        aria-label={label}
        className="scrollbar-thin max-h-72 overflow-y-auto p-1.5"
      >
        {options.length === 0 ? (
          <div className="px-3 py-2 text-sm text-fg-tertiary" data-testid={`${testId}-empty`}>
            {isLoading ? loadingText : emptyText}
          </div>
        ) : null}
        {options.map((option, index) => (
          <div
            key={option.key}
            id={commandOptionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Keep the focus (and the caret) in the input.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(option)}
            className={cn(
              'flex cursor-pointer items-center gap-2.5 rounded-xl px-2.5 py-1.5 text-sm text-fg',
              index === activeIndex && 'bg-surface-hover',
            )}
            data-testid={`${testId}-option`}
            data-key={option.key}
          >
            {renderOption(option)}
          </div>
        ))}
      </div>
    </div>
  );
}
