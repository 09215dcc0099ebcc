import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { APICallError, generateText, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeBedrockEvent } from './bedrock-stream.js';
import { startBedrockSimulator } from './bedrock-simulator.js';
import type { BedrockSimulator } from './bedrock-types.js';

const CLAUDE = 'anthropic.claude-3-7-sonnet-20250219-v1:0';
const credentials = { accessKeyId: 'AKIDTESTKIT', secretAccessKey: 'testkit-secret' };

async function collect(result: ReturnType<typeof streamText>) {
  let text = '';
  let reasoning = '';
  const errors: unknown[] = [];
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') text += part.text;
    if (part.type === 'reasoning-delta') reasoning += part.text;
    if (part.type === 'error') errors.push(part.error);
  }
  return { text, reasoning, errors };
}

describe('Bedrock simulator with @ai-sdk/amazon-bedrock', () => {
  let sim: BedrockSimulator;
  const bedrock = (secretAccessKey = credentials.secretAccessKey, accessKeyId = credentials.accessKeyId) =>
    createAmazonBedrock({ baseURL: sim.url, region: 'us-east-1', accessKeyId, secretAccessKey, apiKey: '' });

  beforeAll(async () => {
    sim = await startBedrockSimulator({ credentials });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('writes event-stream frames with valid CRCs that the AWS codec reads back', () => {
    const frame = encodeBedrockEvent('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'hi' } });
    const decoded = new EventStreamCodec(toUtf8, fromUtf8).decode(frame);
    expect(decoded.headers[':event-type']?.value).toBe('contentBlockDelta');
    expect(JSON.parse(toUtf8(decoded.body)).delta).toEqual({ text: 'hi' });
  });

  it('streams ConverseStream text and reasoning with usage, over a verified SigV4 signature', async () => {
    sim.enqueue({
      reasoning: 'Thinking it over.',
      text: 'Done thinking.',
      chunkSize: 4,
      usage: { prompt_tokens: 12, completion_tokens: 8, cached_tokens: 3, cache_write_tokens: 4 },
    });
    const result = streamText({
      model: bedrock()(CLAUDE),
      prompt: 'Think',
      maxRetries: 0,
      providerOptions: { bedrock: { reasoningConfig: { type: 'enabled', budgetTokens: 1024 } } },
    });
    const { text, reasoning, errors } = await collect(result);
    expect(errors).toEqual([]);
    expect(reasoning).toBe('Thinking it over.');
    expect(text).toBe('Done thinking.');
    expect(await result.totalUsage).toMatchObject({ inputTokens: 12, outputTokens: 8, cachedInputTokens: 3 });
    const request = sim.requests[0]!;
    expect(request.path).toBe(`/model/${encodeURIComponent(CLAUDE)}/converse-stream`);
    expect(String(request.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTESTKIT\/\d{8}\/us-east-1\/bedrock\/aws4_request/,
    );
  });

  it('answers Converse without streaming', async () => {
    const { text } = await generateText({
      model: bedrock()('meta.llama3-1-8b-instruct-v1:0'),
      prompt: 'ping',
      maxRetries: 0,
    });
    expect(text).toBe('Echo: ping');
  });

  it('refuses an unknown key and a wrong secret as AWS does', async () => {
    const unknown = (await generateText({ model: bedrock('x', 'AKIDOTHER')(CLAUDE), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    )) as APICallError;
    expect(unknown.statusCode).toBe(403);
    expect(unknown.responseHeaders?.['x-amzn-errortype']).toMatch(/^UnrecognizedClientException:/);
    const wrongSecret = (await generateText({
      model: bedrock('wrong-secret')(CLAUDE),
      prompt: 'x',
      maxRetries: 0,
    }).catch((e: unknown) => e)) as APICallError;
    expect(wrongSecret.responseHeaders?.['x-amzn-errortype']).toMatch(/^InvalidSignatureException:/);
  });

  it.each([
    [{ status: 429 }, 'ThrottlingException', 'Too many requests'],
    [{ status: 400, kind: 'context_length_exceeded' as const }, 'ValidationException', 'Input is too long'],
    [{ status: 403, kind: 'access_denied' as const }, 'AccessDeniedException', "don't have access"],
  ])('answers %o with x-amzn-ErrorType and {message}', async (error, name, message) => {
    sim.enqueue({ error });
    const caught = (await generateText({ model: bedrock()(CLAUDE), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    )) as APICallError;
    expect(APICallError.isInstance(caught)).toBe(true);
    expect(caught.statusCode).toBe(error.status);
    expect(caught.responseHeaders?.['x-amzn-errortype']?.split(':')[0]).toBe(name);
    expect(JSON.parse(caught.responseBody ?? '{}').message).toContain(message);
  });

  it('sends an exception frame mid-stream', async () => {
    sim.enqueue({ text: 'abcdefgh', chunkSize: 2, errorAt: 2, error: { status: 424, inStream: true } });
    const result = streamText({
      model: bedrock()(CLAUDE),
      prompt: 'x',
      maxRetries: 0,
      includeRawChunks: true,
      onError: () => {},
    });
    const raw: unknown[] = [];
    let text = '';
    let streamError: unknown;
    for await (const part of result.fullStream) {
      if (part.type === 'raw') raw.push(part.rawValue);
      if (part.type === 'text-delta') text += part.text;
      if (part.type === 'error') streamError = part.error;
    }
    expect(text).toBe('abcd');
    expect(streamError).toMatchObject({ message: 'The model returned the following errors: Overloaded' });
    expect(raw.some((r) => typeof r === 'object' && r !== null && 'modelStreamErrorException' in r)).toBe(true);
  });

  it('stops with guardrail_intervened as a content filter', async () => {
    sim.enqueue({ finishReason: 'content_filter' });
    const result = streamText({ model: bedrock()('amazon.nova-pro-v1:0'), prompt: 'x', maxRetries: 0 });
    expect(await result.finishReason).toBe('content-filter');
    expect(await result.text).toBe('Sorry, the model cannot answer this question.');
  });
});
