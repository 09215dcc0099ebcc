import type { Element, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { highlightPlugin } from './markdown-highlight';

const codeBlock = (className: string[], text: string): { tree: Root; code: Element } => {
  const code: Element = {
    type: 'element',
    tagName: 'code',
    properties: { className },
    children: [{ type: 'text', value: text }],
  };
  const pre: Element = { type: 'element', tagName: 'pre', properties: {}, children: [code] };
  return { tree: { type: 'root', children: [pre] }, code };
};

const run = (tree: Root) => {
  const [plugin] = highlightPlugin as [() => (tree: Root) => void];
  plugin()(tree);
};

const classesIn = (node: Element): string[] =>
  node.children.flatMap((child) =>
    child.type === 'element' ? [...((child.properties.className as string[]) ?? []), ...classesIn(child)] : [],
  );

describe('highlightPlugin', () => {
  it('colours fenced code in a named, known language, keeping its text', () => {
    const { tree, code } = codeBlock(['language-ts'], 'const answer: number = 42;');
    run(tree);
    expect(code.properties.className).toEqual(['hljs', 'language-ts']);
    expect(classesIn(code)).toContain('hljs-keyword');
  });

  it('leaves code without a language, or in an unknown one, as plain text', () => {
    for (const className of [[], ['language-notalanguage']]) {
      const { tree, code } = codeBlock(className, 'const x = 1');
      run(tree);
      expect(code.children).toEqual([{ type: 'text', value: 'const x = 1' }]);
    }
  });

  it('highlights again on every render with the same grammars (one shared highlighter)', () => {
    for (let i = 0; i < 3; i++) {
      const { tree, code } = codeBlock(['language-python'], 'def f(): return 1');
      run(tree);
      expect(classesIn(code)).toContain('hljs-keyword');
    }
  });
});
