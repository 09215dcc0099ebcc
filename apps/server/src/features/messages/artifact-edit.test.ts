import { describe, expect, it } from 'vitest';
import { findArtifacts, messageArtifacts, replaceInArtifact } from './artifact-edit.js';

const reply = [
  'Here is the app:',
  '',
  ':::artifact{identifier="counter" type="application/vnd.react" title="Counter"}',
  '```tsx',
  'export default function App() {',
  '  return <button>0</button>;',
  '}',
  '```',
  ':::',
  '',
  'And a page:',
  ':::artifact{identifier="page" type="text/html" title="Page"}',
  '```html',
  '<h1>Hello</h1>',
  '```',
  ':::',
  'Done.',
].join('\n');

const codeOf = (text: string) => findArtifacts(text).map((s) => text.slice(s.codeStart, s.codeEnd));

describe('findArtifacts', () => {
  it('finds each artifact and the code inside its code block', () => {
    expect(codeOf(reply)).toEqual([
      'export default function App() {\n  return <button>0</button>;\n}',
      '<h1>Hello</h1>',
    ]);
    const [first] = findArtifacts(reply);
    expect(reply.slice(first!.start, first!.end)).toMatch(/^:::artifact\{identifier="counter"[\s\S]*```\n:::$/);
  });

  it('does not end an artifact at a ::: line inside its code', () => {
    const text = ':::artifact{type="text/markdown"}\n```md\n:::note\nhi\n:::\n```\n:::\nafter';
    expect(codeOf(text)).toEqual([':::note\nhi\n:::']);
  });

  it('ignores :::artifact shown inside a code block', () => {
    const text = 'Write it like this:\n```\n:::artifact{type="text/html"}\n<p>x</p>\n:::\n```\nThat is all.';
    expect(findArtifacts(text)).toEqual([]);
  });

  it('runs an artifact the reply never closed (a stopped reply) to the end', () => {
    expect(codeOf(':::artifact{type="text/html"}\n```html\n<p>half')).toEqual(['<p>half']);
  });

  it('takes the whole body when it is not one code block', () => {
    expect(codeOf(':::artifact{type="text/markdown"}\n# Title\ntext\n:::')).toEqual(['# Title\ntext']);
    expect(codeOf(':::artifact{type="text/html"}\n```html\n<p>x</p>\n```\nmore prose\n:::')).toEqual([
      '```html\n<p>x</p>\n```\nmore prose',
    ]);
  });

  it('handles empty artifacts and code blocks', () => {
    expect(codeOf(':::artifact{}\n:::')).toEqual(['']);
    expect(codeOf(':::artifact{}\n```\n```\n:::')).toEqual(['']);
  });
});

describe('replaceInArtifact', () => {
  it('changes only the chosen artifact', () => {
    const [, page] = findArtifacts(reply);
    const next = replaceInArtifact(reply, page!, '<h1>Hello</h1>', '<h1>Hi</h1>\n');
    expect(next).toBe(reply.replace('<h1>Hello</h1>', '<h1>Hi</h1>'));
  });

  it('replaces a piece inside the code and keeps the rest', () => {
    const [counter] = findArtifacts(reply);
    const next = replaceInArtifact(reply, counter!, '<button>0</button>', '<button>1</button>');
    expect(codeOf(next!)[0]).toBe('export default function App() {\n  return <button>1</button>;\n}');
    expect(codeOf(next!)[1]).toBe('<h1>Hello</h1>');
  });

  it('replaces the whole code when the editor sends it all back with a final line break', () => {
    const [counter] = findArtifacts(reply);
    const whole = 'export default function App() {\n  return <button>0</button>;\n}\n';
    const next = replaceInArtifact(reply, counter!, whole, 'export const x = 1;\n\n\n');
    expect(next).toContain('```tsx\nexport const x = 1;\n```\n:::');
  });

  it('says null when the code no longer holds the original (nothing is guessed)', () => {
    const [counter] = findArtifacts(reply);
    expect(replaceInArtifact(reply, counter!, '<h1>Hello</h1>', 'x')).toBeNull();
    expect(replaceInArtifact(reply, counter!, '', 'x')).toBeNull();
  });

  it('fills an empty artifact from an empty original', () => {
    const text = ':::artifact{}\n```js\n```\n:::';
    const next = replaceInArtifact(text, findArtifacts(text)[0]!, '', 'let a = 1;');
    expect(next).toBe(':::artifact{}\n```js\nlet a = 1;\n```\n:::');
    const bare = ':::artifact{}\n:::';
    expect(replaceInArtifact(bare, findArtifacts(bare)[0]!, '', '# Notes\n')).toBe(':::artifact{}\n# Notes\n:::');
  });

  it('accepts the dollar signs as the LibreChat client escapes them', () => {
    const text = ':::artifact{type="text/html"}\n```html\n<p>Costs $5</p>\n```\n:::';
    const next = replaceInArtifact(text, findArtifacts(text)[0]!, '<p>Costs \\$5</p>', '<p>Costs \\$6</p>');
    expect(next).toContain('<p>Costs $6</p>');
    // A literal backslash-dollar in the code is matched as it is first.
    const shell = ':::artifact{type="text/x-sh"}\n```sh\necho \\$HOME\n```\n:::';
    expect(replaceInArtifact(shell, findArtifacts(shell)[0]!, 'echo \\$HOME', 'echo \\$PATH')).toContain(
      'echo \\$PATH',
    );
  });
});

describe('messageArtifacts', () => {
  it('counts the artifacts of the text parts in order, skipping reasoning', () => {
    const content = [
      { type: 'think' as const, think: ':::artifact{}\nnot this\n:::' },
      { type: 'text' as const, text: reply },
    ];
    const found = messageArtifacts(reply, content);
    expect(found.map((a) => a.partIndex)).toEqual([1, 1]);
  });

  it('reads the text when there is no content', () => {
    expect(messageArtifacts(reply, null).map((a) => [a.partIndex, a.source])).toEqual([
      [null, reply],
      [null, reply],
    ]);
  });
});
