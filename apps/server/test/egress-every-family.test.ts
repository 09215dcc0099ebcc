import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { NO_PARENT } from '@confab/shared';
import { Agent, buildConnector, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../src/config/load-config.js';
import { ENDPOINT_FAMILIES, EndpointCatalog, type EndpointDefinition } from '../src/providers/endpoint-catalog.js';
import { TestClient } from './http-client.js';

/** Every family that reaches a server; a Local model runs in this process and has no URL to guard. */
const NETWORK_FAMILIES = ENDPOINT_FAMILIES.filter((family) => family !== 'local');
import { readSse } from './sse-client.js';
import { startTestServer, type TestServer } from './test-server.js';

/** A TCP listener on loopback that only counts who connects (and closes at once). */
async function startCountingListener(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count += 1;
    socket.on('error', () => {});
    socket.end('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nconnection: close\r\n\r\n', () =>
      socket.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every family with its base URL left to each user (LibreChat's `*_REVERSE_PROXY=user_provided`). */
const USER_URL_ENV = {
  OPENAI_API_KEY: 'sk-server',
  OPENAI_REVERSE_PROXY: 'user_provided',
  ANTHROPIC_API_KEY: 'ant-server',
  ANTHROPIC_REVERSE_PROXY: 'user_provided',
  GOOGLE_KEY: 'g-server',
  GOOGLE_REVERSE_PROXY: 'user_provided',
  BEDROCK_AWS_ACCESS_KEY_ID: 'AKIDSERVER',
  BEDROCK_AWS_SECRET_ACCESS_KEY: 'secret-server',
  BEDROCK_REVERSE_PROXY: 'user_provided',
  // Azure's host is built from an instance name; a user's key brings its own.
  AZURE_API_KEY: 'user_provided',
  AZURE_OPENAI_API_VERSION: '2024-10-21',
};
const USER_URL_CONFIG = {
  endpoints: {
    custom: [{ name: 'MyServer', apiKey: 'c-server', baseURL: 'user_provided', models: { default: ['m-1'] } }],
  },
};

/** What a user's key for this endpoint holds when it tries to point the server at `target`. */
function hostileKey(endpoint: EndpointDefinition, target: string): Record<string, string> {
  if (endpoint.family === 'azureOpenAI') {
    // The only fields that reach Azure's URL: none may carry a host or a path.
    return {
      azureOpenAIApiKey: 'az-user',
      azureOpenAIApiInstanceName: target,
      azureOpenAIApiDeploymentName: target,
      azureOpenAIApiVersion: '2024-10-21',
      baseURL: target,
    };
  }
  return { baseURL: target };
}

function chatPath(endpoint: EndpointDefinition): string {
  if (endpoint.family === 'bedrock') return '/api/bedrock/chat';
  return endpoint.family === 'custom' ? '/api/ask/custom' : `/api/ask/${endpoint.name}`;
}

async function ask(server: TestServer, client: TestClient, endpoint: EndpointDefinition) {
  const { frames } = await readSse(server.baseUrl + chatPath(endpoint), {
    token: client.token,
    body: {
      text: 'Hello',
      endpoint: endpoint.name,
      model: endpoint.models[0],
      parentMessageId: NO_PARENT,
      conversationId: null,
    },
  });
  return frames.at(-1);
}

/**
 * A tripwire for the process's ordinary fetch: any connection it tries, other than the test's own
 * calls to the server under test, fails before a packet is sent, and is counted. So a family that
 * left the egress guard cannot reach the private or link-local addresses below, and the test
 * still sees that it tried.
 */
function installTripwire(allowed: URL): { attempts: string[]; restore(): void } {
  const previous: Dispatcher = getGlobalDispatcher();
  const attempts: string[] = [];
  const connectDirectly = buildConnector({});
  setGlobalDispatcher(
    new Agent({
      connect: (options, callback) => {
        if (options.hostname === allowed.hostname && String(options.port) === allowed.port)
          return connectDirectly(options, callback);
        attempts.push(`${options.hostname}:${options.port}`);
        callback(new Error('tripwire: the unguarded fetch tried to connect'), null);
      },
    }),
  );
  return { attempts, restore: () => setGlobalDispatcher(previous) };
}

describe('every provider family: a user-supplied base URL goes through the egress guard', () => {
  let listener: Awaited<ReturnType<typeof startCountingListener>>;
  let server: TestServer;
  let client: TestClient;
  let catalog: EndpointCatalog;
  let tripwire: ReturnType<typeof installTripwire> | undefined;

  beforeAll(async () => {
    listener = await startCountingListener();
    server = await startTestServer({ env: USER_URL_ENV, config: USER_URL_CONFIG });
    catalog = new EndpointCatalog(server.env, validateConfig(USER_URL_CONFIG, 'test-config'));
    client = new TestClient(server.baseUrl);
    await client.register();
  });
  afterAll(async () => {
    await server.close();
    await listener.close();
  });
  afterEach(() => tripwire?.restore());

  it('the test configures every family there is', () => {
    expect(new Set(catalog.list().map((e) => e.family))).toEqual(new Set(NETWORK_FAMILIES));
  });

  const hostileTargets = (port: number) => [
    ['loopback', `http://127.0.0.1:${port}/v1`],
    ['a name resolving to 127.0.0.1', `http://localhost:${port}/v1`],
    ['a decimal IP', `http://2130706433:${port}/v1`],
    ['an IPv4-mapped IPv6 address', `http://[::ffff:127.0.0.1]:${port}/v1`],
    ['the unspecified address (reaches this machine)', `http://0.0.0.0:${port}/v1`],
    ['a private range', `http://10.20.30.40:${port}/v1`],
    ['link-local (cloud metadata)', `http://169.254.169.254/latest/meta-data`],
    ['IPv6 unique-local', `http://[fd00::1]:${port}/v1`],
  ];

  it('refuses each hostile address with a clear error before any connection, for every family in the catalog', async () => {
    tripwire = installTripwire(new URL(server.baseUrl));
    const endpoints = catalog.list();
    for (const endpoint of endpoints) {
      for (const [label, target] of hostileTargets(listener.port)) {
        const put = await client.put('/api/keys', {
          name: endpoint.name,
          value: JSON.stringify(hostileKey(endpoint, target!)),
          expiresAt: null,
        });
        expect(put.status, `${endpoint.name}: key saved`).toBe(201);
        const last = await ask(server, client, endpoint);
        const where = `${endpoint.name} with ${label}`;
        expect(last?.event, where).toBe('error');
        const error = JSON.parse(last!.data.text) as { type: string; message: string };
        expect(error.type, where).toBe('invalid_request_error');
        expect(error.message, where).toMatch(
          endpoint.family === 'azureOpenAI' ? /instance name .* is not valid/ : /base URL is not allowed/,
        );
      }
    }
    expect(listener.connections()).toBe(0);
    expect(tripwire.attempts).toEqual([]);
  });
});

describe('every provider family: the same address written by the administrator is trusted', () => {
  let listener: Awaited<ReturnType<typeof startCountingListener>>;
  let server: TestServer;
  let client: TestClient;
  let catalog: EndpointCatalog;

  beforeAll(async () => {
    listener = await startCountingListener();
    const url = `http://127.0.0.1:${listener.port}`;
    const env = {
      OPENAI_API_KEY: 'sk-server',
      OPENAI_REVERSE_PROXY: `${url}/v1`,
      ANTHROPIC_API_KEY: 'ant-server',
      ANTHROPIC_REVERSE_PROXY: url,
      GOOGLE_KEY: 'g-server',
      GOOGLE_REVERSE_PROXY: url,
      BEDROCK_AWS_ACCESS_KEY_ID: 'AKIDSERVER',
      BEDROCK_AWS_SECRET_ACCESS_KEY: 'secret-server',
      BEDROCK_REVERSE_PROXY: url,
      AZURE_API_KEY: 'az-server',
      AZURE_OPENAI_BASEURL: `${url}/openai`,
      AZURE_OPENAI_API_DEPLOYMENT_NAME: 'deploy',
      AZURE_OPENAI_API_VERSION: '2024-10-21',
    };
    const config = {
      endpoints: {
        custom: [{ name: 'MyServer', apiKey: 'c-server', baseURL: `${url}/v1`, models: { default: ['m-1'] } }],
      },
    };
    server = await startTestServer({ env, config });
    catalog = new EndpointCatalog(server.env, validateConfig(config, 'test-config'));
    client = new TestClient(server.baseUrl);
    await client.register();
  });
  afterAll(async () => {
    await server.close();
    await listener.close();
  });

  it('each family connects to its configured loopback address', async () => {
    expect(new Set(catalog.list().map((e) => e.family))).toEqual(new Set(NETWORK_FAMILIES));
    for (const endpoint of catalog.list()) {
      const before = listener.connections();
      const last = await ask(server, client, endpoint);
      // The listener answers 503: the chat fails, but only after the request reached it.
      expect(last?.event, endpoint.name).toBe('error');
      expect(JSON.parse(last!.data.text).message, endpoint.name).not.toMatch(/not allowed/);
      expect(listener.connections(), endpoint.name).toBeGreaterThan(before);
    }
  });
});
