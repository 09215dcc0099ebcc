import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config/load-config.js';
import { readEnv } from '../env.js';
import { EndpointCatalog } from './endpoint-catalog.js';

const catalog = (env: Record<string, string>, config: unknown = {}) =>
  new EndpointCatalog(readEnv(env), validateConfig(config, 'test', {}));

describe('EndpointCatalog built-in families', () => {
  it('offers nothing without keys', () => {
    expect(catalog({}).list()).toEqual([]);
  });

  it('builds each family from its LibreChat variables, default model first (SPEC 9)', () => {
    const list = catalog({
      OPENAI_API_KEY: 'sk',
      AZURE_API_KEY: 'az',
      AZURE_OPENAI_API_INSTANCE_NAME: 'res',
      GOOGLE_KEY: 'g',
      ANTHROPIC_API_KEY: 'a',
      BEDROCK_AWS_ACCESS_KEY_ID: 'AKID',
      BEDROCK_AWS_SECRET_ACCESS_KEY: 'secret',
    }).list();
    expect(list.map((e) => [e.name, e.family, e.models[0]])).toEqual([
      ['openAI', 'openAI', 'gpt-4o-mini'],
      ['azureOpenAI', 'azureOpenAI', 'gpt-4o-mini'],
      ['google', 'google', 'gemini-1.5-flash-latest'],
      ['anthropic', 'anthropic', 'claude-3-5-sonnet-latest'],
      ['bedrock', 'bedrock', 'anthropic.claude-3-5-sonnet-20241022-v2:0'],
      ['gptPlugins', 'openAI', 'gpt-4o-mini'],
    ]);
    const bedrock = list.find((e) => e.name === 'bedrock')!;
    expect(bedrock.apiKey).toBe('secret');
    expect(bedrock.bedrock).toEqual({ region: 'us-east-1', accessKeyId: 'AKID', sessionToken: undefined });
  });

  it("offers Plugins (gptPlugins) on the OpenAI endpoint's configuration, from whichever layer gives it", () => {
    const fromEnv = catalog({ OPENAI_API_KEY: 'user_provided', OPENAI_REVERSE_PROXY: 'https://proxy/v1', OPENAI_MODELS: 'gpt-4o' });
    expect(fromEnv.find('gptPlugins')).toMatchObject({
      family: 'openAI',
      apiKey: 'user_provided',
      baseURL: 'https://proxy/v1',
      models: ['gpt-4o'],
      modelsConfigured: true,
      derivedFrom: 'openAI',
    });
    const late = catalog({ ANTHROPIC_API_KEY: 'a' });
    expect(late.find('gptPlugins')).toBeUndefined();
    expect(() => late.resolve('gptPlugins', undefined)).toThrow('OpenAI endpoint, which is not configured');
    const openAI = { ...fromEnv.find('openAI')!, apiKey: 'sk-setup', order: 100 };
    late.setLayer('setup', [openAI]);
    expect(late.resolve('gptPlugins', undefined)).toMatchObject({ apiKey: 'sk-setup', order: 105 });
    late.setLayer('setup', []);
    expect(late.find('gptPlugins')).toBeUndefined();
  });

  it('reads model lists, proxies and title models from the environment', () => {
    const anthropic = catalog({
      ANTHROPIC_API_KEY: 'a',
      ANTHROPIC_MODELS: 'claude-a, claude-b',
      ANTHROPIC_REVERSE_PROXY: 'https://p',
      ANTHROPIC_TITLE_MODEL: 'claude-haiku',
    }).find('anthropic')!;
    expect(anthropic).toMatchObject({
      models: ['claude-a', 'claude-b'],
      baseURL: 'https://p',
      titleModel: 'claude-haiku',
      modelDisplayLabel: 'Claude',
    });
    const azure = catalog({
      AZURE_API_KEY: 'k',
      AZURE_OPENAI_API_DEPLOYMENT_NAME: 'dep',
      AZURE_OPENAI_API_VERSION: '2024-06-01',
      AZURE_OPENAI_BASEURL: 'https://gw/openai',
    }).find('azureOpenAI')!;
    expect(azure.azure?.fallback).toMatchObject({
      apiKey: 'k',
      deploymentName: 'dep',
      apiVersion: '2024-06-01',
      baseURL: 'https://gw/openai',
    });
  });

  it('treats a user_provided AWS secret as the user’s whole credential', () => {
    const bedrock = catalog({
      BEDROCK_AWS_ACCESS_KEY_ID: 'user_provided',
      BEDROCK_AWS_SECRET_ACCESS_KEY: 'user_provided',
    }).find('bedrock')!;
    expect(bedrock.apiKey).toBe('user_provided');
    expect(bedrock.bedrock?.accessKeyId).toBeUndefined();
  });

  it('reads endpoints.<family> sections: models, titles and Azure groups', () => {
    const built = catalog(
      { ANTHROPIC_API_KEY: 'a', GOOGLE_KEY: 'g' },
      {
        endpoints: {
          anthropic: { models: ['claude-x'], titleConvo: false, titleModel: 'claude-y' },
          google: { modelDisplayLabel: 'Bard' },
          azureOpenAI: {
            groups: [
              {
                group: 'eu',
                apiKey: 'k1',
                instanceName: 'eu-res',
                version: '2024-10-21',
                models: { 'gpt-4o': true, 'gpt-4.1': { deploymentName: 'g41' }, 'gpt-3.5': false },
              },
            ],
          },
        },
      },
    );
    expect(built.find('anthropic')).toMatchObject({ models: ['claude-x'], titleConvo: false, titleModel: 'claude-y' });
    expect(built.find('google')?.modelDisplayLabel).toBe('Bard');
    const azure = built.find('azureOpenAI')!;
    expect(azure.models).toEqual(['gpt-4o', 'gpt-4.1']);
    expect(azure.azure?.byModel['gpt-4.1']).toMatchObject({
      apiKey: 'k1',
      instanceName: 'eu-res',
      deploymentName: 'g41',
    });
  });

  it.each([
    [{ azureOpenAI: { groups: [] } }, 'endpoints.azureOpenAI.groups: must list at least 1 group'],
    [
      { azureOpenAI: { groups: [{ group: 'g', apiKey: 'k', models: { m: true } }] } },
      'endpoints.azureOpenAI.groups.0: needs instanceName or baseURL',
    ],
    [
      { azureOpenAI: { groups: [{ group: 'g', apiKey: 'k', instanceName: 'i', models: {} }] } },
      'endpoints.azureOpenAI.groups.0.models: must list at least 1 model',
    ],
    [{ anthropic: { modles: ['x'] } }, 'endpoints.anthropic'],
    [{ bedrock: { availableRegions: [] } }, 'endpoints.bedrock.availableRegions: must list at least 1 region'],
    [{ google: { models: [] } }, 'endpoints.google.models: must list at least 1 model'],
  ])('refuses %o, naming the path', (endpoints, problem) => {
    expect(() => catalog({}, { endpoints })).toThrow(problem);
  });
});
