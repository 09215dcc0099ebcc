import { describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import type { ProviderRequest, ResolvedCredentials } from '../types.js';
import { bedrockCallOptions, getBedrockBaseURL, resolveBedrockAuth } from './bedrock-provider.js';

const endpoint = {
  name: 'bedrock',
  family: 'bedrock',
  bedrock: { region: 'us-east-1', accessKeyId: 'AKID', sessionToken: 'tok' },
} as EndpointDefinition;
const credentials = (over: Partial<ResolvedCredentials>): ResolvedCredentials => ({
  apiKey: '',
  isUserKey: false,
  isUserBaseURL: false,
  fields: {},
  ...over,
});
const request = (model: string, settings: ProviderRequest['settings'] = {}): ProviderRequest => ({
  model,
  settings,
  messages: [{ role: 'user', content: 'hi' }],
  signal: new AbortController().signal,
});

describe('resolveBedrockAuth', () => {
  it('uses the server’s access key id, secret and session token', () => {
    expect(resolveBedrockAuth(endpoint, credentials({ apiKey: 'secret' }))).toEqual({
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      sessionToken: 'tok',
    });
  });

  it('takes the user’s access key and secret (LibreChat’s fields, or the secret as apiKey), or a Bedrock API key', () => {
    const lc = credentials({ isUserKey: true, fields: { accessKeyId: 'AKIDUSER', secretAccessKey: 's1' } });
    expect(resolveBedrockAuth(endpoint, lc)).toEqual({
      accessKeyId: 'AKIDUSER',
      secretAccessKey: 's1',
      sessionToken: undefined,
    });
    const asApiKey = credentials({ isUserKey: true, apiKey: 's2', fields: { accessKeyId: 'AKIDUSER', apiKey: 's2' } });
    expect(resolveBedrockAuth(endpoint, asApiKey)).toMatchObject({ accessKeyId: 'AKIDUSER', secretAccessKey: 's2' });
    expect(resolveBedrockAuth(endpoint, credentials({ isUserKey: true, apiKey: 'bedrock-api-key' }))).toEqual({
      apiKey: 'bedrock-api-key',
    });
    expect(() => resolveBedrockAuth(endpoint, credentials({ isUserKey: true }))).toThrow(/access key id/);
  });
});

describe('getBedrockBaseURL', () => {
  it('is the regional endpoint, or the override as a URL or a host', () => {
    expect(getBedrockBaseURL(undefined, 'eu-west-1')).toBe('https://bedrock-runtime.eu-west-1.amazonaws.com');
    expect(getBedrockBaseURL('vpce-1.bedrock-runtime.us-east-1.vpce.amazonaws.com', 'us-east-1')).toBe(
      'https://vpce-1.bedrock-runtime.us-east-1.vpce.amazonaws.com',
    );
    expect(getBedrockBaseURL('http://127.0.0.1:4010/', 'us-east-1')).toBe('http://127.0.0.1:4010');
  });
});

describe('bedrockCallOptions', () => {
  it('thinks on Claude 3.7+, without sampling settings', () => {
    const options = bedrockCallOptions(
      request('us.anthropic.claude-3-7-sonnet-20250219-v1:0', {
        thinking: true,
        thinkingBudget: 1500,
        temperature: 1,
        topK: 10,
      }),
      'stream',
    );
    expect(options.providerOptions).toEqual({ bedrock: { reasoningConfig: { type: 'enabled', budgetTokens: 1500 } } });
    expect(options.temperature).toBeUndefined();
  });

  it('sends Claude’s topK as top_k and nothing extra for other sub-providers', () => {
    expect(
      bedrockCallOptions(request('anthropic.claude-3-5-sonnet-20241022-v2:0', { topK: 250 }), 'stream').providerOptions,
    ).toEqual({
      bedrock: { additionalModelRequestFields: { top_k: 250 } },
    });
    const llama = bedrockCallOptions(
      request('meta.llama3-1-8b-instruct-v1:0', { topK: 250, maxTokens: 300 }),
      'stream',
    );
    expect(llama.providerOptions).toBeUndefined();
    expect(llama.maxOutputTokens).toBe(300);
  });
});
