import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** Text kept from one page at most: enough passages for the ranker, bounded work on a huge page. */
const MAX_TEXT_CHARS = 200_000;

const BLOCK_TAGS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
]);
const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'OBJECT', 'CANVAS']);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/**
 * The readable text of an HTML page: Mozilla's Readability (Firefox's reader view) picks the
 * article; paragraph breaks are kept (blank lines between blocks) so passages can split on them.
 * A page Readability finds no article in falls back to its whole body.
 */
export function extractReadableText(html: string): { title: string | undefined; text: string } {
  const { document } = parseHTML(html);
  const pageTitle = document.title?.trim() || undefined;
  let root: DomNode | null = null;
  let title = pageTitle;
  try {
    // Readability changes the document it reads, and linkedom lacks a few DOM parts it may use:
    // a failure there only means no article was found.
    const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
      charThreshold: 200,
    }).parse();
    if (article?.content) {
      root = parseHTML(`<html><body>${article.content}</body></html>`).document.body as unknown as DomNode;
      title = article.title?.trim() || pageTitle;
    }
  } catch {
    root = null;
  }
  root ??= parseHTML(html).document.body as unknown as DomNode | null;
  if (!root) return { title, text: '' };
  const parts: string[] = [];
  collect(root, parts);
  const text = parts
    .join('')
    .split(/\n{2,}/)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
  return { title, text: text.slice(0, MAX_TEXT_CHARS) };
}

function collect(node: DomNode, parts: string[]): void {
  if (node.nodeType === 3) {
    parts.push(node.textContent ?? '');
    return;
  }
  if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
  const tag = node.nodeName.toUpperCase();
  if (SKIPPED_TAGS.has(tag)) return;
  const block = BLOCK_TAGS.has(tag);
  if (block) parts.push('\n\n');
  for (const child of Array.from(node.childNodes)) collect(child, parts);
  if (block) parts.push('\n\n');
}
