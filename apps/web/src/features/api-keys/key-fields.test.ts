import { describe, expect, it } from 'vitest';
import {
  AZURE_API_KEY_PLACEHOLDER,
  buildKeyValue,
  findMissingFields,
  getKeyFields,
  validateServiceKey,
} from './key-fields';

const names = (fields: ReturnType<typeof getKeyFields>) => fields.map((f) => f.name);
const serviceKey = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    client_email: 'bot@proj.iam.gserviceaccount.com',
    project_id: 'proj',
    private_key: 'k'.repeat(601),
    ...over,
  });

describe('API key dialog fields (SPEC 5, Endpoint keys)', () => {
  it('asks openAI and custom endpoints for an API key, plus a base URL where the user may supply one', () => {
    expect(names(getKeyFields('openAI', { userProvide: true, order: 0 }))).toEqual(['apiKey']);
    expect(names(getKeyFields('BringYourKey', { type: 'custom', userProvide: true, order: 1 }))).toEqual(['apiKey']);
    expect(names(getKeyFields('Mine', { type: 'custom', userProvide: true, userProvideURL: true, order: 1 }))).toEqual([
      'apiKey',
      'baseURL',
    ]);
    expect(
      names(getKeyFields('UrlOnly', { type: 'custom', userProvide: false, userProvideURL: true, order: 1 })),
    ).toEqual(['baseURL']);
    // Never a base URL for OpenAI itself.
    expect(names(getKeyFields('openAI', { userProvide: true, userProvideURL: true, order: 0 }))).toEqual(['apiKey']);
  });
  it('asks Azure for its four fields and Google for a service key and an API key', () => {
    expect(names(getKeyFields('azureOpenAI', { userProvide: true, order: 1 }))).toEqual([
      'azureOpenAIApiKey',
      'azureOpenAIApiInstanceName',
      'azureOpenAIApiDeploymentName',
      'azureOpenAIApiVersion',
    ]);
    expect(names(getKeyFields('google', { userProvide: true, order: 2 }))).toEqual([
      'GOOGLE_SERVICE_KEY',
      'GOOGLE_API_KEY',
    ]);
  });
  it('blocks empty required fields, in order', () => {
    const azure = getKeyFields('azureOpenAI', { userProvide: true, order: 1 });
    expect(findMissingFields(azure, { azureOpenAIApiKey: 'k', azureOpenAIApiVersion: '  ' })).toEqual([
      'azureOpenAIApiInstanceName',
      'azureOpenAIApiDeploymentName',
      'azureOpenAIApiVersion',
    ]);
    const custom = getKeyFields('Mine', { type: 'custom', userProvide: true, userProvideURL: true, order: 1 });
    expect(findMissingFields(custom, {})).toEqual(['apiKey', 'baseURL']);
    expect(findMissingFields(custom, { apiKey: 'k', baseURL: 'https://x' })).toEqual([]);
    // Google and Anthropic are not in SPEC 5's list: the server answers for them.
    expect(findMissingFields(getKeyFields('google', { userProvide: true, order: 2 }), {})).toEqual([]);
  });
  it('builds the stored value: a lone key as is, several fields as JSON', () => {
    expect(
      buildKeyValue(getKeyFields('BringYourKey', { type: 'custom', userProvide: true, order: 1 }), {
        apiKey: ' sk-e2e ',
      }),
    ).toBe('sk-e2e');
    const custom = getKeyFields('Mine', { type: 'custom', userProvide: true, userProvideURL: true, order: 1 });
    expect(JSON.parse(buildKeyValue(custom, { apiKey: 'k', baseURL: 'https://x/v1' }))).toEqual({
      apiKey: 'k',
      baseURL: 'https://x/v1',
    });
    const azure = getKeyFields('azureOpenAI', { userProvide: true, order: 1 });
    expect(
      JSON.parse(
        buildKeyValue(azure, {
          azureOpenAIApiKey: 'az',
          azureOpenAIApiInstanceName: 'inst',
          azureOpenAIApiDeploymentName: 'dep',
          azureOpenAIApiVersion: '2024-10-21',
        }),
      ),
    ).toEqual({
      apiKey: AZURE_API_KEY_PLACEHOLDER,
      azureOpenAIApiKey: 'az',
      azureOpenAIApiInstanceName: 'inst',
      azureOpenAIApiDeploymentName: 'dep',
      azureOpenAIApiVersion: '2024-10-21',
    });
    const google = getKeyFields('google', { userProvide: true, order: 2 });
    const value = JSON.parse(buildKeyValue(google, { GOOGLE_SERVICE_KEY: serviceKey(), GOOGLE_API_KEY: 'g' }));
    expect(value.GOOGLE_API_KEY).toBe('g');
    expect(value.GOOGLE_SERVICE_KEY.project_id).toBe('proj');
  });
});

describe('Google service key (SPEC 5)', () => {
  it('accepts a complete key', () => {
    expect(validateServiceKey(serviceKey())).toHaveProperty('key');
  });
  it('names what is wrong', () => {
    expect(validateServiceKey('not json')).toEqual({ error: 'invalid_json' });
    expect(validateServiceKey('[]')).toEqual({ error: 'invalid_json' });
    expect(validateServiceKey(serviceKey({ client_email: 'nope' }))).toEqual({ error: 'client_email' });
    expect(validateServiceKey(serviceKey({ project_id: 'ab' }))).toEqual({ error: 'project_id' });
    expect(validateServiceKey(serviceKey({ private_key: 'k'.repeat(600) }))).toEqual({ error: 'private_key' });
  });
});
