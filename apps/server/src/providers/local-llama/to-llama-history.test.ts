import { describe, expect, it } from 'vitest';
import { toLlamaHistory } from './to-llama-history.js';

describe('toLlamaHistory', () => {
  it('puts the system prompt first, then the turns as user and model items', () => {
    expect(
      toLlamaHistory(
        [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
          { role: 'user', content: 'Again' },
        ],
        'Be brief',
      ),
    ).toEqual([
      { type: 'system', text: 'Be brief' },
      { type: 'user', text: 'Hi' },
      { type: 'model', response: ['Hello'] },
      { type: 'user', text: 'Again' },
    ]);
  });

  it('keeps no empty system item, and reads only the text of parts and tool segments', () => {
    expect(
      toLlamaHistory(
        [
          {
            role: 'user',
            content: 'ignored',
            parts: [
              { type: 'text', text: 'What is ' },
              { type: 'image', url: 'https://example.test/a.png' },
              { type: 'text', text: 'this?' },
            ],
          },
          {
            role: 'assistant',
            content: 'ignored',
            segments: [
              { type: 'text', text: 'Let me look. ' },
              { type: 'tool', id: 't1', name: 'search', input: {}, output: 'found' },
              { type: 'text', text: 'A cat.' },
            ],
          },
        ],
        '',
      ),
    ).toEqual([
      { type: 'user', text: 'What is this?' },
      { type: 'model', response: ['Let me look. A cat.'] },
    ]);
  });

  it('ends with the model item of a reply being continued', () => {
    const history = toLlamaHistory(
      [
        { role: 'user', content: 'Count' },
        { role: 'assistant', content: 'One, two' },
      ],
      '',
    );
    expect(history.at(-1)).toEqual({ type: 'model', response: ['One, two'] });
  });
});
