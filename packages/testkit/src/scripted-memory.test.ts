import { describe, expect, it } from 'vitest';
import type { ChatCompletionRequest } from './openai-types.js';
import { MEMORY_STEP_DONE, scriptReply } from './scripted-replies.js';

const MEMORY_TOOLS = ['set_memory', 'delete_memory'].map((name) => ({
  type: 'function',
  function: { name, parameters: {} },
}));
const request = (messages: ChatCompletionRequest['messages'], tools: unknown[] = MEMORY_TOOLS) =>
  ({ model: 'sim-fast', messages, tools }) as ChatCompletionRequest;

describe('the scripted memory step', () => {
  it('calls set_memory and delete_memory for the markers of the last user message, all in one step', () => {
    const reply = scriptReply(
      request([
        { role: 'system', content: 'Manage the memory.' },
        { role: 'user', content: '[[remember:old=ignored]] earlier' },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: '[[remember:favourite_colour=teal]] and [[forget:city]] please' },
      ]),
    );
    expect(reply.toolCalls).toEqual([
      { name: 'set_memory', args: { key: 'favourite_colour', value: 'teal' } },
      { name: 'delete_memory', args: { key: 'city' } },
    ]);
  });

  it('ends without a call when there is no marker, or once the results are back', () => {
    expect(scriptReply(request([{ role: 'user', content: 'Just chatting' }]))).toEqual({ text: MEMORY_STEP_DONE });
    const after = scriptReply(
      request([
        { role: 'user', content: '[[remember:a=b]]' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'set_memory', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'Memory set for key "a".' },
      ] as ChatCompletionRequest['messages']),
    );
    expect(after).toEqual({ text: MEMORY_STEP_DONE });
  });

  it('leaves the chat reply to a marker as it was (no memory tools declared)', () => {
    expect(scriptReply(request([{ role: 'user', content: '[[remember:a=b]] hi' }], [])).toolCalls).toBeUndefined();
  });
});
