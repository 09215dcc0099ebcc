import { createAzure } from '@ai-sdk/azure';
import { APICallError, generateText, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAzureSimulator, type AzureSimulator } from './azure-simulator.js';
import { toolResultsOf } from './tool-requests.js';
import { runWeatherToolLoop, WEATHER_ARGS, weatherOutput } from './tool-loop-harness.js';

describe('Azure OpenAI simulator with @ai-sdk/azure', () => {
  let sim: AzureSimulator;
  const azure = (apiKey = 'az-test') =>
    createAzure({ baseURL: sim.url, apiKey, apiVersion: '2024-10-21', useDeploymentBasedUrls: true });

  beforeAll(async () => {
    sim = await startAzureSimulator({ apiKey: 'az-test', deployments: { 'my-gpt4o': 'gpt-4o' } });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('streams a deployment with the api-key header and api-version, usage included', async () => {
    sim.enqueue({ text: 'Hello from Azure', usage: { prompt_tokens: 6, completion_tokens: 4 } });
    const result = streamText({ model: azure().chat('my-gpt4o'), prompt: 'Hi', maxRetries: 0 });
    expect(await result.text).toBe('Hello from Azure');
    expect(await result.totalUsage).toMatchObject({ inputTokens: 6, outputTokens: 4 });
    const request = sim.requests[0]!;
    expect(request.path).toBe('/openai/deployments/my-gpt4o/chat/completions');
    expect(request.headers['api-key']).toBe('az-test');
    expect((await result.response).modelId).toBe('gpt-4o');
  });

  it('answers non-streamed completions', async () => {
    const { text } = await generateText({ model: azure().chat('my-gpt4o'), prompt: 'ping', maxRetries: 0 });
    expect(text).toBe('Echo: ping');
  });

  it.each([
    ['a wrong key', () => ({ model: azure('bad').chat('my-gpt4o') }), 401, '401'],
    ['an unknown deployment', () => ({ model: azure().chat('nope') }), 404, 'DeploymentNotFound'],
  ])('answers %s with Azure’s body', async (_name, options, status, code) => {
    const caught = (await generateText({ ...options(), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    )) as APICallError;
    expect(APICallError.isInstance(caught)).toBe(true);
    expect(caught.statusCode).toBe(status);
    expect(JSON.parse(caught.responseBody ?? '{}').error.code).toBe(code);
  });

  it.each([
    [{ status: 429 }, '429', 'exceeded token rate limit'],
    [{ status: 400, kind: 'content_filter' as const }, 'content_filter', 'content management policy'],
    [{ status: 400, kind: 'context_length_exceeded' as const }, 'context_length_exceeded', 'maximum context length'],
  ])('answers scripted %o', async (error, code, message) => {
    sim.enqueue({ error });
    const caught = (await generateText({ model: azure().chat('my-gpt4o'), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    )) as APICallError;
    const body = JSON.parse(caught.responseBody ?? '{}');
    expect(body.error.code).toBe(code);
    expect(body.error.message).toContain(message);
  });

  it('runs a tool loop on a deployment: OpenAI tool call deltas, the result fed back, the final text', async () => {
    sim.enqueue(
      { toolCalls: [{ id: 'call_az', name: 'get_weather', args: WEATHER_ARGS }], chunkSize: 5 },
      { text: 'Mild in Paris.' },
    );
    const out = await runWeatherToolLoop(azure().chat('my-gpt4o'));
    expect(out.executed).toEqual([WEATHER_ARGS]);
    expect(out.inputDeltas.length).toBeGreaterThan(1);
    expect(out.inputDeltas.join('')).toBe(JSON.stringify(WEATHER_ARGS));
    expect(out).toMatchObject({ text: 'Mild in Paris.', steps: 2, finishReason: 'stop' });
    expect(sim.requests.map((request) => request.path)).toEqual([
      '/openai/deployments/my-gpt4o/chat/completions',
      '/openai/deployments/my-gpt4o/chat/completions',
    ]);
    expect(toolResultsOf(sim.requests[1])).toMatchObject([
      { id: 'call_az', text: JSON.stringify(weatherOutput('Paris', 'celsius')) },
    ]);
  });
});
