import { Check, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';

/** A fenced code block: language label, copy button with feedback, highlighted code. */
export function CodeBlock({
  language,
  code,
  children,
}: {
  language: string | null;
  code: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const { isCopied, copy } = useCopyToClipboard();
  return (
    <div
      className="code-block not-prose my-4 overflow-hidden rounded-xl border border-line bg-[var(--code-bg)]"
      data-testid="code-block"
    >
      <div className="flex h-9 items-center justify-between border-b border-line bg-[var(--code-header-bg)] px-4 text-xs text-fg-secondary select-none">
        <span className="font-mono lowercase" data-testid="code-language">
          {language ?? t('code.plain')}
        </span>
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
      {/* Code reads left to right even in a right-to-left chat. */}
      <pre dir="ltr" className="scrollbar-thin overflow-x-auto p-4 text-[13px] leading-relaxed">
        {children}
      </pre>
    </div>
  );
}
