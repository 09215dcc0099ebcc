import { describe, expect, it } from 'vitest';
import { toTextPrompt } from './direct-stream.js';

describe('toTextPrompt', () => {
  it('maps plain-text messages, keeping provider options', () => {
    const cache = { anthropic: { cacheControl: { type: 'ephemeral' } } };
    expect(
      toTextPrompt([
        { role: 'system', content: 'Be brief.', providerOptions: cache },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.', providerOptions: cache },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
    ]);
  });

  it('leaves messages with images to streamText', () => {
    expect(toTextPrompt([{ role: 'user', content: [{ type: 'image', image: new URL('https://x/y.png') }] }])).toBeUndefined();
  });
});
