import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as chatPreferences from '../../settings/chat-preferences';
import { DEFAULT_CHAT_PREFERENCES, type ChatPreferences } from '../../settings/chat-preferences';
import { Markdown } from './markdown';
import { loadAllMarkdownExtras } from './markdown-extras';

// Static rendering cannot wait for KaTeX and highlight.js, which the app loads on first use.
beforeAll(loadAllMarkdownExtras);

// A static render reads a zustand store's initial state only: the preferences come from here.
const preferences = vi.hoisted(() => ({ current: {} as Partial<ChatPreferences> }));
vi.mock('../../settings/chat-preferences', async (importOriginal) => {
  const original = await importOriginal<typeof chatPreferences>();
  const read = () => ({ ...original.DEFAULT_CHAT_PREFERENCES, ...preferences.current });
  return {
    ...original,
    useChatPreferences: Object.assign(<T,>(select: (s: ChatPreferences) => T) => select(read()), { getState: read }),
  };
});
const setPreferences = (values: Partial<ChatPreferences>) => (preferences.current = values);
afterEach(() => setPreferences({ ...DEFAULT_CHAT_PREFERENCES }));

const render = (content: string, isUserText = false) =>
  renderToStaticMarkup(<Markdown content={content} isUserText={isUserText} />);

describe('Markdown', () => {
  it("shows HTML in a user's message as the characters typed, and drops it from model output", () => {
    const typed = 'look: <img src=x onerror="alert(1)"> and <b>this</b>';
    const user = render(typed, true);
    expect(user).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(user).toContain('&lt;b&gt;this&lt;/b&gt;');
    expect(user).not.toMatch(/<img|<b>/);
    const model = render(typed);
    expect(model).not.toMatch(/<img|<b>|onerror/);
  });

  it("keeps a user's line breaks and dollar signs, and still renders their markdown", () => {
    const user = render('**first**\nsecond costs $5 in $HOME', true);
    expect(user).toContain('<strong>first</strong><br/>');
    expect(user).toContain('second costs $5 in $HOME');
    expect(user).not.toContain('katex');
    expect(render('first\nsecond')).not.toContain('<br');
  });

  it("renders a user's explicit math", () => {
    expect(render('area \\(a^2\\) and $$b^2$$', true).match(/class="katex"/g)).toHaveLength(2);
  });

  it('renders a finished text again from its kept tree, the same markup, and a changed text anew', () => {
    const reply = '## Steps\n\n```ts\nconst a = 1;\n```\n\nThen $x^2$.';
    const first = render(reply);
    expect(render(reply)).toBe(first);
    expect(render(`${reply} Done.`)).toContain('Done.');
    expect(render(reply, true)).not.toBe(first); // the user variant is its own entry (no single-dollar math)
  });

  it('renders a streaming text block by block to the same markup as the finished text', () => {
    const reply = [
      '# Plan',
      'Intro with **bold**, `code` and $x^2$ costs $5.',
      '```py\ndef f():\n\n    return 1\n```',
      '1. one\n\n2. two\n\n   still two',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      '> quoted\n\n---',
      '$$\na\n\nb\n$$',
      'The end.',
    ].join('\n\n');
    // The same elements; only the line breaks between top-level blocks (no rendered space) differ.
    const elementsOnly = (html: string) => html.replace(/>\n+</g, '><');
    const streaming = renderToStaticMarkup(<Markdown content={reply} isStreaming />).replace(' result-streaming', '');
    expect(elementsOnly(streaming)).toBe(elementsOnly(render(reply)));
  });

  it('shows math as typed with LaTeX parsing off, and a kept tree does not leak between the two', () => {
    const reply = 'Then $x^2$ and\n\n$$\ny = 1\n$$\n\n```math\nz\n```';
    expect(render(reply)).toContain('class="katex"');
    setPreferences({ LaTeXParsing: false });
    const plain = render(reply);
    expect(plain).not.toContain('katex');
    expect(plain).not.toContain('math-pending');
    expect(plain).toContain('$x^2$');
    expect(render('area $$b^2$$', true)).toContain('$$b^2$$');
  });

  it('opens code blocks as the showCode preference says, folded to their header when off', () => {
    const reply = '```ts\nconst a = 1;\nconst b = 2;\n```';
    expect(render(reply)).toContain('data-expanded="true"');
    setPreferences({ showCode: false });
    const folded = render(reply);
    expect(folded).toContain('data-expanded="false"');
    expect(folded).not.toContain('<pre');
    expect(folded).toContain('aria-expanded="false"');
  });
});
