/** A start tag, an end tag, or a self-closing tag (comments and declarations do not match). */
const TAG = /<(\/?)([A-Za-z][\w:.-]*)(?:\s[^<>]*?)?(\/?)>/g;

/**
 * The part of an SVG document written so far, made whole: cut after its last complete tag, every
 * element still open closed. An SVG streaming in is never well formed, and an XML parser shows
 * nothing of it; this shows what has arrived. A text without `<svg` is given back as it is.
 * @example closePartialSvg('<svg><g><rect/><circ') // '<svg><g><rect/></g></svg>'
 */
export function closePartialSvg(partial: string): string {
  if (!partial.includes('<svg')) return partial;
  const end = partial.lastIndexOf('>') + 1;
  const written = partial.slice(0, end);
  const open: string[] = [];
  for (const match of written.matchAll(TAG)) {
    const [, closing, name = '', selfClosing] = match;
    if (selfClosing) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at !== -1) open.length = at;
    } else open.push(name);
  }
  return (
    written +
    open
      .reverse()
      .map((name) => `</${name}>`)
      .join('')
  );
}
