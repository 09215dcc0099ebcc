import 'katex/dist/katex.min.css';
import './markdown.css';
import { memo, useDeferredValue, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { cn } from '../../../lib/cn';
import { CodeBlock } from './code-block';
import { hastToText, languageOf, type HastNode } from './hast-text';
import { preprocessMarkdown, safeUrl } from './preprocess-markdown';

type PluginList = NonNullable<ComponentProps<typeof ReactMarkdown>['remarkPlugins']>;

const remarkPlugins: PluginList = [remarkGfm, [remarkMath, { singleDollarTextMath: true }]];
const rehypePlugins: PluginList = [
  [rehypeKatex, { throwOnError: false, strict: false }],
  [rehypeHighlight, { detect: false }],
];

const components: Components = {
  pre({ node, children }) {
    const code = (node as HastNode | undefined)?.children?.find((child) => child.tagName === 'code');
    return (
      <CodeBlock language={languageOf(code)} code={hastToText(code).replace(/\n$/, '')}>
        {children}
      </CodeBlock>
    );
  },
  a({ href, children }) {
    // urlTransform already emptied unsafe URLs: those render as plain text.
    if (!href) return <span>{children}</span>;
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  },
  img({ src, alt }) {
    if (typeof src !== 'string' || !src) return alt ? <span>{alt}</span> : null;
    return (
      <img src={src} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" className="max-h-96 rounded-lg" />
    );
  },
  table({ children }) {
    return (
      <div className="scrollbar-thin my-4 overflow-x-auto">
        <table>{children}</table>
      </div>
    );
  },
};

/**
 * Model output as markdown: GFM (tables, task lists), math (KaTeX), highlighted code. Raw HTML
 * is never rendered (no rehype-raw), and only http(s)/mailto URLs survive.
 */
export const Markdown = memo(function Markdown({
  content,
  isStreaming = false,
  className,
}: {
  content: string;
  isStreaming?: boolean;
  className?: string;
}) {
  // While tokens stream in, rendering may lag a frame behind rather than block typing/scrolling.
  const deferred = useDeferredValue(content);
  const source = isStreaming ? deferred : content;
  return (
    <div className={cn('markdown', isStreaming && 'result-streaming', className)}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
        urlTransform={safeUrl}
        skipHtml
      >
        {preprocessMarkdown(source)}
      </ReactMarkdown>
    </div>
  );
});

// Kept for importers from before the plain-text split; prefer './plain-text' (no markdown chunk).
export { PlainText } from './plain-text';
