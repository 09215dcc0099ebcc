/**
 * Whether a footer link may be followed: absolute http(s) URLs only. Anything else (javascript:,
 * data:, mailto:, relative paths) is shown as its text, never as a link.
 */
export function isSafeFooterHref(url: string): boolean {
  try {
    const { protocol } = new URL(url.trim());
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The footer's parts: LibreChat separates them with `|`, and shows a divider between each. */
export function splitFooterParts(text: string): string[] {
  return text
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
