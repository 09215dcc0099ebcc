import ReactMarkdown, { type Components } from 'react-markdown';
import { isSafeFooterHref } from './footer-links';

/** Inline formatting only: a footer line has no room for headings, lists, images or code blocks. */
const ALLOWED_ELEMENTS = ['p', 'a', 'strong', 'em', 'code', 'br'];

const components: Components = {
  // A footer part is one line among others: no paragraph breaks.
  p: ({ children }) => <span>{children}</span>,
  a: ({ href, children }) =>
    href && isSafeFooterHref(href) ? (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="focus-ring rounded-sm underline underline-offset-2 hover:text-fg"
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};

/** One part of the configured footer, as markdown whose links are http(s) only, opening in a new tab. */
export function FooterMarkdown({ text }: { text: string }) {
  return (
    <ReactMarkdown
      allowedElements={ALLOWED_ELEMENTS}
      unwrapDisallowed
      skipHtml
      urlTransform={(url) => (isSafeFooterHref(url) ? url : '')}
      components={components}
    >
      {text}
    </ReactMarkdown>
  );
}
