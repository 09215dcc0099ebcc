import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { pendingExtraFor } from './markdown-extras';

const render = (content: string, isUserText = false) =>
  renderToStaticMarkup(<Markdown content={content} isUserText={isUserText} />);

describe('Markdown processors', () => {
  it('applies KaTeX and highlight.js to texts rendered after they load, though earlier texts built the processors', async () => {
    // Prose first: each processor is built before any extra is loaded.
    expect(render('Just **words**')).toContain('<strong>words</strong>');
    expect(render('Mine, **too**', true)).toContain('<strong>too</strong>');

    await pendingExtraFor('$x$');
    expect(render('area $a^2$')).toContain('class="katex"');
    expect(render('area \\(a^2\\)', true)).toContain('class="katex"');

    await pendingExtraFor('```ts\n```');
    const code = render('```ts\nconst a = 1;\n```');
    expect(code).toContain('hljs-keyword');
    expect(render('more $b$')).toContain('class="katex"');
    // A link keeps only safe URLs, as before the processors were kept.
    expect(render('[ok](https://example.com) [bad](javascript:alert(1))')).not.toContain('javascript:');
  });
});
