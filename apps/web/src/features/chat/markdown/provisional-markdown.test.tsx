import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { isMarkdownReadyFor, loadMarkdownFor } from './markdown-loader';

const REPLY = [
  'A table:',
  '',
  '| Name | Value |',
  '| --- | --- |',
  '| alpha | 1 |',
  '',
  '```ts',
  'const answer = 42;',
  '```',
  '',
  'Inline $E = mc^2$, and shown:',
  '',
  '$$',
  '\\frac{a}{b}',
  '$$',
].join('\n');

const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

describe('markdown while KaTeX and highlight.js load', () => {
  it('renders formatted at once (math as a placeholder, code uncoloured in its box), then finished once they load', async () => {
    expect(isMarkdownReadyFor([])).toBe(true);
    expect(isMarkdownReadyFor([REPLY])).toBe(false);

    const early = renderToStaticMarkup(<Markdown content={REPLY} isProvisional />);
    expect(early).toContain('<th>Name</th>');
    expect(early).toContain('data-testid="code-block"');
    expect(early).toContain('const answer = 42;');
    expect(early).not.toContain('hljs');
    expect(early).toContain('<span class="math-pending">E = mc^2</span>');
    expect(early).toContain('<div class="math-pending math-pending-display">\\frac{a}{b}</div>');
    // None of the markup shows as typed.
    expect(textOf(early)).not.toMatch(/\||```|\$/);

    await loadMarkdownFor([REPLY]);
    expect(isMarkdownReadyFor([REPLY])).toBe(true);
    // The provisional tree is not kept as the text's finished one.
    const done = renderToStaticMarkup(<Markdown content={REPLY} />);
    expect(done).toContain('class="katex"');
    expect(done).toContain('class="katex-display"');
    expect(done).toContain('hljs-keyword');
    expect(done).not.toContain('math-pending');
  });
});
