import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, toModelMessages, withVersionPath } from './to-model-messages.js';

describe('toModelMessages', () => {
  it("replays a tool loop's turn as assistant calls, tool results, then the text that followed", () => {
    const tool = (id: string, output: string) => ({ type: 'tool' as const, id, name: 'get_weather', input: { city: id }, output });
    expect(
      toModelMessages(
        [
          {
            role: 'assistant',
            content: 'Both snow.',
            segments: [{ type: 'text', text: 'Checking. ' }, tool('a', 'Snow'), tool('b', 'Snow'), { type: 'text', text: 'Both snow.' }],
          },
        ],
        '',
      ),
    ).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking. ' },
          { type: 'tool-call', toolCallId: 'a', toolName: 'get_weather', input: { city: 'a' } },
          { type: 'tool-call', toolCallId: 'b', toolName: 'get_weather', input: { city: 'b' } },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'a', toolName: 'get_weather', output: { type: 'text', value: 'Snow' } },
          { type: 'tool-result', toolCallId: 'b', toolName: 'get_weather', output: { type: 'text', value: 'Snow' } },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Both snow.' }] },
    ]);
  });

  it('puts the system prompt first and keeps text turns as text', () => {
    expect(
      toModelMessages(
        [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ],
        'Be brief',
      ),
    ).toEqual([
      { role: 'system', content: 'Be brief' },
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ]);
  });

  it('sends image parts of user turns as images, by URL or as base64 data', () => {
    const [message] = toModelMessages(
      [
        {
          role: 'user',
          content: 'What is this?',
          parts: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', url: 'https://example.com/cat.png', mediaType: 'image/png' },
            { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
          ],
        },
      ],
      '',
    );
    expect(message).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image', image: new URL('https://example.com/cat.png'), mediaType: 'image/png' },
        { type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' },
      ],
    });
  });

  it('carries OpenAI’s image detail on image parts', () => {
    const [message] = toModelMessages(
      [{ role: 'user', content: '', parts: [{ type: 'image', data: 'AA==', mediaType: 'image/png' }] }],
      '',
      { imageDetail: 'low' },
    );
    expect(message?.content).toEqual([
      { type: 'image', image: 'AA==', mediaType: 'image/png', providerOptions: { openai: { imageDetail: 'low' } } },
    ]);
  });

  it('keeps only the text of parts in assistant turns', () => {
    const turn = {
      role: 'assistant' as const,
      content: 'x',
      parts: [
        { type: 'text' as const, text: 'seen ' },
        { type: 'image' as const, data: 'AA==', mediaType: 'image/png' },
      ],
    };
    expect(toModelMessages([turn], '')).toEqual([{ role: 'assistant', content: 'seen ' }]);
  });
});

describe('buildSystemPrompt', () => {
  it('joins promptPrefix and system, skipping blanks', () => {
    expect(buildSystemPrompt({ promptPrefix: 'A', system: 'B' })).toBe('A\n\nB');
    expect(buildSystemPrompt({ promptPrefix: '  ', system: null })).toBe('');
  });
});

describe('withVersionPath', () => {
  it('adds the version path to a host and leaves a versioned URL alone', () => {
    expect(withVersionPath('https://proxy/', '/v1')).toBe('https://proxy/v1');
    expect(withVersionPath('https://proxy/v1', '/v1')).toBe('https://proxy/v1');
    expect(withVersionPath('https://proxy/v1', '/v1beta', ['/v1beta', '/v1'])).toBe('https://proxy/v1');
    expect(withVersionPath('https://proxy', '/v1beta', ['/v1beta', '/v1'])).toBe('https://proxy/v1beta');
  });
});
