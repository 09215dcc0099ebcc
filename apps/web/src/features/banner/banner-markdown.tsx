import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../lib/cn';
import { isSafeBannerHref } from './safe-banner-href';

/** A banner is a line or two: inline formatting, links and paragraphs; no headings, images, tables or HTML. */
const ALLOWED_ELEMENTS = ['p', 'a', 'strong', 'em', 'del', 'code', 'br'];

const components: Components = {
  p: ({ children }) => <p className="[&+p]:mt-1">{children}</p>,
  a: ({ href, children }) =>
    href && isSafeBannerHref(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer" className="focus-ring rounded-sm font-semibold underline underline-offset-2 hover:opacity-80">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  code: ({ children }) => <code className="rounded bg-black/10 px-1 py-px font-mono text-[0.92em] dark:bg-white/15">{children}</code>,
};

/**
 * A banner's markdown, rendered as the app renders untrusted markdown: raw HTML skipped, links
 * http(s) and mailto only (opening in a new tab). The default export lets pages load it lazily.
 */
export default function BannerMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        allowedElements={ALLOWED_ELEMENTS}
        unwrapDisallowed
        skipHtml
        urlTransform={(url) => (isSafeBannerHref(url) ? url : '')}
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
