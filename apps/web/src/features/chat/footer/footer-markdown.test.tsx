import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isSafeFooterHref, splitFooterParts } from './footer-links';
import { FooterMarkdown } from './footer-markdown';

const render = (text: string) => renderToStaticMarkup(<FooterMarkdown text={text} />);

describe('FooterMarkdown', () => {
  it('renders an http(s) link opening in a new tab, without the opener', () => {
    expect(render('[Help](https://help.example.com/faq)')).toBe(
      '<span><a href="https://help.example.com/faq" target="_blank" rel="noopener noreferrer" class="focus-ring rounded-sm underline underline-offset-2 hover:text-fg">Help</a></span>',
    );
  });

  it.each([
    ['javascript:', '[Click](javascript:alert(1))'],
    ['data:', '[Click](data:text/html,<script>alert(1)</script>)'],
    ['a relative path', '[Click](/admin)'],
    ['mailto:', '[Click](mailto:a@example.com)'],
  ])('shows a %s link as its text only', (_kind, source) => {
    const html = render(source);
    expect(html).not.toContain('<a');
    expect(html).not.toContain('href');
    expect(html).toContain('Click');
  });

  it('keeps inline formatting, drops raw HTML and block elements', () => {
    const html = render('**Bold** and _soft_ <img src=x onerror=alert(1)>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<em>soft</em>');
    expect(html).not.toContain('<img');
    expect(render('# Title')).toBe('Title');
    expect(render('![pic](https://example.com/a.png)')).not.toContain('<img');
  });
});

describe('footer links and parts', () => {
  it('accepts absolute http(s) URLs only', () => {
    expect(isSafeFooterHref('https://example.com')).toBe(true);
    expect(isSafeFooterHref(' http://example.com/x ')).toBe(true);
    expect(isSafeFooterHref('JAVASCRIPT:alert(1)')).toBe(false);
    expect(isSafeFooterHref('//example.com')).toBe(false);
    expect(isSafeFooterHref('')).toBe(false);
  });

  it("splits the footer at LibreChat's | into trimmed, non-empty parts", () => {
    expect(splitFooterParts(' [A](https://a.example) | Run by B || ')).toEqual(['[A](https://a.example)', 'Run by B']);
    expect(splitFooterParts('')).toEqual([]);
  });
});
