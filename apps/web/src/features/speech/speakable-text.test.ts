import { describe, expect, it } from 'vitest';
import { speakableText } from './speakable-text';

describe('speakableText', () => {
  it('keeps the words of emphasis, links, headings, lists and quotes', () => {
    const markdown =
      '# Title\n\n**Bold** and _soft_ with [the docs](https://a.b/c).\n\n- one\n2. two\n> quoted ~~gone~~';
    expect(speakableText(markdown)).toBe('Title\nBold and soft with the docs.\none\ntwo\nquoted gone');
  });

  it('drops code blocks (even one still open), images, html and bare links but keeps inline code', () => {
    const markdown =
      'Run `npm test`:\n```bash\nnpm test\n```\n![chart](x.png) <b>done</b> see https://x.y\n```js\nconst a';
    expect(speakableText(markdown)).toBe('Run npm test:\ndone see');
  });

  it('reads a table cell by cell, without pipes or the separator row', () => {
    expect(speakableText('| a | b |\n|---|:-:|\n| 1 | 2 |')).toBe('a b\n1 2');
  });

  it('keeps snake_case words and arithmetic', () => {
    expect(speakableText('use my_var_name, 2 * 3 * 4')).toBe('use my_var_name, 2 * 3 * 4');
  });
});
