/**
 * Prepares model output for remark-math, as LibreChat does: `\[...\]` and `\(...\)` become
 * `$$...$$` and `$...$`, and a `$` before a digit is read as currency, not as the start of math.
 * Code (fenced, an unclosed fence while streaming, or inline) is left untouched.
 * With `singleDollarMath` false (people's own text, where `$HOME` is not math), `\(...\)`
 * becomes `$$...$$`, which remark-math then reads as inline math.
 */
const PROTECTED =
  /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]+`|\$\$[\s\S]*?\$\$|\\\[[\s\S]*?\\\]|\\\([\s\S]*?\\\)/g;

export function preprocessMarkdown(source: string, { singleDollarMath = true } = {}): string {
  if (!source.includes('$') && !source.includes('\\[') && !source.includes('\\(')) return source;
  let out = '';
  let last = 0;
  for (const match of source.matchAll(PROTECTED)) {
    const index = match.index ?? 0;
    const end = index + match[0].length;
    const isOwnLine = (index === 0 || source[index - 1] === '\n') && (end === source.length || source[end] === '\n');
    out += escapeCurrency(source.slice(last, index)) + convertDelimiters(match[0], isOwnLine, singleDollarMath);
    last = end;
  }
  return out + escapeCurrency(source.slice(last));
}

function escapeCurrency(text: string): string {
  return text.replace(/(^|[^\\$])\$(?=\d)/g, '$1\\$');
}

/** Display math on a line of its own becomes a math block (remark-math wants the fences alone). */
function convertDelimiters(chunk: string, isOwnLine: boolean, singleDollarMath: boolean): string {
  let math: string | null = null;
  if (chunk.startsWith('\\[')) math = chunk.slice(2, -2);
  else if (chunk.startsWith('$$')) math = chunk.slice(2, -2);
  else if (chunk.startsWith('\\(')) {
    const inline = chunk.slice(2, -2);
    return singleDollarMath ? `$${inline}$` : `$$${inline}$$`;
  }
  if (math === null) return chunk;
  return isOwnLine && !math.includes('\n') ? `$$\n${math.trim()}\n$$` : `$$${math}$$`;
}

const SAFE_PROTOCOLS = ['http:', 'https:', 'mailto:'];

/**
 * react-markdown's urlTransform: links and images keep http(s) and mailto URLs only; anything
 * else (javascript:, data:, relative paths) becomes empty and renders as plain text.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return '';
  }
  return SAFE_PROTOCOLS.includes(parsed.protocol) ? trimmed : '';
}
