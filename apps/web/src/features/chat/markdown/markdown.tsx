import './markdown.css';
import { Fragment, memo, use, useDeferredValue, type ReactElement } from 'react';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { cn } from '../../../lib/cn';
import { useChatPreferences } from '../../settings/chat-preferences';
import { CodeBlock } from './code-block';
import { MarkdownTagBlock } from './markdown-tag-block';
import { hastToText, languageOf, type HastNode } from './hast-text';
import { loadedExtrasKey, loadedRehypePlugins, pendingExtraFor } from './markdown-extras';
import { renderMarkdown, type Components, type MarkdownRenderer } from './markdown-processor';
import { escapeExcessInlineNesting } from './limit-inline-nesting';
import { preprocessMarkdown, safeUrl } from './preprocess-markdown';
import { PlainText } from './plain-text';
import { rehypeMathPlaceholder } from './rehype-math-placeholder';
import { InlineCitation } from '../../web-search/inline-citation';
import { citationIndexes, remarkCitations } from './remark-citations';
import { remarkHtmlAsText } from './remark-html-as-text';
import { escapeDeepPrefixes, remarkLimitNesting } from './remark-limit-nesting';
import { splitMarkdownBlocks } from './split-blocks';
import { splitTaggedSections, type TaggedNode } from './tagged-sections';

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
  // A citation mark of model output (remark-citations.ts): a chip where the reply has the source.
  sup({ node, children }) {
    const indexes = citationIndexes((node as HastNode | undefined)?.properties?.dataCitation);
    if (!indexes) return <sup>{children}</sup>;
    return <InlineCitation indexes={indexes} raw={hastToText(node as HastNode)} />;
  },
  table({ children }) {
    return (
      <div className="scrollbar-thin my-4 overflow-x-auto">
        <table>{children}</table>
      </div>
    );
  },
};

/** Model output. Each renderer keeps one processor (markdown-processor.ts). */
const modelRenderer: MarkdownRenderer = {
  remarkPlugins: [remarkGfm, [remarkMath, { singleDollarTextMath: true }], remarkLimitNesting, remarkCitations],
  components,
  urlTransform: safeUrl,
};
/** Model output with LaTeX parsing off: `$` and the rest of TeX show as typed. */
const modelRendererWithoutMath: MarkdownRenderer = {
  remarkPlugins: [remarkGfm, remarkLimitNesting, remarkCitations],
  components,
  urlTransform: safeUrl,
};
/**
 * People's own text: a line break is kept as typed (Shift+Enter), HTML shows as typed, and a
 * lone `$` is a dollar (`$HOME`, prices), so math needs `$$...$$`, `\(...\)` or `\[...\]`.
 */
const userRenderer: MarkdownRenderer = {
  remarkPlugins: [
    remarkGfm,
    remarkBreaks,
    [remarkMath, { singleDollarTextMath: false }],
    remarkHtmlAsText,
    remarkLimitNesting,
  ],
  components,
  urlTransform: safeUrl,
};
const userRendererWithoutMath: MarkdownRenderer = {
  remarkPlugins: [remarkGfm, remarkBreaks, remarkHtmlAsText, remarkLimitNesting],
  components,
  urlTransform: safeUrl,
};

/** Whose text it is, and whether math is rendered (the `LaTeXParsing` preference). */
interface RenderMode {
  isUserText: boolean;
  isMath: boolean;
}

/** The part of a render cache key that tells the modes apart. */
function modeKey({ isUserText, isMath }: RenderMode): string {
  return `${isUserText ? 'u' : 'm'}${isMath ? '' : 'x'}`;
}

function rendererFor({ isUserText, isMath }: RenderMode): MarkdownRenderer {
  if (isUserText) return isMath ? userRenderer : userRendererWithoutMath;
  return isMath ? modelRenderer : modelRendererWithoutMath;
}

/**
 * Parses and renders (highlighting and math included), synchronously and without hooks.
 * The unified steps recurse, some before the nesting limit can cut the tree: a text that still
 * overflows the stack shows as typed rather than crashing the page (or the shared page).
 */
function renderTree(source: string, mode: RenderMode): ReactElement {
  const escaped = escapeExcessInlineNesting(escapeDeepPrefixes(source));
  try {
    return renderMarkdown(
      rendererFor(mode),
      // Last: formulas that KaTeX (not loaded yet) left as code become placeholders of their size.
      mode.isMath ? [...loadedRehypePlugins(), rehypeMathPlaceholder] : loadedRehypePlugins({ isMath: false }),
      mode.isMath ? preprocessMarkdown(escaped, { singleDollarMath: !mode.isUserText }) : escaped,
    );
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return <PlainText content={source} />;
  }
}

/**
 * Rendered trees of finished texts, least recently used first. The virtualised message list
 * unmounts rows out of view, and a row scrolled back reuses its tree instead of parsing and
 * highlighting its text again (a reply with code takes milliseconds, several rows a frame).
 * A tree is kept per set of loaded extras: a provisional one (math not typeset yet) is not the
 * finished tree of its text.
 */
const renderCache = new Map<string, ReactElement>();
const RENDER_CACHE_MAX_ENTRIES = 300;
const RENDER_CACHE_MAX_CHARS = 1_500_000;
let renderCacheChars = 0;

function cachedTree(source: string, mode: RenderMode): ReactElement {
  return cached(`${loadedExtrasKey()}${modeKey(mode)}:${source}`, () => renderTree(source, mode));
}

function cached(key: string, render: () => ReactElement): ReactElement {
  const hit = renderCache.get(key);
  if (hit) {
    renderCache.delete(key);
    renderCache.set(key, hit);
    return hit;
  }
  const tree = render();
  renderCache.set(key, tree);
  renderCacheChars += key.length;
  for (const oldest of renderCache.keys()) {
    if (renderCache.size <= RENDER_CACHE_MAX_ENTRIES && renderCacheChars <= RENDER_CACHE_MAX_CHARS) break;
    if (oldest === key) break;
    renderCache.delete(oldest);
    renderCacheChars -= oldest.length;
  }
  return tree;
}

function renderGrowing(source: string, mode: RenderMode): ReactElement {
  const blocks = splitMarkdownBlocks(source);
  const last = blocks.length - 1;
  return (
    <>
      {blocks.map((block, i) => (
        <Fragment key={i}>{i < last ? cachedTree(block, mode) : renderTree(block, mode)}</Fragment>
      ))}
    </>
  );
}

/**
 * Model output with SPEC 9's tags: each tag a collapsible block around its own markdown. While the
 * reply streams, only its last piece (perhaps inside a tag still open) is rendered anew.
 */
function renderTagged(nodes: readonly TaggedNode[], isStreaming: boolean, mode: RenderMode): ReactElement {
  const last = nodes.length - 1;
  return (
    <>
      {nodes.map((node, i) => {
        const isGrowing = isStreaming && i === last;
        if (node.type === 'markdown') {
          if (!node.text.trim()) return null;
          return (
            <Fragment key={i}>{isGrowing ? renderGrowing(node.text, mode) : cachedTree(node.text, mode)}</Fragment>
          );
        }
        return (
          <MarkdownTagBlock key={i} tag={node.tag} isWriting={isGrowing && !node.isClosed}>
            {renderTagged(node.children, isGrowing, mode)}
          </MarkdownTagBlock>
        );
      })}
    </>
  );
}

/** Model output: tags of SPEC 9 split out first (their blocks may span blank lines), then markdown. */
function renderModelText(source: string, isStreaming: boolean, isMath: boolean): ReactElement {
  const mode: RenderMode = { isUserText: false, isMath };
  const nodes = splitTaggedSections(source);
  if (!nodes) return isStreaming ? renderGrowing(source, mode) : cachedTree(source, mode);
  return isStreaming
    ? renderTagged(nodes, true, mode)
    : cached(`${loadedExtrasKey()}t${modeKey(mode)}:${source}`, () => renderTagged(nodes, false, mode));
}

export interface MarkdownProps {
  content: string;
  isStreaming?: boolean;
  /** The user's own message rather than model output (line breaks kept, `$` literal). */
  isUserText?: boolean;
  className?: string;
  /**
   * Render now with the extras loaded so far (code uncoloured in its box, math as a placeholder of
   * about its size) instead of waiting for KaTeX or highlight.js: the stand-in while they load.
   */
  isProvisional?: boolean;
}

/**
 * Model output (or, with `isUserText`, a user's message) as markdown: GFM (tables, task lists),
 * math (KaTeX), highlighted code, and in model output SPEC 9's tags as collapsible blocks. Raw
 * HTML is never rendered (no rehype-raw), and only http(s)/mailto URLs survive.
 */
export const Markdown = memo(function Markdown({
  content,
  isStreaming = false,
  isUserText = false,
  className,
  isProvisional = false,
}: MarkdownProps) {
  // While tokens stream in, rendering may lag a frame behind rather than block typing/scrolling.
  const deferred = useDeferredValue(content);
  const source = isStreaming ? deferred : content;
  // Math or code waits for KaTeX or highlight.js (Suspense shows the provisional render meanwhile;
  // a streaming update keeps showing the previous text instead).
  // The LaTeXParsing preference: off, `$` is a dollar and KaTeX is never needed.
  const isMath = useChatPreferences((s) => s.LaTeXParsing);
  const pendingExtra = pendingExtraFor(source, { isMath });
  if (pendingExtra && !isProvisional) use(pendingExtra);
  // A growing text changes with every delta: its finished blocks come from the kept trees and only
  // the last one is rendered anew; a finished text is kept whole.
  const tree = isUserText
    ? isStreaming
      ? renderGrowing(source, { isUserText, isMath })
      : cachedTree(source, { isUserText, isMath })
    : renderModelText(source, isStreaming, isMath);
  return (
    <div className={cn('markdown', isUserText && 'markdown-user', isStreaming && 'result-streaming', className)}>
      {tree}
    </div>
  );
});

// Kept for importers from before the plain-text split; prefer './plain-text' (no markdown chunk).
export { PlainText } from './plain-text';
// For markdown-loader.ts, which stays out of this chunk: what a text still waits for.
export { pendingExtraFor } from './markdown-extras';
