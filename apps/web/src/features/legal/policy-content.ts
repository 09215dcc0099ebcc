/** SPEC 2: configured policy content is a string or a list of lines joined by newlines. */
export function getPolicyText(content: string | string[] | undefined): string | null {
  const text = Array.isArray(content) ? content.join('\n') : content;
  return text && text.trim() ? text : null;
}
