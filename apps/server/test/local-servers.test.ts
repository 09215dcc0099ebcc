import { createServer, type Server } from 'node:http';
import { ADMIN_ROUTES, type LocalServersResponse } from '@confab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { startTestServer, type TestServer } from './test-server.js';

const OLLAMA_PORT = 11434;

/** A fake Ollama on its real port: its own /api/tags and its OpenAI-compatible /v1/models. */
async function listenAsOllama(): Promise<Server | undefined> {
  const server = createServer((req, res) => {
    const send = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/api/tags') return send({ models: [{ name: 'llama3.2:1b' }, { name: 'qwen3:4b' }] });
    if (req.url === '/v1/models') return send({ object: 'list', data: [{ id: 'llama3.2:1b' }, { id: 'qwen3:4b' }] });
    res.writeHead(404).end();
  });
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(OLLAMA_PORT, '127.0.0.1', () => resolve(server));
  });
}

describe('local servers found on their own (GET/POST /api/admin/local-servers)', () => {
  let ollama: Server | undefined;
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    ollama = await listenAsOllama();
    server = await startTestServer();
    admin = new TestClient(server.baseUrl);
    await admin.register();
    user = new TestClient(server.baseUrl);
    await user.register();
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => (ollama ? ollama.close(resolve) : resolve(undefined)));
  });

  it('finds a fake Ollama on 11434 with its models, by GET and by POST', async (ctx) => {
    if (!ollama) return ctx.skip(`port ${OLLAMA_PORT} is busy on this machine: the fake Ollama cannot listen there`);
    for (const method of ['GET', 'POST'] as const) {
      const res = await admin.request(method, ADMIN_ROUTES.localServers);
      expect(res.status).toBe(200);
      const body = res.json as LocalServersResponse;
      expect(body.probedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(body.servers.find((s) => s.kind === 'ollama')).toEqual({
        kind: 'ollama',
        label: 'Ollama',
        baseURL: `http://127.0.0.1:${OLLAMA_PORT}/v1`,
        models: ['llama3.2:1b', 'qwen3:4b'],
        isAdded: false,
      });
    }
  });

  it('says a found server is added once an endpoint uses its URL (written with localhost)', async (ctx) => {
    if (!ollama) return ctx.skip(`port ${OLLAMA_PORT} is busy on this machine`);
    const created = await admin.post(ADMIN_ROUTES.endpoints, {
      family: 'custom',
      name: 'Ollama',
      baseURL: `http://localhost:${OLLAMA_PORT}/v1`,
      models: ['llama3.2:1b'],
    });
    expect(created.status).toBe(201);
    const res = await admin.get(ADMIN_ROUTES.localServers);
    expect((res.json as LocalServersResponse).servers.find((s) => s.kind === 'ollama')?.isAdded).toBe(true);
  });

  it('refuses a user who is not an administrator (403), GET and POST', async () => {
    expect((await user.get(ADMIN_ROUTES.localServers)).status).toBe(403);
    expect((await user.post(ADMIN_ROUTES.localServers)).status).toBe(403);
    expect((await new TestClient(server.baseUrl).get(ADMIN_ROUTES.localServers)).status).toBe(401);
  });
});

describe('local servers: nothing listening, or detection off', () => {
  it('answers an empty list quickly when nothing listens on the probed host', async () => {
    // 127.0.0.3 is loopback too, but the servers of this machine (and the fake Ollama of the
    // other block) listen on 127.0.0.1 only: every probed port there refuses.
    const server = await startTestServer({ env: { LOCAL_SERVER_HOST: '127.0.0.3' } });
    try {
      const admin = new TestClient(server.baseUrl);
      await admin.register();
      const started = Date.now();
      const res = await admin.post(ADMIN_ROUTES.localServers);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ servers: [], probedAt: expect.any(String) });
    } finally {
      await server.close();
    }
  });

  it('LOCAL_SERVER_DETECTION=false probes nothing', async () => {
    const server = await startTestServer({ env: { LOCAL_SERVER_DETECTION: 'false' } });
    try {
      const admin = new TestClient(server.baseUrl);
      await admin.register();
      expect((await admin.post(ADMIN_ROUTES.localServers)).json).toEqual({ servers: [], probedAt: null });
      expect((await admin.get(ADMIN_ROUTES.localServers)).json).toEqual({ servers: [], probedAt: null });
    } finally {
      await server.close();
    }
  });
});
