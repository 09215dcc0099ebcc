import {
  startAnthropicSimulator,
  startAzureSimulator,
  startBedrockSimulator,
  startGoogleSimulator,
  type AnthropicSimulator,
  type AzureSimulator,
  type BedrockSimulator,
  type GoogleSimulator,
} from '@confab/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../config/load-config.js';
import { readEnv } from '../env.js';
import { EndpointCatalog } from './endpoint-catalog.js';
import { createProvider } from './provider-factory.js';
import type { ChatTurn, ProviderEvent } from './types.js';

/** A 1x1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const CAT_URL = 'https://images.example.com/cat.png';

const turn = (withUrl: boolean): ChatTurn => ({
  role: 'user',
  content: 'What is in the picture?',
  parts: [
    { type: 'text', text: 'What is in the picture?' },
    { type: 'image', data: PNG, mediaType: 'image/png' },
    ...(withUrl ? [{ type: 'image' as const, url: CAT_URL, mediaType: 'image/png' }] : []),
  ],
});

/**
 * Each adapter turns image parts into its vendor's image blocks. URLs are sent only to vendors
 * that fetch them themselves (the SDK would download the others, which a test must not do).
 */
describe('vision: image parts reach each vendor in its own shape', () => {
  let anthropic: AnthropicSimulator;
  let google: GoogleSimulator;
  let bedrock: BedrockSimulator;
  let azure: AzureSimulator;
  let catalog: EndpointCatalog;

  beforeAll(async () => {
    [anthropic, google, bedrock, azure] = await Promise.all([
      startAnthropicSimulator(),
      startGoogleSimulator(),
      startBedrockSimulator(),
      startAzureSimulator(),
    ]);
    const env = readEnv({
      ANTHROPIC_API_KEY: 'a',
      ANTHROPIC_REVERSE_PROXY: anthropic.url,
      GOOGLE_KEY: 'g',
      GOOGLE_REVERSE_PROXY: google.url,
      BEDROCK_AWS_ACCESS_KEY_ID: 'AKID',
      BEDROCK_AWS_SECRET_ACCESS_KEY: 's',
      BEDROCK_REVERSE_PROXY: bedrock.url,
      AZURE_API_KEY: 'z',
      AZURE_OPENAI_BASEURL: azure.url,
    });
    catalog = new EndpointCatalog(env, validateConfig({}, 'test', {}));
  });
  afterAll(() => Promise.all([anthropic.close(), google.close(), bedrock.close(), azure.close()]));

  async function send(
    endpointName: string,
    model: string,
    withUrl: boolean,
    settings: Record<string, unknown> = {},
  ): Promise<ProviderEvent[]> {
    const endpoint = catalog.find(endpointName)!;
    const provider = createProvider(endpoint, {
      apiKey: endpoint.apiKey,
      baseURL: endpoint.baseURL,
      isUserKey: false,
      isUserBaseURL: false,
      fields: {},
    });
    const events: ProviderEvent[] = [];
    for await (const event of provider.stream({
      model,
      messages: [turn(withUrl)],
      settings,
      signal: new AbortController().signal,
    }))
      events.push(event);
    return events;
  }

  it('anthropic: base64 and URL image sources', async () => {
    await send('anthropic', 'claude-3-5-sonnet-latest', true);
    const content = anthropic.requests.at(-1)!.body.messages[0].content;
    expect(content[1]).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } });
    expect(content[2]).toMatchObject({ type: 'image', source: { type: 'url', url: CAT_URL } });
  });

  it('google: inlineData', async () => {
    await send('google', 'gemini-2.0-flash', false);
    expect(google.requests.at(-1)!.body.contents[0].parts[1]).toEqual({
      inlineData: { mimeType: 'image/png', data: PNG },
    });
  });

  it('bedrock: an image block with its format and bytes', async () => {
    await send('bedrock', 'anthropic.claude-3-5-sonnet-20241022-v2:0', false);
    expect(bedrock.requests.at(-1)!.body.messages[0].content[1]).toEqual({
      image: { format: 'png', source: { bytes: PNG } },
    });
  });

  it('azure (OpenAI protocol): image_url with a data URL, and the URL as is', async () => {
    const events = await send('azureOpenAI', 'gpt-4o', true, { imageDetail: 'high' });
    expect(events.at(-1)?.type).toBe('finish');
    const content = azure.requests.at(-1)!.body.messages[0].content;
    expect(content[1]).toEqual({
      type: 'image_url',
      image_url: { url: `data:image/png;base64,${PNG}`, detail: 'high' },
    });
    expect(content[2]).toEqual({ type: 'image_url', image_url: { url: CAT_URL, detail: 'high' } });
  });
});
