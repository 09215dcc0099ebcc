import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { loadAllMarkdownExtras } from './markdown-extras';

// Static rendering cannot wait for KaTeX and highlight.js, which the app loads on first use.
beforeAll(loadAllMarkdownExtras);
import { escapeExcessInlineNesting, MAX_BRACKET_DEPTH, MAX_EMPHASIS_DELIMITERS } from './limit-inline-nesting';
import { escapeDeepPrefixes, MAX_MARKDOWN_DEPTH } from './remark-limit-nesting';

const render = (content: string, isUserText = false) =>
  renderToStaticMarkup(<Markdown content={content} isUserText={isUserText} />);

/** Milliseconds one call takes. */
function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

describe('Markdown with hostile input', () => {
  it.each([
    ['a list nested 1000 deep', `${'- '.repeat(1000)}deep`],
    ['a quote nested 1000 deep', `${'> '.repeat(1000)}deep`],
    ['a list nested 5000 deep', `${'- '.repeat(5000)}deep`],
    ['emphasis nested 1000 deep', `${'*a _'.repeat(500)}deep${'_ a*'.repeat(500)}`],
  ])('renders %s without overflowing the stack, its text kept', (_name, source) => {
    for (const isUserText of [false, true]) {
      const html = render(source, isUserText);
      expect(html).toContain('deep');
    }
  });

  it('caps how deep lists and quotes nest; deeper content shows as text', () => {
    const quotes = render(`${'> '.repeat(200)}deep`).match(/<blockquote>/g)?.length ?? 0;
    expect(quotes).toBeGreaterThan(10);
    expect(quotes).toBeLessThanOrEqual(MAX_MARKDOWN_DEPTH);
    // One marker a line, each indented under the last: nothing to escape, the tree is cut.
    const indented = Array.from({ length: 60 }, (_, i) => `${'  '.repeat(i)}- item${i}`).join('\n');
    const html = render(indented);
    const lists = html.match(/<ul>/g)?.length ?? 0;
    expect(lists).toBeGreaterThan(5);
    expect(lists).toBeLessThanOrEqual(MAX_MARKDOWN_DEPTH / 2);
    expect(html).toContain('item59');
  });

  it('escapes list markers past the limit before parsing, which is quadratic in nesting', () => {
    expect(escapeDeepPrefixes('- a\n  - b\n> > c')).toBe('- a\n  - b\n> > c');
    const max = MAX_MARKDOWN_DEPTH;
    expect(escapeDeepPrefixes(`${'- '.repeat(max)}x`)).toBe(`${'- '.repeat(max)}x`);
    expect(escapeDeepPrefixes(`${'- '.repeat(40)}x`)).toBe(`${'- '.repeat(max)}\\${'- '.repeat(40 - max)}x`);
    expect(escapeDeepPrefixes(`${'1. '.repeat(40)}x`)).toBe(`${'1. '.repeat(max)}1\\. ${'1. '.repeat(39 - max)}x`);
    expect(escapeDeepPrefixes(`ok\n${'>'.repeat(40)}x`)).toBe(`ok\n${'>'.repeat(max)}\\${'>'.repeat(40 - max)}x`);
    const started = performance.now();
    expect(render(`${'- '.repeat(20_000)}deep`)).toContain('deep');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('keeps ordinary nesting as it is', () => {
    const html = render('- a\n  - b\n    - c\n\n> q\n> > r');
    expect(html.match(/<ul>/g)).toHaveLength(3);
    expect(html.match(/<blockquote>/g)).toHaveLength(2);
  });

  it('renders emphasis, links and images nested thousands deep quickly, their text kept', () => {
    for (const source of [
      `${'*'.repeat(16_000)}deep${'*'.repeat(16_000)}`,
      `${'![a'.repeat(5000)}deep${'](u)'.repeat(5000)}`,
      `deep${']'.repeat(40_000)}`,
      `${'*a _'.repeat(4000)}deep${'_ a*'.repeat(4000)}`,
      `${'~~a '.repeat(4000)}deep${' a~~'.repeat(4000)}`,
    ]) {
      // Uncapped, each took 8 to 47 s on a quiet machine (over 300 times an ordinary paragraph of
      // its length), capped a few seconds at most. The bound follows the machine's speed: such a
      // paragraph, rendered just before, sets it, so a busy machine does not fail the test and an
      // uncapped parser still does.
      const ordinary = timed(() => render('plain words '.repeat(Math.ceil(source.length / 12))));
      const hostile = timed(() => expect(render(source)).toContain('deep'));
      expect(hostile).toBeLessThan(Math.max(5000, 80 * ordinary));
    }
  }, 60_000);

  it('escapes a paragraph’s emphasis delimiters past the cap, and nothing else', () => {
    const max = MAX_EMPHASIS_DELIMITERS;
    const ordinary = `${'**bold** '.repeat(max / 4)}\n\n\`a*b\` $x_1$`;
    expect(escapeExcessInlineNesting(ordinary)).toBe(ordinary);

    const long = `${'*'.repeat(max + 3)}x`;
    expect(escapeExcessInlineNesting(long)).toBe(`${'*'.repeat(max)}${'\\*'.repeat(3)}x`);

    // Code, math and escaped characters do not count and are not touched; a blank line, list
    // item, table row or heading starts the count again.
    const stars = '*'.repeat(max);
    const codeAndMath = ['```', '__init__', '```', '$$', 'a_1', '$$'];
    const mixed = [
      `${stars} \`a_b\` $x_1$ \\(y_2\\) \\* _z_`,
      ...codeAndMath,
      `* item ${stars}`,
      `| ${stars} |`,
      `# ${stars}`,
      '',
      `${stars}_`,
    ];
    expect(escapeExcessInlineNesting(mixed.join('\n')).split('\n')).toEqual([
      `${stars} \`a_b\` $x_1$ \\(y_2\\) \\* \\_z\\_`,
      ...codeAndMath,
      `* item ${stars.slice(1)}\\*`,
      ...mixed.slice(-4, -1),
      `${stars}\\_`,
    ]);
  });

  it('escapes a paragraph’s brackets nested past the cap and those closing nothing, not links side by side', () => {
    const links = Array.from({ length: 100 }, (_, i) => `[link ${i}](https://example.com/${i})`).join(' ');
    expect(escapeExcessInlineNesting(links)).toBe(links);
    const depth = MAX_BRACKET_DEPTH;
    expect(escapeExcessInlineNesting(`${'['.repeat(depth + 2)}x${']'.repeat(depth + 2)}`)).toBe(
      `${'['.repeat(depth)}\\[\\[x${']'.repeat(depth)}\\]\\]`,
    );
    // A new paragraph starts again; code is left alone.
    expect(escapeExcessInlineNesting(`${'['.repeat(depth + 1)}\n\n[a] \`${'['.repeat(depth + 1)}\``)).toBe(
      `${'['.repeat(depth)}\\[\n\n[a] \`${'['.repeat(depth + 1)}\``,
    );
  });
});
