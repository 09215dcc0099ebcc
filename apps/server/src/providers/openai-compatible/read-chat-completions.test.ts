import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { mapOpenAIError } from '../map-openai-error.js';
import type { ModelStreamPart } from '../direct-stream.js';
import { readChatCompletionChunks } from './read-chat-completions.js';

const chunk = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const delta = (d: Record<string, unknown>, finish: string | null = null) =>
  chunk({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: d, finish_reason: finish }] });

async function read(...pieces: string[]): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of readChatCompletionChunks(
    Readable.from(pieces.map((p) => Buffer.from(p))),
    'http://x/chat/completions',
  ))
    parts.push(part);
  return parts;
}

describe('readChatCompletionChunks', () => {
  it('reads text, reasoning, the finish reason and the usage, across split network reads', async () => {
    const body =
      delta({ role: 'assistant', content: '' }) +
      delta({ reasoning_content: 'thinking' }) +
      delta({ content: 'Hel' }) +
      delta({ content: 'lo ✓' }) +
      delta({}, 'length') +
      chunk({
        id: 'c',
        choices: [],
        usage: {
          prompt_tokens: 7,
          completion_tokens: 3,
          total_tokens: 10,
          prompt_tokens_details: { cached_tokens: 2 },
          completion_tokens_details: { reasoning_tokens: 1 },
        },
      }) +
      'data: [DONE]\n\n';
    // Cut inside a multi-byte character and inside a line.
    const bytes = Buffer.from(body);
    const cut = bytes.indexOf(Buffer.from('✓')) + 1;
    const parts: ModelStreamPart[] = [];
    for await (const part of readChatCompletionChunks(
      Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]),
      'u',
    ))
      parts.push(part);
    expect(parts).toEqual([
      { type: 'reasoning-delta', delta: 'thinking' },
      { type: 'text-delta', delta: 'Hel' },
      { type: 'text-delta', delta: 'lo ✓' },
      {
        type: 'finish',
        finishReason: 'length',
        usage: { inputTokens: 7, outputTokens: 3, totalTokens: 10, reasoningTokens: 1, cachedInputTokens: 2 },
      },
    ]);
  });

  it('maps finish reasons as the SDK does, and a stream without one to unknown', async () => {
    expect((await read(delta({ content: 'x' }, 'content_filter'))).at(-1)).toMatchObject({
      finishReason: 'content-filter',
    });
    expect((await read(delta({ content: 'x' }, 'tool_calls'))).at(-1)).toMatchObject({ finishReason: 'tool-calls' });
    expect(await read(delta({ content: 'x' }))).toEqual([
      { type: 'text-delta', delta: 'x' },
      {
        type: 'finish',
        finishReason: 'unknown',
        usage: { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined },
      },
    ]);
  });

  it('ends with an error part that maps to the SPEC 8 code on an error chunk', async () => {
    const parts = await read(
      delta({ content: 'partial' }),
      chunk({ error: { message: 'This model maximum context length is 10 tokens', code: 'context_length_exceeded' } }),
      delta({ content: 'never' }),
    );
    expect(parts.map((p) => p.type)).toEqual(['text-delta', 'error']);
    const error = (parts[1] as { error: unknown }).error;
    expect(mapOpenAIError(error).type).toBe('INPUT_LENGTH');
  });

  it('ends with an error part on a chunk that is not JSON', async () => {
    const parts = await read(delta({ content: 'a' }), 'data: {not json\n\n');
    expect(parts.map((p) => p.type)).toEqual(['text-delta', 'error']);
    expect(mapOpenAIError((parts[1] as { error: unknown }).error).type).toBe('server_error');
  });

  it('throws when the connection breaks mid-stream', async () => {
    const body = new Readable({ read() {} });
    body.push(Buffer.from(delta({ content: 'a' })));
    setTimeout(() => body.destroy(new Error('other side closed')), 5);
    const seen: ModelStreamPart[] = [];
    await expect(
      (async () => {
        for await (const part of readChatCompletionChunks(body, 'u')) seen.push(part);
      })(),
    ).rejects.toThrow('other side closed');
    expect(seen).toEqual([{ type: 'text-delta', delta: 'a' }]);
  });
});
