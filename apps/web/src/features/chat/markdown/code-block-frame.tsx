import { Check, ChevronRight, Copy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useChatPreferences } from '../../settings/chat-preferences';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';

export interface CodeBlockFrameProps {
  language: string | null;
  code: string;
  children: ReactNode;
  /** More buttons before Copy (Run). */
  actions?: ReactNode;
  /** Under the code, shown folded or not (a run's output). */
  footer?: ReactNode;
  /**
   * Open or folded as the caller keeps it (an execute_code call's remembered "analysis code"
   * choice), instead of the `showCode` preference and the block's own toggle.
   */
  fold?: { isOpen: boolean; onToggle: () => void };
}

/**
 * A fenced code block: language label, copy button with feedback, highlighted code. It opens
 * expanded or folded to its header as the `showCode` preference says; its header unfolds or
 * folds it (that choice is the block's own, until the preference changes).
 */
export function CodeBlockFrame({ language, code, children, actions, footer, fold }: CodeBlockFrameProps) {
  const { t } = useTranslation('chat');
  const { isCopied, copy } = useCopyToClipboard();
  const showCode = useChatPreferences((s) => s.showCode);
  // The user's own toggle, kept with the preference it was made under (a new preference wins).
  const [toggled, setToggled] = useState<{ under: boolean; isOpen: boolean } | null>(null);
  const isOpen = fold ? fold.isOpen : toggled && toggled.under === showCode ? toggled.isOpen : showCode;
  const lineCount = code.split('\n').length;
  return (
    <div
      className="code-block not-prose my-4 overflow-hidden rounded-xl border border-line bg-[var(--code-bg)]"
      data-testid="code-block"
      data-expanded={isOpen}
    >
      <div
        className={cn(
          'flex h-9 items-center justify-between bg-[var(--code-header-bg)] ps-2 pe-4 text-xs text-fg-secondary select-none',
          isOpen && 'border-b border-line',
        )}
      >
        <button
          type="button"
          onClick={() => (fold ? fold.onToggle() : setToggled({ under: showCode, isOpen: !isOpen }))}
          aria-expanded={isOpen}
          aria-label={isOpen ? t('code.hide') : t('code.show')}
          title={isOpen ? t('code.hide') : t('code.show')}
          className="focus-ring flex min-w-0 items-center gap-1 rounded-md px-2 py-1 transition-colors hover:bg-surface-hover hover:text-fg"
          data-testid="code-toggle"
        >
          <ChevronRight
            className={cn('size-3.5 shrink-0 transition-transform duration-150', isOpen && 'rotate-90')}
            aria-hidden
          />
          <span className="truncate font-mono lowercase" data-testid="code-language">
            {language ?? t('code.plain')}
          </span>
          {isOpen ? null : (
            <span className="shrink-0 text-fg-tertiary" data-testid="code-line-count">
              · {t('code.lines', { count: lineCount })}
            </span>
          )}
        </button>
        <div className="flex shrink-0 items-center gap-1">
          {actions}
          <button
            type="button"
            onClick={() => copy(code)}
            className="focus-ring -me-2 flex items-center gap-1.5 rounded-md px-2 py-1 font-medium transition-colors hover:bg-surface-hover hover:text-fg"
            aria-label={isCopied ? t('code.copied') : t('code.copy')}
            data-testid="copy-code"
          >
            {isCopied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
            <span>{isCopied ? t('code.copied') : t('code.copy')}</span>
          </button>
        </div>
      </div>
      {/* Code reads left to right even in a right-to-left chat. */}
      {isOpen ? (
        <pre dir="ltr" className="scrollbar-thin overflow-x-auto p-4 text-[13px] leading-relaxed">
          {children}
        </pre>
      ) : null}
      {footer}
    </div>
  );
}
