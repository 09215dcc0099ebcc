import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalServerDetector, markAdded, normaliseBaseURL, probeLocalServers } from './local-servers.js';

type Routes = Record<string, unknown>;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A model server's stand-in on a free loopback port: each path answers its JSON, others 404. */
async function startFakeServer(routes: Routes, hang = false): Promise<number> {
  const server = createServer((req, res: ServerResponse) => {
    if (hang) return;
    const body = routes[req.url ?? ''];
    if (body === undefined) return res.writeHead(404).end('not found');
    if (typeof body === 'string') return res.writeHead(200, { 'content-type': 'text/html' }).end(body);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

/** A port that nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const OLLAMA_ROUTES = {
  '/api/tags': { models: [{ name: 'llama3.2:1b', model: 'llama3.2:1b' }, { name: 'qwen3:4b' }] },
  '/v1/models': { object: 'list', data: [{ id: 'llama3.2:1b', owned_by: 'library' }] },
};

describe('probeLocalServers', () => {
  it('finds each server on its port with its models and its OpenAI-compatible base URL', async () => {
    const ports = {
      ollama: await startFakeServer(OLLAMA_ROUTES),
      lmstudio: await startFakeServer({
        '/v1/models': { data: [{ id: 'qwen2.5-7b-instruct', owned_by: 'organization_owner' }] },
      }),
      llamacpp: await closedPort(),
      vllm: await closedPort(),
    };
    const found = await probeLocalServers({ host: '127.0.0.1', ports });
    expect(found).toEqual([
      {
        kind: 'ollama',
        label: 'Ollama',
        baseURL: `http://127.0.0.1:${ports.ollama}/v1`,
        models: ['llama3.2:1b', 'qwen3:4b'],
      },
      {
        kind: 'lmstudio',
        label: 'LM Studio',
        baseURL: `http://127.0.0.1:${ports.lmstudio}/v1`,
        models: ['qwen2.5-7b-instruct'],
      },
    ]);
  });

  it("names vLLM and llama.cpp by their models' owner even on another's port", async () => {
    const ports = {
      ollama: await closedPort(),
      lmstudio: await closedPort(),
      llamacpp: await startFakeServer({ '/v1/models': { data: [{ id: 'Qwen/Qwen3-8B', owned_by: 'vllm' }] } }),
      vllm: await startFakeServer({ '/v1/models': { data: [{ id: 'model.gguf', owned_by: 'llamacpp' }] } }),
    };
    const found = await probeLocalServers({ host: '127.0.0.1', ports });
    expect(found.map((s) => [s.kind, s.label, s.models])).toEqual([
      ['vllm', 'vLLM', ['Qwen/Qwen3-8B']],
      ['llamacpp', 'llama.cpp', ['model.gguf']],
    ]);
  });

  it('ignores ports that answer something else, and ports that hang, within the timeout', async () => {
    const ports = {
      ollama: await startFakeServer({ '/api/tags': '<html>a web app</html>' }),
      lmstudio: await startFakeServer({ '/v1/models': { unexpected: true } }),
      llamacpp: await startFakeServer({}, true),
      vllm: await startFakeServer({}),
    };
    const started = Date.now();
    expect(await probeLocalServers({ host: '127.0.0.1', ports, timeoutMs: 300 })).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('returns an empty list at once when nothing listens', async () => {
    const ports = {
      ollama: await closedPort(),
      lmstudio: await closedPort(),
      llamacpp: await closedPort(),
      vllm: await closedPort(),
    };
    const started = Date.now();
    expect(await probeLocalServers({ host: '127.0.0.1', ports })).toEqual([]);
    expect(Date.now() - started).toBeLessThan(800);
  });
});

describe('LocalServerDetector', () => {
  it('keeps the last probe and shares a probe already running', async () => {
    const ports = {
      ollama: await startFakeServer(OLLAMA_ROUTES),
      lmstudio: await closedPort(),
      llamacpp: await closedPort(),
      vllm: await closedPort(),
    };
    let fetches = 0;
    const countingFetch: typeof fetch = (input, init) => {
      fetches += 1;
      return fetch(input, init);
    };
    const detector = new LocalServerDetector({ host: '127.0.0.1', ports, fetchImpl: countingFetch });
    expect(detector.latest()).toEqual({ found: [], probedAt: null });
    await Promise.all([detector.probe(), detector.probe()]);
    expect(fetches).toBe(4);
    expect(detector.hasProbed()).toBe(true);
    expect(detector.latest().found.map((s) => s.kind)).toEqual(['ollama']);
    expect(detector.latest().probedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('normaliseBaseURL and markAdded', () => {
  it('treats loopback names, trailing slashes and a final /v1 as the same server', () => {
    const same = [
      'http://localhost:11434/v1',
      'http://127.0.0.1:11434',
      'HTTP://LOCALHOST:11434/v1/',
      'http://[::1]:11434/v1',
    ];
    expect(new Set(same.map(normaliseBaseURL)).size).toBe(1);
    expect(normaliseBaseURL('http://localhost:1234/v1')).not.toBe(normaliseBaseURL('http://localhost:11434/v1'));
    expect(normaliseBaseURL('http://gpu-box:11434/v1')).not.toBe(normaliseBaseURL('http://localhost:11434/v1'));
  });

  it('marks a found server as added when an endpoint already reaches it', () => {
    const found = [
      { kind: 'ollama' as const, label: 'Ollama', baseURL: 'http://127.0.0.1:11434/v1', models: [] },
      { kind: 'vllm' as const, label: 'vLLM', baseURL: 'http://127.0.0.1:8000/v1', models: [] },
    ];
    const marked = markAdded(found, ['http://localhost:11434/v1/', 'https://api.openai.com/v1']);
    expect(marked.map((s) => [s.kind, s.isAdded])).toEqual([
      ['ollama', true],
      ['vllm', false],
    ]);
  });
});
