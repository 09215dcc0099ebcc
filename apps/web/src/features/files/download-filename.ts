/**
 * The name to save a download under: Content-Disposition's `filename*` (RFC 5987, UTF-8), else
 * its `filename`, else the `filename` of the `x-file-metadata` JSON, else the name we know.
 * Path separators and control characters are dropped (a name is never a path).
 */
export function downloadFilename(headers: Pick<Headers, 'get'>, fallback: string): string {
  const disposition = headers.get('content-disposition') ?? '';
  const star = /filename\*\s*=\s*([^;]+)/i.exec(disposition)?.[1]?.trim();
  if (star) {
    const value = star.replace(/^"(.*)"$/, '$1');
    const encoded = value.includes("''") ? value.slice(value.indexOf("''") + 2) : value;
    try {
      const name = clean(decodeURIComponent(encoded));
      if (name) return name;
    } catch {
      // Malformed escape: try the plain parameter.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(disposition)?.[1]?.trim();
  if (plain) {
    const name = clean(plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, '$1') : plain);
    if (name) return name;
  }
  const metadata = headers.get('x-file-metadata');
  if (metadata) {
    try {
      const parsed = JSON.parse(metadata) as { filename?: unknown };
      if (typeof parsed.filename === 'string') {
        const name = clean(parsed.filename);
        if (name) return name;
      }
    } catch {
      // SPEC 8: a malformed file-metadata header is only logged.
      console.warn('[files] malformed x-file-metadata header');
    }
  }
  return clean(fallback) || 'download';
}

// Control characters have no place in a file name (a header could carry them escaped).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

function clean(name: string): string {
  return name.replace(CONTROL_CHARACTERS, '').replace(/[/\\]/g, '_').trim();
}
