import { NO_PARENT } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import type { RawMessage } from './importers/index.js';
import { splitDetails } from './importers/open-webui.js';
import { epochToIso, toIso } from './importers/import-helpers.js';
import { normalizeConversation } from './normalize-conversation.js';

const NOW = Date.UTC(2025, 0, 1);
const msg = (id: string, parentId: string | null, extra: Partial<RawMessage> = {}): RawMessage => ({
  id,
  parentId,
  isCreatedByUser: extra.isCreatedByUser ?? true,
  text: `text ${id}`,
  ...extra,
});
const normalize = (messages: RawMessage[], extra = {}) => {
  const result = normalizeConversation({ messages, ...extra }, NOW);
  if (!result) throw new Error('nothing imported');
  return result;
};

describe('normalizeConversation', () => {
  it('maps every old id to one new id and keeps the links', () => {
    const result = normalize([msg('b', 'a'), msg('a', null), msg('c', 'a')]);
    const [a, b, c] = result.messages;
    expect(a).toMatchObject({ text: 'text a', parentMessageId: NO_PARENT });
    expect(b!.parentMessageId).toBe(a!.messageId);
    expect(c!.parentMessageId).toBe(a!.messageId);
    expect(new Set(result.messages.map((m) => m.messageId)).size).toBe(3);
    expect(result.messages.map((m) => m.messageId)).not.toContain('a');
  });

  it('bridges skipped nodes, makes unknown parents roots, drops duplicate ids and empty messages', () => {
    const result = normalize([
      msg('sys', null, { skip: true }),
      msg('a', 'sys'),
      msg('hidden', 'a', { skip: true }),
      msg('b', 'hidden'),
      msg('orphan', 'missing'),
      msg('a', null, { text: 'duplicate' }),
      msg('blank', 'a', { text: '   ' }),
    ]);
    expect(result.messages.map((m) => m.text)).toEqual(['text a', 'text orphan', 'text b']);
    expect(result.messages[1]!.parentMessageId).toBe(NO_PARENT);
    expect(result.messages[2]!.parentMessageId).toBe(result.messages[0]!.messageId);
  });

  it('returns null when nothing is left to show', () => {
    expect(normalizeConversation({ messages: [msg('a', null, { skip: true })] }, NOW)).toBeNull();
  });

  it('keeps good times, puts missing or absurd ones just after the parent, and never before it', () => {
    const t = Date.UTC(2024, 4, 1);
    const result = normalize(
      [
        msg('a', null, { createdAt: new Date(t).toISOString() }),
        msg('b', 'a', { createdAt: 'garbage' }),
        msg('c', 'a', { createdAt: new Date(Date.UTC(3000, 0, 1)).toISOString() }),
        msg('d', 'b', { createdAt: new Date(t - 60_000).toISOString() }),
        msg('e', 'b', { createdAt: new Date(t + 60_000).toISOString() }),
      ],
      { createdAt: 'not a date', updatedAt: new Date(Date.UTC(2024, 5, 1)).toISOString() },
    );
    const time = (text: string) => Date.parse(result.messages.find((m) => m.text === `text ${text}`)!.createdAt);
    expect(time('a')).toBe(t);
    expect(time('b')).toBe(t + 1);
    expect(time('c')).toBe(t + 2); // a sibling after b, not in the year 3000
    expect(time('d')).toBe(t + 2); // was older than its parent
    expect(time('e')).toBe(t + 60_000);
    expect(result.createdAt).toBe(new Date(t).toISOString());
    expect(result.updatedAt).toBe(new Date(Date.UTC(2024, 5, 1)).toISOString());
  });

  it('without any time, starts at now', () => {
    const result = normalize([msg('a', null), msg('b', 'a')]);
    expect(result.messages.map((m) => m.createdAt)).toEqual([new Date(NOW).toISOString(), new Date(NOW + 1).toISOString()]);
  });

  it('refuses loops of parent links', () => {
    expect(() => normalize([msg('a', 'b'), msg('b', 'a'), msg('c', null)])).toThrow(/cyclic/);
    expect(() => normalize([msg('a', 's1'), msg('s1', 's2', { skip: true }), msg('s2', 's1', { skip: true })])).toThrow(/cyclic/);
  });

  it('names an untitled chat by its first line, caps and cleans one-line fields', () => {
    expect(normalize([msg('a', null, { text: '\nFirst line\nsecond' })]).title).toBe('First line');
    expect(normalize([msg('a', null)], { title: '  many\n\tspaces\u0000 ' }).title).toBe('many spaces');
    expect(normalize([msg('a', null)], { title: 'half \udc00 emoji' }).title).toBe('half \ufffd emoji');
    expect(normalize([msg('a', null, { isCreatedByUser: false, model: 'm'.repeat(300) })]).messages[0]!.model).toHaveLength(256);
  });

  it('cuts long text without leaving half a surrogate pair', () => {
    const text = 'a'.repeat(499_999) + '😀';
    expect(normalize([msg('a', null, { text })]).messages[0]!.text).toBe('a'.repeat(499_999));
  });

  it('stores reasoning as a think part before the text', () => {
    const [m] = normalize([msg('a', null, { isCreatedByUser: false, text: 'answer', reasoning: 'because' })], { assistantLabel: 'Claude' }).messages;
    expect(m).toMatchObject({ sender: 'Claude', content: [{ type: 'think', think: 'because' }, { type: 'text', text: 'answer' }] });
  });
});

describe('import helpers', () => {
  it('reads epoch seconds, milliseconds, microseconds and nanoseconds', () => {
    const iso = '2024-05-01T17:37:11.000Z';
    const ms = Date.parse(iso);
    expect([epochToIso(ms / 1000), epochToIso(ms), epochToIso(ms * 1000), epochToIso(ms * 1e6)]).toEqual([iso, iso, iso, iso]);
    expect(epochToIso(-1)).toBeUndefined();
    expect(toIso('5/20/2024, 10:15:02 AM')).toMatch(/^2024-05-20T/);
    expect(toIso('not a date')).toBeUndefined();
  });

  it("splits Open WebUI's reasoning out of the answer and drops tool-call blocks", () => {
    const content = '<details type="reasoning" done="true"><summary>Thought</summary>\n&gt; a &lt; b\n</details>Answer<details type="tool_calls"><summary>x</summary>y</details>!';
    expect(splitDetails(content)).toEqual({ text: 'Answer!', reasoning: 'a < b' });
    expect(splitDetails('<details type="reasoning">never closed')).toEqual({ text: '<details type="reasoning">never closed', reasoning: '' });
  });
});
