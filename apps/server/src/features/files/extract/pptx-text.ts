import { posix } from 'node:path';
import { TextCollector, type ExtractedText } from './extract-limits.js';
import { findElements, localName, parseOrderedXml, walkXml } from './xml-text.js';
import { readZipEntries } from './zip-entries.js';

const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;
const PRESENTATION = 'ppt/presentation.xml';
const PRESENTATION_RELS = 'ppt/_rels/presentation.xml.rels';

/** A part's target resolved against the folder of the part that names it (`/ppt/...` is absolute). */
const resolveTarget = (base: string, target: string): string =>
  target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(posix.dirname(base), target));

/**
 * Slides in the order the presentation shows them: its slide list, through its relationships
 * (a slide moved in PowerPoint keeps its file name). Slides it does not list follow in file order.
 */
function slideOrder(entries: Map<string, Buffer>): string[] {
  const byNumber = [...entries.keys()]
    .filter((name) => SLIDE.test(name))
    .sort((a, b) => Number(SLIDE.exec(a)?.[1]) - Number(SLIDE.exec(b)?.[1]));
  const presentation = entries.get(PRESENTATION);
  const rels = entries.get(PRESENTATION_RELS);
  if (!presentation || !rels) return byNumber;
  const targets = new Map(
    findElements(parseOrderedXml(rels.toString('utf8')), 'Relationship').map((r) => [r.Id, r.Target]),
  );
  const listed = findElements(parseOrderedXml(presentation.toString('utf8')), 'sldId')
    .map((slide) => {
      const relation = Object.entries(slide).find(([key]) => key !== 'id' && localName(key) === 'id')?.[1];
      const target = relation ? targets.get(relation) : undefined;
      return target ? resolveTarget(PRESENTATION, target) : undefined;
    })
    .filter((name): name is string => name !== undefined && entries.has(name));
  return [...listed, ...byNumber.filter((name) => !listed.includes(name))];
}

/** The text of one slide: its runs (`a:t`) in order, a line per paragraph (`a:p`) or break. */
function slideText(xml: string): string {
  const lines: string[] = [];
  let line = '';
  walkXml(parseOrderedXml(xml), {
    text: (text, parent) => {
      if (localName(parent) === 't') line += text;
    },
    leave: (tag) => {
      const name = localName(tag);
      if (name === 'p' || name === 'br') {
        if (line.trim() !== '') lines.push(line);
        line = '';
      }
    },
  });
  if (line.trim() !== '') lines.push(line);
  return lines.join('\n');
}

/** The text of a PowerPoint presentation, slide by slide. */
export async function extractPptxText(buffer: Buffer): Promise<ExtractedText> {
  const entries = await readZipEntries(
    buffer,
    (name) => SLIDE.test(name) || name === PRESENTATION || name === PRESENTATION_RELS,
  );
  const slides = slideOrder(entries);
  const collected = new TextCollector();
  slides.forEach((name, index) => {
    if (collected.isFull) return;
    const text = slideText(entries.get(name)?.toString('utf8') ?? '');
    collected.add(`## Slide ${index + 1}\n${text}\n\n`);
  });
  return collected.result(slides.length);
}
