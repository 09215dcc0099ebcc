import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOpenAISimulator, verifySigV4, type OpenAISimulator } from '@confab/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from './connection-test.js';

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

/** A one-route vendor fake on a real loopback port: it records what arrived and answers as told. */
async function startVendorFake(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const KEY = 'sk-secret-test-key-0123456789';
let fakes: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
  fakes = [];
});
async function fake(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const started = await startVendorFake(answer);
  fakes.push(started);
  return started;
}

describe('testConnection: OpenAI and OpenAI-compatible servers (the testkit simulator)', () => {
  let sim: OpenAISimulator;
  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: KEY, models: ['gpt-4o-mini', 'gpt-4o'] });
  });
  afterAll(() => sim.close());

  it('lists the models with the right key (Bearer), openAI and custom alike', async () => {
    for (const family of ['openAI', 'custom'] as const) {
      const result = await testConnection({ family, baseURL: `${sim.url}/`, apiKey: KEY });
      expect(result).toMatchObject({ ok: true, models: ['gpt-4o', 'gpt-4o-mini'] });
      if (result.ok) expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    }
    const last = sim.requests[sim.requests.length - 1];
    expect(last).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('says the key was refused, without repeating the key', async () => {
    const wrongKey = 'sk-wrong-key-abcdefghijklmnop';
    const result = await testConnection({ family: 'openAI', baseURL: sim.url, apiKey: wrongKey });
    expect(result).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(JSON.stringify(result)).not.toContain(wrongKey);
    expect(JSON.stringify(result)).not.toContain('abcdefghijklmnop');
  });
});

describe('testConnection: each vendor asked as its API defines it', () => {
  it('custom without a key sends no Authorization header (Ollama, LM Studio)', async () => {
    const server = await fake((_req, res) => json(res, 200, { object: 'list', data: [{ id: 'llama3.2:1b' }] }));
    const result = await testConnection({ family: 'custom', baseURL: `${server.origin}/v1`, apiKey: '' });
    expect(result).toMatchObject({ ok: true, models: ['llama3.2:1b'] });
    expect(server.seen[0]?.headers.authorization).toBeUndefined();
  });

  it('Azure OpenAI: /openai/models with api-version and the api-key header; the instance may be a URL', async () => {
    const server = await fake((_req, res) => json(res, 200, { data: [{ id: 'gpt-4o' }, { id: 'o3-mini' }] }));
    const result = await testConnection({
      family: 'azureOpenAI',
      apiKey: KEY,
      azure: { instanceName: server.origin },
    });
    expect(result).toMatchObject({ ok: true, models: ['gpt-4o', 'o3-mini'] });
    expect(server.seen[0]).toMatchObject({ url: '/openai/models?api-version=2024-10-21' });
    expect(server.seen[0]?.headers['api-key']).toBe(KEY);

    await testConnection({
      family: 'azureOpenAI',
      apiKey: KEY,
      baseURL: `${server.origin}/openai/deployments/\${DEPLOYMENT_NAME}`,
      azure: { instanceName: 'mine', apiVersion: '2025-01-01-preview' },
    });
    expect(server.seen[1]?.url).toBe('/openai/models?api-version=2025-01-01-preview');
  });

  it('Anthropic: /v1/models with x-api-key and anthropic-version, the base URL with or without /v1', async () => {
    const server = await fake((_req, res) =>
      json(res, 200, { data: [{ id: 'claude-sonnet-4-5', type: 'model' }], has_more: false }),
    );
    for (const baseURL of [server.origin, `${server.origin}/v1`]) {
      const result = await testConnection({ family: 'anthropic', baseURL, apiKey: KEY });
      expect(result).toMatchObject({ ok: true, models: ['claude-sonnet-4-5'] });
    }
    expect(server.seen.map((r) => r.url)).toEqual(['/v1/models?limit=1000', '/v1/models?limit=1000']);
    expect(server.seen[0]?.headers).toMatchObject({ 'x-api-key': KEY, 'anthropic-version': '2023-06-01' });
  });

  it('Google: /v1beta/models with x-goog-api-key, chat models only, without the "models/" prefix', async () => {
    const server = await fake((_req, res) =>
      json(res, 200, {
        models: [
          { name: 'models/gemini-2.0-flash', supportedGenerationMethods: ['generateContent', 'countTokens'] },
          { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
        ],
      }),
    );
    const result = await testConnection({ family: 'google', baseURL: server.origin, apiKey: KEY });
    expect(result).toMatchObject({ ok: true, models: ['gemini-2.0-flash'] });
    expect(server.seen[0]?.url).toBe('/v1beta/models?pageSize=1000');
    expect(server.seen[0]?.headers['x-goog-api-key']).toBe(KEY);
    expect(server.seen[0]?.url).not.toContain(KEY);
  });

  it('Bedrock: ListFoundationModels signed with SigV4 (checked as AWS checks it)', async () => {
    const credentials = { accessKeyId: 'AKIATESTTEST', secretAccessKey: 'secret/with+chars0123456789' };
    const server = await fake((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const verdict = verifySigV4({
        method: req.method ?? 'GET',
        pathname: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: '',
        credentials,
      });
      if (verdict !== 'ok') return json(res, 403, { message: `signature ${verdict}` });
      json(res, 200, { modelSummaries: [{ modelId: 'anthropic.claude-3-haiku-20240307-v1:0' }] });
    });
    const target = {
      family: 'bedrock' as const,
      baseURL: server.origin,
      apiKey: credentials.secretAccessKey,
      bedrock: { region: 'eu-west-3', accessKeyId: credentials.accessKeyId },
    };
    const result = await testConnection(target);
    expect(result).toMatchObject({ ok: true, models: ['anthropic.claude-3-haiku-20240307-v1:0'] });
    expect(server.seen[0]?.url).toBe('/foundation-models');
    expect(server.seen[0]?.headers.authorization).toContain('/eu-west-3/bedrock/aws4_request');

    const wrong = await testConnection({ ...target, apiKey: 'not-the-secret-key-000' });
    expect(wrong).toMatchObject({ ok: false, code: 'unauthorized' });
  });
});

describe('testConnection: failures a person understands', () => {
  it('404 → not_found, junk → bad_response, 500 → bad_response with the vendor words minus the key', async () => {
    const server = await fake((req, res) => {
      if (req.url?.startsWith('/missing')) return json(res, 404, { error: { message: 'Not found' } });
      if (req.url?.startsWith('/junk'))
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>');
      if (req.url?.startsWith('/wrongshape')) return json(res, 200, { items: [] });
      json(res, 500, { error: { message: `upstream broke for key ${KEY}` } });
    });
    const at = (path: string) => testConnection({ family: 'custom', baseURL: `${server.origin}${path}`, apiKey: KEY });
    expect(await at('/missing')).toMatchObject({ ok: false, code: 'not_found' });
    expect(await at('/junk')).toMatchObject({ ok: false, code: 'bad_response' });
    expect(await at('/wrongshape')).toMatchObject({ ok: false, code: 'bad_response' });
    const broken = await at('/broken');
    expect(broken).toMatchObject({ ok: false, code: 'bad_response' });
    if (!broken.ok) {
      expect(broken.error).toContain('HTTP 500');
      expect(broken.error).toContain('upstream broke');
      expect(broken.error).not.toContain(KEY);
    }
  });

  it('nothing listening → unreachable, saying the connection was refused', async () => {
    const server = await fake(() => {});
    const origin = server.origin;
    await server.close();
    fakes = [];
    const result = await testConnection({ family: 'custom', baseURL: `${origin}/v1`, apiKey: KEY });
    expect(result).toMatchObject({ ok: false, code: 'unreachable' });
    if (!result.ok) expect(result.error).toMatch(/refused/);
  });

  it('an unknown host → unreachable', async () => {
    const result = await testConnection({ family: 'custom', baseURL: 'http://no-such-host.invalid/v1', apiKey: KEY });
    expect(result).toMatchObject({ ok: false, code: 'unreachable' });
  });

  it('a server that never answers → timeout', async () => {
    const server = await fake(() => {});
    const result = await testConnection({ family: 'openAI', baseURL: server.origin, apiKey: KEY }, fetch, {
      timeoutMs: 300,
    });
    expect(result).toMatchObject({ ok: false, code: 'timeout' });
    if (!result.ok) expect(result.error).toContain('did not answer within 0.3 seconds');
  });

  it('the fetch it is given is the one used', async () => {
    const calls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ data: [{ id: 'm' }] }), { status: 200 });
    };
    expect(await testConnection({ family: 'openAI', apiKey: KEY }, fakeFetch)).toMatchObject({ ok: true });
    expect(calls).toEqual(['https://api.openai.com/v1/models']);
  });
});
