import type { Element, Nodes, Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { visit } from 'unist-util-visit';

export type { Components };

/**
 * What the renderer did through react-markdown's `Markdown` (`skipHtml`, the default remark-rehype
 * options, `urlTransform` over URL attributes, `toJsxRuntime` with keys and nodes passed on), with
 * one unified processor per plugin set instead of one per call. react-markdown builds its processor
 * on every call: every row not in the render cache and every delta of a streaming reply ran each
 * plugin's attacher again (GFM's micromark extensions, KaTeX's, highlight.js's) before parsing.
 */
export interface MarkdownRenderer {
  remarkPlugins: PluggableList;
  components: Components;
  urlTransform: (url: string) => string;
}

type Processor = ReturnType<typeof buildProcessor>;

function buildProcessor(remarkPlugins: PluggableList, rehypePlugins: PluggableList) {
  // allowDangerousHtml only keeps raw HTML as `raw` nodes, which `toReact` then drops (skipHtml).
  return unified()
    .use(remarkParse)
    .use(remarkPlugins)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypePlugins)
    .freeze();
}

/** The processor of one remark plugin set, built again only when a lazily loaded rehype plugin joins. */
const processors = new WeakMap<MarkdownRenderer, { rehypePlugins: PluggableList; processor: Processor }>();

function processorFor(renderer: MarkdownRenderer, rehypePlugins: PluggableList): Processor {
  const kept = processors.get(renderer);
  if (kept && sameList(kept.rehypePlugins, rehypePlugins)) return kept.processor;
  const processor = buildProcessor(renderer.remarkPlugins, rehypePlugins);
  processors.set(renderer, { rehypePlugins, processor });
  return processor;
}

function sameList(a: PluggableList, b: PluggableList): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** `source` parsed, transformed and turned into React elements (throws what the plugins throw). */
export function renderMarkdown(renderer: MarkdownRenderer, rehypePlugins: PluggableList, source: string): ReactElement {
  const processor = processorFor(renderer, rehypePlugins);
  const tree = processor.runSync(processor.parse(source)) as Root;
  return toReact(tree, renderer);
}

function toReact(tree: Root, renderer: MarkdownRenderer): ReactElement {
  visit(tree, (node: Nodes, index, parent) => {
    if (node.type === 'raw' && parent && typeof index === 'number') {
      parent.children.splice(index, 1);
      return index;
    }
    if (node.type === 'element') transformUrls(node, renderer.urlTransform);
    return undefined;
  });
  return toJsxRuntime(tree, {
    Fragment,
    components: renderer.components,
    ignoreInvalidStyle: true,
    jsx,
    jsxs,
    passKeys: true,
    passNode: true,
  });
}

function transformUrls(node: Element, urlTransform: (url: string) => string): void {
  for (const key in urlAttributes) {
    if (!Object.hasOwn(urlAttributes, key) || !Object.hasOwn(node.properties, key)) continue;
    const tags = urlAttributes[key];
    if (tags === null || tags?.includes(node.tagName)) {
      node.properties[key] = urlTransform(String(node.properties[key] || ''));
    }
  }
}
