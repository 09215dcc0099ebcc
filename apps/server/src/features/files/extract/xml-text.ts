import { XMLParser } from 'fast-xml-parser';

/** A node of fast-xml-parser's ordered output: one key (the tag or #text), maybe ':@' attributes. */
export type OrderedNode = Record<string, unknown>;

const orderedParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
});

/** XML as ordered nodes (document order kept), for walking text. */
export const parseOrderedXml = (xml: string): OrderedNode[] => orderedParser.parse(xml) as OrderedNode[];

const tagOf = (node: OrderedNode): string | undefined => Object.keys(node).find((key) => key !== ':@');

/** A tag or attribute name without its namespace prefix (`a:t` → `t`). */
export const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/** Every element of this local name, in document order, with its attributes. */
export function findElements(nodes: OrderedNode[], name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  walkXml(nodes, {
    enter: (tag, node) => {
      if (localName(tag) === name) found.push(attributesOf(node));
    },
  });
  return found;
}

export function attributesOf(node: OrderedNode): Record<string, string> {
  const attributes = node[':@'];
  return attributes && typeof attributes === 'object' ? (attributes as Record<string, string>) : {};
}

/**
 * Walks ordered nodes depth first: `enter` sees each element (return false to skip its
 * children), `text` each text node with the tag of its parent, `leave` each element after
 * its children.
 */
export function walkXml(
  nodes: OrderedNode[],
  visit: {
    text?: (text: string, parent: string) => void;
    enter?: (tag: string, node: OrderedNode) => boolean | void;
    leave?: (tag: string) => void;
  },
  parent = '',
): void {
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === undefined) continue;
    if (tag === '#text') {
      visit.text?.(String(node[tag]), parent);
      continue;
    }
    if (visit.enter?.(tag, node) === false) continue;
    const children = node[tag];
    if (Array.isArray(children)) walkXml(children as OrderedNode[], visit, tag);
    visit.leave?.(tag);
  }
}
