/** The minimal hast shape react-markdown passes to components as `node`. */
export interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** The text inside a hast node (code blocks copy their raw code, not the highlighted markup). */
export function hastToText(node: HastNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  let text = '';
  for (const child of node.children ?? []) text += hastToText(child);
  return text;
}

/** `language-ts` → `ts`, from a code element's class list. */
export function languageOf(node: HastNode | undefined): string | null {
  const className = node?.properties?.className;
  const classes = Array.isArray(className)
    ? className.map(String)
    : typeof className === 'string'
      ? className.split(/\s+/)
      : [];
  const found = classes.find((c) => c.startsWith('language-'));
  return found ? found.slice('language-'.length) : null;
}
