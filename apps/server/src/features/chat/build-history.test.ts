import { describe, expect, it } from 'vitest';
import type { MessageRow } from '../messages/messages.repo.js';
import { buildHistory } from './build-history.js';

const row = (text: string, user: boolean, error = false) =>
  ({ text, is_created_by_user: user ? 1 : 0, error: error ? 1 : 0 }) as MessageRow;

describe('buildHistory', () => {
  it('maps roles and leaves out error notices and empty replies', () => {
    const turns = buildHistory([
      row('hi', true),
      row('{"type":"rate_limit"}', false, true),
      row('hi again', true),
      row('', false),
    ]);
    expect(turns).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'hi again' },
    ]);
  });

  it('keeps the newest turns within maxContextTokens, and always the last one', () => {
    const long = 'x'.repeat(400); // ~104 tokens each
    const path = [row(long, true), row(long, false), row(long, true), row('newest', true)];
    expect(buildHistory(path, { maxContextTokens: 220 })).toHaveLength(3);
    expect(buildHistory(path, { maxContextTokens: 1 })).toEqual([{ role: 'user', content: 'newest' }]);
  });
});

describe('buildHistory of an agent chat', () => {
  const call = (id: string, progress: number, output?: string) => ({
    type: 'tool_call',
    tool_call: { id, name: 'get_weather', args: '{"city":"Oslo"}', output, progress, type: 'tool_call' },
  });
  const reply = (text: string, content: unknown[]) =>
    ({ message_id: `m_${text}`, text, is_created_by_user: 0, error: 0, content: JSON.stringify(content) }) as MessageRow;

  it('replays finished tool calls with their outputs, in order; an unfinished call is left out', () => {
    const turns = buildHistory(
      [
        row('weather?', true),
        reply('Snow.', [{ type: 'text', text: 'Let me see. ' }, call('c1', 1, 'Snow'), call('c2', 0.1), { type: 'text', text: 'Snow.' }]),
        row('thanks', true),
      ],
      { replayToolCalls: true },
    );
    expect(turns[1]).toEqual({
      role: 'assistant',
      content: 'Snow.',
      segments: [
        { type: 'text', text: 'Let me see. ' },
        { type: 'tool', id: 'c1', name: 'get_weather', input: { city: 'Oslo' }, output: 'Snow' },
        { type: 'text', text: 'Snow.' },
      ],
    });
  });

  it('keeps a reply that is only tool calls when they are replayed, and not otherwise', () => {
    const path = [row('weather?', true), reply('', [call('c1', 1, 'Snow')]), row('and?', true)];
    expect(buildHistory(path, { replayToolCalls: true })).toHaveLength(3);
    expect(buildHistory(path)).toEqual([
      { role: 'user', content: 'weather?' },
      { role: 'user', content: 'and?' },
    ]);
  });
});

describe('buildHistory with attached files', () => {
  const user = (id: string, text: string) => ({ message_id: id, text, is_created_by_user: 1, error: 0 }) as MessageRow;
  const image = { data: 'AAAA', mediaType: 'image/png', width: 1024, height: 1024 };

  it('puts documents before the text and images as parts with their bytes', () => {
    const files = new Map([
      ['m1', { images: [image], documents: [{ filename: 'a.txt', type: 'text/plain', text: 'alpha' }] }],
    ]);
    const [turn] = buildHistory([user('m1', 'Look')], { files });
    const content = '<attached_file name="a.txt">\nalpha\n</attached_file>\n\nLook';
    expect(turn).toEqual({
      role: 'user',
      content,
      parts: [
        { type: 'text', text: content },
        { type: 'image', data: 'AAAA', mediaType: 'image/png' },
      ],
    });
  });

  it('names stored images by file id after them, so a tool can take one (memes: file:<id>)', () => {
    const stored = { ...image, fileId: 'f1', filename: 'cat.png' };
    const [turn] = buildHistory([user('m1', 'Meme this')], { files: new Map([['m1', { images: [stored], documents: [] }]]) });
    expect(turn?.parts?.at(-1)).toEqual({ type: 'text', text: '(Attached image file ids, for tools that take a picture: "cat.png" = file:f1)' });
  });

  it('counts an image at its token cost when keeping turns within maxContextTokens', () => {
    // A 1024 x 1024 image at high detail: 768 x 768, 4 tiles, 4 x 170 + 85 = 765 tokens.
    const files = new Map([['m1', { images: [image], documents: [] }]]);
    const path = [user('m1', 'old'), user('m2', 'new')];
    expect(buildHistory(path, { files, maxContextTokens: 700 })).toHaveLength(1);
    expect(buildHistory(path, { files, maxContextTokens: 800 })).toHaveLength(2);
    expect(buildHistory(path, { files, maxContextTokens: 100, imageDetail: 'low' })).toHaveLength(2);
  });
});
