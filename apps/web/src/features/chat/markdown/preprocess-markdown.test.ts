import { describe, expect, it } from 'vitest';
import { preprocessMarkdown, safeUrl } from './preprocess-markdown';

describe('preprocessMarkdown', () => {
  it('converts LaTeX delimiters to dollars', () => {
    expect(preprocessMarkdown('Inline \\(x^2\\) and block \\[\\int f\\]')).toBe('Inline $x^2$ and block $$\\int f$$');
    expect(preprocessMarkdown('Display:\n\\[ \\int f \\]\nafter')).toBe('Display:\n$$\n\\int f\n$$\nafter');
    expect(preprocessMarkdown('$$x^2$$')).toBe('$$\nx^2\n$$');
  });
  it('escapes currency but not math', () => {
    expect(preprocessMarkdown('It costs $5 or $10, and $x$ is math')).toBe('It costs \\$5 or \\$10, and $x$ is math');
    expect(preprocessMarkdown('a $$1+1$$ b')).toBe('a $$1+1$$ b');
  });
  it('keeps inline LaTeX inline with double dollars when single dollars are not math', () => {
    expect(preprocessMarkdown('Inline \\(x^2\\) and $HOME', { singleDollarMath: false })).toBe(
      'Inline $$x^2$$ and $HOME',
    );
  });
  it('leaves code alone, even an unclosed fence while streaming', () => {
    expect(preprocessMarkdown('`$5` and\n```sh\necho $1\n```')).toBe('`$5` and\n```sh\necho $1\n```');
    expect(preprocessMarkdown('```sh\necho $1')).toBe('```sh\necho $1');
  });
});

describe('safeUrl', () => {
  it('allows http(s) and mailto only', () => {
    expect(safeUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeUrl('http://example.com')).toBe('http://example.com');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBe('');
    expect(safeUrl('data:text/html,x')).toBe('');
    expect(safeUrl('/relative')).toBe('');
  });
});
