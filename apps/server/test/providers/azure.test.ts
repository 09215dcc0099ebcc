import { startAzureSimulator, type AzureSimulator, type ScriptedError } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deltaText, finalFrame } from '../sse-client.js';
import { describeEachDialect } from '../test-server.js';
import { errorOf, startProviderHarness, storedReply, type ProviderHarness } from './provider-harness.js';

const deployments = {
  'gpt-4o-mini': 'gpt-4o-mini',
  'chat-prod': 'gpt-4o',
  'team-gpt4o': 'gpt-4o',
  'user-deploy': 'gpt-4o',
};

describeEachDialect('azureOpenAI endpoint', (dialect) => {
  let sim: AzureSimulator;
  let harness: ProviderHarness;

  beforeAll(async () => {
    sim = await startAzureSimulator({ apiKey: 'az-test', deployments });
    harness = await startProviderHarness({
      dialect,
      endpoint: 'azureOpenAI',
      env: {
        AZURE_API_KEY: 'az-test',
        AZURE_OPENAI_API_INSTANCE_NAME: 'confab-test',
        AZURE_OPENAI_API_VERSION: '2024-10-21',
        AZURE_OPENAI_MODELS: 'gpt-4o-mini,gpt-4.1',
        AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: 'true',
        AZURE_OPENAI_BASEURL: sim.url,
      },
    });
  });
  afterAll(async () => {
    await harness.close();
    await sim.close();
  });
  beforeEach(() => sim.reset());

  it('streams from the deployment named after the model, with the api-key header and usage', async () => {
    sim.enqueue({
      text: 'Hello from Azure',
      chunkSize: 4,
      usage: { prompt_tokens: 8, completion_tokens: 3, cached_tokens: 2 },
    });
    const { frames } = await harness.ask({ text: 'Hi Azure', presence_penalty: -1 });
    expect(deltaText(frames)).toBe('Hello from Azure');
    expect(finalFrame(frames)!.data.conversation.model).toBe('gpt-4o-mini');
    expect((await storedReply(harness, frames)).usage).toEqual({
      promptTokens: 8,
      completionTokens: 3,
      cacheReadTokens: 2,
    });
    const request = sim.requests.at(-1)!;
    expect(request.path).toBe('/openai/deployments/gpt-4o-mini/chat/completions');
    expect(request.headers['api-key']).toBe('az-test');
    // Clamped to the SPEC 5 openAI range (0-2).
    expect(request.body.presence_penalty).toBe(0);
  });

  describe('errors', () => {
    it.each([
      [{ status: 401 }, 'invalid_api_key'],
      [{ status: 429 }, 'rate_limit'],
      [{ status: 400, kind: 'content_filter' }, 'moderation'],
      [{ status: 400, kind: 'context_length_exceeded' }, 'INPUT_LENGTH'],
      [{ status: 500 }, 'server_error'],
    ] as [ScriptedError, string][])('%o becomes %s', async (error, type) => {
      sim.enqueue({ error });
      expect(errorOf((await harness.ask({ text: 'x' })).frames)?.type).toBe(type);
    });

    it('a model without a deployment is invalid_request_error with Azure’s message', async () => {
      const error = errorOf((await harness.ask({ model: 'gpt-4.1' })).frames);
      expect(error?.type).toBe('invalid_request_error');
      expect(error?.message).toContain('API deployment for this resource does not exist');
    });

    it('a content_filter stop mid-stream is moderation, keeping the text so far', async () => {
      sim.enqueue({ text: 'Some words', finishReason: 'content_filter' });
      const { frames } = await harness.ask({ text: 'x' });
      expect(errorOf(frames)?.type).toBe('moderation');
      expect(deltaText(frames)).toBe('Some words');
    });
  });
});

describe('azureOpenAI endpoint from YAML groups, and with user-provided fields', () => {
  let sim: AzureSimulator;
  let groups: ProviderHarness;
  let byUser: ProviderHarness;

  beforeAll(async () => {
    sim = await startAzureSimulator({ apiKey: 'az-test', deployments });
    groups = await startProviderHarness({
      dialect: 'sqlite',
      endpoint: 'azureOpenAI',
      env: {},
      config: {
        endpoints: {
          azureOpenAI: {
            groups: [
              {
                group: 'team',
                apiKey: 'az-test',
                baseURL: sim.url,
                version: '2024-10-21',
                models: { 'gpt-4o': { deploymentName: 'team-gpt4o' } },
              },
              {
                group: 'prod',
                apiKey: 'az-test',
                baseURL: `${sim.url}/deployments/chat-prod`,
                models: { 'gpt-4o-prod': true },
              },
            ],
          },
        },
      },
    });
    byUser = await startProviderHarness({
      dialect: 'sqlite',
      endpoint: 'azureOpenAI',
      env: { AZURE_API_KEY: 'user_provided', AZURE_OPENAI_BASEURL: sim.url },
    });
  });
  afterAll(async () => {
    await groups.close();
    await byUser.close();
    await sim.close();
  });

  it('offers the groups’ models and calls each one’s deployment', async () => {
    expect((await groups.client.get('/api/models')).json.azureOpenAI).toEqual(['gpt-4o', 'gpt-4o-prod']);
    await groups.ask({ model: 'gpt-4o' });
    expect(sim.requests.at(-1)!.path).toBe('/openai/deployments/team-gpt4o/chat/completions');
    // A base URL that already names the deployment, as LibreChat's often does.
    await groups.ask({ model: 'gpt-4o-prod' });
    expect(sim.requests.at(-1)!.path).toBe('/openai/deployments/chat-prod/chat/completions');
  });

  it('uses the user’s key, deployment and version; the placeholder apiKey is ignored', async () => {
    expect(errorOf((await byUser.ask({ model: 'gpt-4o' })).frames)?.type).toBe('no_user_key');
    const fields = {
      apiKey: 'placeholder',
      azureOpenAIApiKey: 'az-test',
      azureOpenAIApiInstanceName: 'my-instance',
      azureOpenAIApiDeploymentName: 'user-deploy',
      azureOpenAIApiVersion: '2024-10-21',
    };
    await byUser.client.put('/api/keys', { name: 'azureOpenAI', value: JSON.stringify(fields), expiresAt: null });
    expect(deltaText((await byUser.ask({ model: 'gpt-4o', text: 'mine' })).frames)).toBe('Echo: mine');
    const request = sim.requests.at(-1)!;
    expect(request.path).toBe('/openai/deployments/user-deploy/chat/completions');
    expect(request.headers['api-key']).toBe('az-test');

    await byUser.client.put('/api/keys', {
      name: 'azureOpenAI',
      value: JSON.stringify({ ...fields, azureOpenAIApiKey: 'wrong' }),
      expiresAt: null,
    });
    expect(errorOf((await byUser.ask({ model: 'gpt-4o' })).frames)?.type).toBe('invalid_user_key');
  });
});
