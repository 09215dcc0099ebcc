import { createOpenAI } from '@ai-sdk/openai';
import { experimental_generateImage as generateImage } from 'ai';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAISimulator, type OpenAISimulator } from './index.js';
import { simulatedPng } from './openai-images.js';

let sim: OpenAISimulator;
beforeAll(async () => {
  sim = await startOpenAISimulator({ apiKey: 'sk-test' });
});
afterAll(() => sim.close());

/** Width, height and the first pixel of a PNG from simulatedPng (one IDAT chunk). */
function readPng(png: Buffer) {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatAt = png.indexOf('IDAT');
  const pixels = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
  expect(pixels.length).toBe(height * (1 + width * 3));
  return { width, height, rgb: [...pixels.subarray(1, 4)] };
}

describe('POST /v1/images/generations', () => {
  it('answers the AI SDK with b64_json PNGs of the asked size, the same prompt giving the same picture', async () => {
    const openai = createOpenAI({ baseURL: sim.url, apiKey: 'sk-test' });
    const made = await generateImage({
      model: openai.image('gpt-image-1'),
      prompt: 'An empty office at dawn',
      size: '1024x1536',
    });
    expect(made.image.mediaType).toBe('image/png');
    const png = readPng(Buffer.from(made.image.uint8Array));
    expect([png.width, png.height]).toEqual([1024, 1536]);
    const again = await generateImage({
      model: openai.image('gpt-image-1'),
      prompt: 'An empty office at dawn',
      size: '1024x1536',
    });
    expect(again.image.base64).toBe(made.image.base64);

    const request = sim.requests.find((r) => r.path === '/v1/images/generations');
    expect(request?.body).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'An empty office at dawn',
      n: 1,
      size: '1024x1536',
    });
  });

  it('refuses what the real API refuses: no prompt, a bad size, a wrong key', async () => {
    const post = (body: unknown, key = 'sk-test') =>
      fetch(`${sim.url}/images/generations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      });
    const noPrompt = await post({ model: 'dall-e-3' });
    expect(noPrompt.status).toBe(400);
    expect(((await noPrompt.json()) as any).error.param).toBe('prompt');
    const badSize = await post({ model: 'dall-e-3', prompt: 'x', size: 'huge' });
    expect(((await badSize.json()) as any).error).toMatchObject({ type: 'invalid_request_error', param: 'size' });
    expect((await post({ prompt: 'x' }, 'sk-wrong')).status).toBe(401);
  });

  it('encodes a valid PNG by hand', () => {
    expect(readPng(simulatedPng(3, 2, 'seed'))).toMatchObject({ width: 3, height: 2 });
  });
});
