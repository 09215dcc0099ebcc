import { posix } from 'node:path';
import { convert } from 'html-to-text';
import { TextCollector, type ExtractedText } from './extract-limits.js';
import { findElements, parseOrderedXml } from './xml-text.js';
import { readZipEntries } from './zip-entries.js';

const CONTAINER = 'META-INF/container.xml';
const TEXT_PART = /\.(opf|xml|xhtml|html|htm)$/i;

/** An href of the package document, resolved against its folder (hrefs may be percent-encoded). */
function resolveHref(opfPath: string, href: string): string {
  const path = href.split('#')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: the href is used as written.
  }
  return posix.normalize(posix.join(posix.dirname(opfPath), decoded));
}

const HTML_TO_TEXT = {
  wordwrap: false as const,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { ignoreHref: true } },
    // Headings as written: html-to-text shouts them in capitals by default.
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/**
 * The text of an EPUB book: its package document (named by META-INF/container.xml) lists the
 * chapters in reading order (the spine); each chapter's XHTML becomes plain text.
 */
export async function extractEpubText(buffer: Buffer): Promise<ExtractedText | undefined> {
  const entries = await readZipEntries(buffer, (name) => TEXT_PART.test(name));
  const container = entries.get(CONTAINER);
  if (!container) return undefined;
  const opfPath = findElements(parseOrderedXml(container.toString('utf8')), 'rootfile')[0]?.['full-path'];
  const opf = opfPath ? entries.get(opfPath) : undefined;
  if (!opfPath || !opf) return undefined;
  const packageNodes = parseOrderedXml(opf.toString('utf8'));
  const manifest = new Map(findElements(packageNodes, 'item').map((item) => [item.id, item.href]));
  const spine = findElements(packageNodes, 'itemref');
  const collected = new TextCollector();
  for (const { idref } of spine) {
    if (collected.isFull) break;
    const href = idref ? manifest.get(idref) : undefined;
    const chapter = href ? entries.get(resolveHref(opfPath, href)) : undefined;
    if (!chapter) continue;
    const text = convert(chapter.toString('utf8'), HTML_TO_TEXT).trim();
    if (text !== '') collected.add(`${text}\n\n`);
  }
  return collected.result(spine.length);
}
