import { describe, expect, it } from 'vitest';
import { hasChatQuery, parseChatQuery } from './chat-query';

describe('chat URL query', () => {
  it('reads prompt or q, submit and settings', () => {
    const q = parseChatQuery(
      new URLSearchParams('q=Hello%20there&submit=true&endpoint=Simulator&model=gpt-4o&temperature=0.3&stop=a,b'),
    );
    expect(q).toEqual({
      text: 'Hello there',
      submit: true,
      endpoint: 'Simulator',
      model: 'gpt-4o',
      settings: { temperature: 0.3, stop: ['a', 'b'] },
    });
    expect(parseChatQuery(new URLSearchParams('prompt=x')).text).toBe('x');
  });
  it('drops invalid settings', () => {
    expect(parseChatQuery(new URLSearchParams('temperature=9&top_p=abc&reasoning_effort=extreme')).settings).toEqual(
      {},
    );
  });
  it('knows when there is nothing to do', () => {
    expect(hasChatQuery(new URLSearchParams('utm=1'))).toBe(false);
    expect(hasChatQuery(new URLSearchParams('submit=true'))).toBe(true);
    expect(hasChatQuery(new URLSearchParams('temperature=1'))).toBe(true);
  });
});
