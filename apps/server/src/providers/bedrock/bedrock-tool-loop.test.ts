import { startBedrockSimulator, toolResultsOf, type BedrockSimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import { transportFor } from '../provider-transport.js';
import type { ProviderEvent, ResolvedCredentials } from '../types.js';
import { createBedrockProvider } from './bedrock-provider.js';

const CLAUDE = 'anthropic.claude-3-5-sonnet-20241022-v2:0';
const credentials = { accessKeyId: 'AKIDCONFABTEST', secretAccessKey: 'confab-test-secret' };

/**
 * A streamed tool call through the Bedrock adapter, as AWS sends it: the tool-use start carries
 * no `input`, which @ai-sdk/amazon-bedrock refuses under zod >= 4.4 unless the adapter's fetch
 * adds one (tool-use-start-input.ts). Without it the call was lost and the loop never ran.
 */
describe('Bedrock tool loop', () => {
  let sim: BedrockSimulator;
  beforeAll(async () => {
    sim = await startBedrockSimulator({ credentials });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('streams the call, runs the tool, sends its result back and ends with the text', async () => {
    sim.enqueue(
      { toolCalls: [{ id: 'tooluse_1', name: 'get_weather', args: { city: 'Paris' } }] },
      { text: 'Sunny, 21.' },
    );
    const endpoint: EndpointDefinition = {
      name: 'bedrock',
      family: 'bedrock',
      apiKey: credentials.secretAccessKey,
      baseURL: sim.url,
      models: [CLAUDE],
      modelsConfigured: false,
      fetchModels: false,
      headers: {},
      addParams: {},
      dropParams: [],
      titleConvo: false,
      order: 4,
      bedrock: { region: 'us-east-1', accessKeyId: credentials.accessKeyId },
    };
    const resolved: ResolvedCredentials = {
      apiKey: credentials.secretAccessKey,
      baseURL: sim.url,
      isUserKey: false,
      isUserBaseURL: false,
      fields: {},
    };
    const calls: unknown[] = [];
    const events: ProviderEvent[] = [];
    const provider = createBedrockProvider(endpoint, resolved, transportFor(resolved));
    for await (const event of provider.stream({
      model: CLAUDE,
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      settings: {},
      signal: new AbortController().signal,
      tools: [
        {
          name: 'get_weather',
          description: 'The weather of a city',
          inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          execute: async (input) => {
            calls.push(input);
            return { text: 'sunny, 21 degrees' };
          },
        },
      ],
    }))
      events.push(event);

    expect(calls).toEqual([{ city: 'Paris' }]);
    expect(events.filter((e) => e.type === 'tool-input-delta').length).toBeGreaterThan(0);
    expect(
      events
        .filter((e) => e.type === 'text')
        .map((e) => (e.type === 'text' ? e.text : ''))
        .join(''),
    ).toBe('Sunny, 21.');
    expect(toolResultsOf(sim.requests[1])).toMatchObject([{ id: 'tooluse_1', text: 'sunny, 21 degrees' }]);
  });
});
