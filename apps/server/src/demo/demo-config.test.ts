import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config/load-config.js';
import { mergeDemoConfig } from './demo-config.js';
import { DEMO_ENDPOINT_NAME, DEMO_HELP, replyAsDemo } from './demo-replies.js';

const SIM = 'http://127.0.0.1:5555/v1';

describe('mergeDemoConfig', () => {
  it('adds the demo endpoint to a missing config and the result is a valid config', () => {
    const merged = mergeDemoConfig(undefined, SIM);
    const config = validateConfig(merged, 'demo');
    expect(config.endpoints?.custom?.map((c) => [c.name, c.baseURL])).toEqual([[DEMO_ENDPOINT_NAME, SIM]]);
  });

  it("keeps the user's endpoints and settings, and replaces a stale demo endpoint of the same name", () => {
    const user = {
      version: '1.2.5',
      interface: { customWelcome: 'Hi' },
      endpoints: {
        openAI: { titleConvo: false },
        custom: [
          { name: 'Mine', apiKey: '${MY_KEY}', baseURL: 'http://gpu:8000/v1', models: { default: ['m'] } },
          { name: DEMO_ENDPOINT_NAME, apiKey: 'x', baseURL: 'http://old:1/v1', models: { default: ['old'] } },
        ],
      },
    };
    const merged = mergeDemoConfig(user, SIM);
    expect(merged.interface).toEqual({ customWelcome: 'Hi' });
    expect(merged.endpoints).toMatchObject({ openAI: { titleConvo: false } });
    const custom = (merged.endpoints as { custom: { name: string; baseURL: string; apiKey: string }[] }).custom;
    expect(custom.map((c) => [c.name, c.baseURL])).toEqual([
      ['Mine', 'http://gpu:8000/v1'],
      [DEMO_ENDPOINT_NAME, SIM],
    ]);
    // `${VAR}`s stay for the server to resolve when it reads the generated file.
    expect(custom[0]?.apiKey).toBe('${MY_KEY}');
  });
});

describe('replyAsDemo', () => {
  const ask = (text: string) => replyAsDemo({ model: 'demo-model', messages: [{ role: 'user', content: text }] });

  it('answers a message without a marker with the help that lists the markers', () => {
    expect(ask('Hello')).toMatchObject({ text: DEMO_HELP });
    for (const marker of ['[[think]]', '[[error:rate_limit]]', '[[tool:NAME]]', '[[slow]]']) {
      expect(DEMO_HELP).toContain(marker);
    }
  });

  it('follows the scripted markers', () => {
    expect(ask('[[think]]')).toMatchObject({ reasoning: expect.any(String), text: 'Thought it through.' });
    expect(ask('[[error:server_error]]')).toEqual({ error: { status: 500, kind: 'server_error' } });
  });
});
