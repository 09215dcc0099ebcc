import { describe, expect, it } from 'vitest';
import { codeBlockIndex, listFencedCode } from './code-block-index';

const REPLY = [
  'First:',
  '',
  '```python',
  'print(1)',
  '```',
  '',
  'Inline `code` is not a block. Then:',
  '',
  '~~~js title="x"',
  'console.log(2)',
  '```',
  'still js',
  '~~~',
  '',
  '1. In a list:',
  '   ```ts',
  '   const a = 1;',
  '     indented();',
  '   ```',
].join('\n');

describe('listFencedCode', () => {
  it('finds each fenced block with its language and code, in order', () => {
    expect(listFencedCode(REPLY)).toEqual([
      { lang: 'python', code: 'print(1)' },
      { lang: 'js', code: 'console.log(2)\n```\nstill js' },
      { lang: 'ts', code: 'const a = 1;\n  indented();' },
    ]);
  });

  it('runs an unclosed block to the end and reads blocks in quotes', () => {
    expect(listFencedCode('> ```py\n> x = 1\n> ```\n\n```\nopen')).toEqual([
      { lang: 'py', code: 'x = 1' },
      { lang: null, code: 'open' },
    ]);
  });
});

describe('codeBlockIndex', () => {
  it('finds a rendered block by its code', () => {
    expect(codeBlockIndex(REPLY, 'print(1)')).toBe(0);
    expect(codeBlockIndex(REPLY, 'print(1)\n')).toBe(0);
    expect(codeBlockIndex(REPLY, 'const a = 1;\n  indented();')).toBe(2);
  });

  it('matches loosely when the renderer trimmed indentation differently', () => {
    expect(codeBlockIndex(REPLY, 'const a = 1;\nindented();')).toBe(2);
  });

  it('answers -1 for code that is not in the text', () => {
    expect(codeBlockIndex(REPLY, 'print(2)')).toBe(-1);
  });
});
