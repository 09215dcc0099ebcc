import { Agent, request as httpRequest } from 'node:http';
import { SPEECH_AUDIO_MAX_BYTES } from '@confab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREAD_BODY_DRAIN_BYTES } from '../src/platform/unread-bodies.js';
import { TestClient } from './http-client.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * A request refused before its body was read (over a size limit, a refused type, no token, a
 * rate limit) must not leave its connection waiting for that body: browsers reuse a kept-alive
 * connection, and their next request on it used to go unanswered for over a minute. Each case
 * sends the refused request and then a plain one through one kept-alive connection (an agent of
 * one socket, as a browser's connection to the server), and the plain one must be answered.
 */

const MB = 1024 * 1024;
/** A refused body the server reads to its end, keeping the connection. */
const DRAINED = 2 * MB;
/** A refused body too large to read through: the connection is closed instead. */
const CUT = UNREAD_BODY_DRAIN_BYTES + 4 * MB;
/** How long the next request may take before the connection counts as hanging. */
const ANSWER_WITHIN_MS = 5000;

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  /** Whether the request went over a connection an earlier request had used. */
  reusedSocket: boolean;
}

/** One request over `agent`, settled by its answer (an upload cut off after the answer still counts as answered). */
function send(
  agent: Agent,
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<Answer> {
  const url = new URL(options.path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      agent,
      method: options.method ?? 'GET',
      headers: { ...options.headers, ...(options.body ? { 'content-length': String(options.body.length) } : {}) },
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    let answered = false;
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        answered = true;
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), headers: res.headers, reusedSocket: req.reusedSocket });
      });
    });
    req.end(options.body);
  });
}

/** A multipart/form-data body with one file in the field "file" (and any fields before it). */
function multipart(file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `confab-${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const text = (bytes: number) => Buffer.alloc(bytes, 'a');
/** A JSON file of the given size (an import); its content does not matter, the refusal comes first. */
const json = (bytes: number) => Buffer.from(`{"x":"${'a'.repeat(bytes - 8)}"}`);

describe('a refused request body does not hang its connection', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({
      env: { CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES: String(MB), FILE_UPLOAD_USER_MAX: '1000', FILE_UPLOAD_IP_MAX: '1000' },
      config: { fileConfig: { avatarSizeLimit: 1, endpoints: { default: { fileSizeLimit: 1 } } } },
    });
    const client = new TestClient(server.baseUrl);
    token = (await client.register()).token;
  });
  afterAll(() => server.close());

  /** Sends the refused request, then GET /api/files on the same connection, which must be answered. */
  async function expectNextAnswered(refused: { path: string; body: Buffer; contentType: string; withToken?: boolean }, status: number) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const headers: Record<string, string> = { 'content-type': refused.contentType };
      if (refused.withToken !== false) headers.authorization = `Bearer ${token}`;
      const first = await send(agent, server.baseUrl, { method: 'POST', path: refused.path, headers, body: refused.body });
      expect(first.status, first.text).toBe(status);
      const next = await send(agent, server.baseUrl, { path: '/api/files', headers: { authorization: `Bearer ${token}` } });
      expect(next.status).toBe(200);
      return { first, next };
    } finally {
      agent.destroy();
    }
  }

  /**
   * Both sizes of refused body: the smaller one is read through and its connection serves the
   * next request. The larger one's connection is closed, or kept where the route read the body to
   * its end before refusing it (a file cut at its size limit by the multipart parser, which reads on).
   */
  async function expectBothSizesAnswered(
    build: (bytes: number) => { path: string; body: Buffer; contentType: string; withToken?: boolean },
    status: number,
  ) {
    const drained = await expectNextAnswered(build(DRAINED), status);
    expect(drained.next.reusedSocket).toBe(true);
    return { drained, cut: await expectNextAnswered(build(CUT), status) };
  }

  const upload = (path: string, file: { name: string; type: string; data: Buffer }) => ({ path, ...multipart(file) });

  it('an upload over fileSizeLimit (POST /api/files)', async () => {
    const { cut } = await expectBothSizesAnswered((bytes) => upload('/api/files', { name: 'big.txt', type: 'text/plain', data: text(bytes) }), 413);
    // Refused mid-file, the rest unread: the client is told not to upload it for nothing.
    expect(cut.first.headers.connection).toBe('close');
  });

  it('an upload of a refused type (POST /api/files/images)', async () => {
    await expectBothSizesAnswered((bytes) => upload('/api/files/images', { name: 'notes.txt', type: 'text/plain', data: text(bytes) }), 400);
  });

  it('an upload without a token (401 before the body is read)', async () => {
    const { cut } = await expectBothSizesAnswered(
      (bytes) => ({ ...upload('/api/files', { name: 'a.txt', type: 'text/plain', data: text(bytes) }), withToken: false }),
      401,
    );
    expect(cut.first.headers.connection).toBe('close');
  });

  it('an avatar over avatarSizeLimit, and one that is not an image', async () => {
    await expectBothSizesAnswered((bytes) => upload('/api/files/images/avatar', { name: 'me.png', type: 'image/png', data: Buffer.concat([PNG_HEAD, text(bytes)]) }), 413);
    await expectBothSizesAnswered((bytes) => upload('/api/files/images/avatar', { name: 'me.txt', type: 'text/plain', data: text(bytes) }), 400);
  });

  it('a conversation import over its size limit, and one that is not JSON', async () => {
    await expectBothSizesAnswered((bytes) => upload('/api/convos/import', { name: 'chats.json', type: 'application/json', data: json(bytes) }), 413);
    await expectBothSizesAnswered((bytes) => upload('/api/convos/import', { name: 'chats.txt', type: 'text/plain', data: text(bytes) }), 400);
  });

  it('a speech upload over its size limit', async () => {
    const refused = upload('/api/files/speech/stt', { name: 'a.webm', type: 'audio/webm', data: text(SPEECH_AUDIO_MAX_BYTES + MB) });
    const { first } = await expectNextAnswered(refused, 413);
    expect(first.headers.connection).toBe('close');
  });

  // Fastify itself answers a body its parser refuses with `Connection: close`; kept here as one of the refusals.
  it('a JSON body over the body limit', async () => {
    const first = await expectNextAnswered({ path: '/api/convos/update', body: json(server.env.BODY_LIMIT_BYTES + 4 * MB), contentType: 'application/json' }, 413);
    expect(first.first.headers.connection).toBe('close');
  });

  it('keeps the connection of a body read to its end (an accepted upload, then a JSON request)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const headers = { authorization: `Bearer ${token}` };
      const accepted = multipart({ name: 'small.txt', type: 'text/plain', data: text(1000) });
      const first = await send(agent, server.baseUrl, { method: 'POST', path: '/api/files', headers: { ...headers, 'content-type': accepted.contentType }, body: accepted.body });
      expect(first.status, first.text).toBe(200);
      expect(first.headers.connection).toBe('keep-alive');
      const second = await send(agent, server.baseUrl, { method: 'POST', path: '/api/convos/update', headers: { ...headers, 'content-type': 'application/json' }, body: Buffer.from('{"arg":{}}') });
      expect(second.reusedSocket).toBe(true);
      expect(second.headers.connection).toBe('keep-alive');
      const third = await send(agent, server.baseUrl, { path: '/api/files', headers });
      expect({ status: third.status, reusedSocket: third.reusedSocket }).toEqual({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });
});

describe('a rate-limited upload does not hang its connection', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { FILE_UPLOAD_USER_MAX: '1' } });
    const client = new TestClient(server.baseUrl);
    token = (await client.register()).token;
  });
  afterAll(() => server.close());

  it('answers the request after a 429 on the same connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const headers = { authorization: `Bearer ${token}` };
      for (const [bytes, status] of [[1000, 200], [DRAINED, 429], [CUT, 429]] as const) {
        const body = multipart({ name: `${bytes}.txt`, type: 'text/plain', data: text(bytes) });
        const first = await send(agent, server.baseUrl, { method: 'POST', path: '/api/files', headers: { ...headers, 'content-type': body.contentType }, body: body.body });
        expect(first.status).toBe(status);
        const next = await send(agent, server.baseUrl, { path: '/api/files', headers });
        expect(next.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });
});

/** The signature and header chunk of a PNG: enough for the type to be judged an image. */
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de', 'hex');
