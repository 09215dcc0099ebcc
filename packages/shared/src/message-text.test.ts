import { describe, expect, it } from 'vitest';
import { messageText, textOfParts } from './message-text.js';

describe('messageText', () => {
  it("reads an agent reply's text from its text parts, skipping reasoning, tool calls and errors", () => {
    const content = [
      { type: 'think' as const, think: 'Hmm.' },
      { type: 'text' as const, text: 'Checking. ' },
      { type: 'tool_call' as const, tool_call: { id: 'c', name: 'get_weather', args: '{}' } },
      { type: 'text' as const, text: 'Sunny.' },
      { type: 'error' as const, error: 'late failure' },
    ];
    expect(messageText({ text: '', content })).toBe('Checking. Sunny.');
    expect(textOfParts(content)).toBe('Checking. Sunny.');
  });

  it('reads text-only messages (user messages, plain replies, agent replies stored before content parts) from text', () => {
    expect(messageText({ text: 'Plain.' })).toBe('Plain.');
    expect(messageText({ text: 'Old agent reply.', content: [] })).toBe('Old agent reply.');
    // Content with no text part (a tool call alone) leaves the text as it was stored.
    expect(messageText({ text: 'Kept.', content: [{ type: 'tool_call', tool_call: {} }] })).toBe('Kept.');
  });
});
