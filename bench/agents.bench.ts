/**
 * Agent chats (issue "Agents and tools"): the server's added time per step of a 10-step tool loop.
 * One chat is 10 model calls against the OpenAI simulator (its own process), 9 of them calling a
 * trivial tool. The same loop is run two ways, alternately, in one run:
 * - through the server: `POST /api/agents/chat` (stored agent, registry tool, the run events
 *   streamed, the growing reply saved, the final reply stored), read to its final frame;
 * - by the AI SDK alone: streamText with the same tool and stopWhen stepCountIs(10), read to its end.
 * The server runs in this process (its registry takes the benchmark's tool, as any tool source).
 * Two figures: the difference of the medians divided by the steps (everything the server adds,
 * its per-chat work — auth, storing the exchange, the final write — spread over the steps), and
 * the marginal cost of a step: the same difference for a one-call chat ("no tools") taken out,
 * divided by the 9 steps more.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { createParser } from 'eventsource-parser';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { validateConfig } from '../apps/server/src/config/load-config.js';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { readEnv } from '../apps/server/src/env.js';
import { seedRoles } from '../apps/server/src/features/roles/roles.repo.js';
import { loadSecrets } from '../apps/server/src/platform/secrets.js';
import { registerUser } from './lib/server-process.js';
import { startToolSimulatorProcess } from './lib/simulator-process.js';
import { median, percentile, round } from './lib/stats.js';

const STEPS = 10;
const RUNS = Number(process.env.BENCH_AGENT_RUNS ?? 30);
const WARMUP = Number(process.env.BENCH_AGENT_WARMUP ?? 5);
const MODEL = 'gpt-4o-mini';
const pingSchema = { type: 'object' as const, properties: { n: { type: 'number' as const } } };
const ping = async (input: unknown) => `pong ${JSON.stringify(input)}`;

async function startServer(simUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-agents-'));
  const env = readEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    REGISTER_MAX: '100000',
    LOGIN_IP_MAX: '100000',
    TITLE_CONVO: 'false',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_REVERSE_PROXY: simUrl,
  });
  const db = openDatabase({ sqlitePath: join(dataDir, 'confab.sqlite') });
  await migrateToLatest(db);
  await seedRoles(db);
  const app = await buildApp({ env, config: validateConfig({}, 'bench'), db, secrets: loadSecrets(env) });
  app.tools.register({
    listTools: () =>
      Promise.resolve([
        {
          name: 'ping',
          description: 'Answers pong',
          inputSchema: pingSchema,
          kind: 'builtin' as const,
          run: async (_context: unknown, args: unknown) => ({ parts: [{ type: 'text' as const, text: await ping(args) }] }),
        },
      ]),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    db,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One agent chat read to its final frame; the tool calls it saw, and the ms it took. */
async function serverChat(baseUrl: string, token: string, agentId: string, text = 'Loop please'): Promise<{ ms: number; toolCalls: number }> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/agents/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text, endpoint: 'agents', agent_id: agentId, conversationId: null }),
  });
  if (!res.ok || !res.body) throw new Error(`agent chat failed: ${res.status} ${await res.text()}`);
  let toolCalls = 0;
  let final = false;
  const parser = createParser({
    onEvent(message) {
      if (message.data.includes('"on_run_step_completed"')) toolCalls++;
      if (message.data.startsWith('{"final":true')) final = true;
      if (message.event === 'error') throw new Error(`agent chat error: ${message.data}`);
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of res.body) parser.feed(decoder.decode(chunk, { stream: true }));
  if (!final) throw new Error('agent chat ended without its final frame');
  return { ms: performance.now() - t0, toolCalls };
}

/** The same loop run by the AI SDK alone against the same simulator. */
async function directChat(simUrl: string, text = 'Loop please'): Promise<{ ms: number; toolCalls: number }> {
  const openai = createOpenAI({ apiKey: 'sk-bench', baseURL: simUrl });
  const t0 = performance.now();
  const result = streamText({
    model: openai.chat(MODEL),
    messages: [{ role: 'user', content: text }],
    tools: { ping: tool({ description: 'Answers pong', inputSchema: jsonSchema(pingSchema), execute: ping }) },
    stopWhen: stepCountIs(STEPS),
    maxRetries: 0,
  });
  let toolCalls = 0;
  for await (const part of result.fullStream) {
    if (part.type === 'tool-result') toolCalls++;
    if (part.type === 'error') throw part.error;
  }
  return { ms: performance.now() - t0, toolCalls };
}

type Way = (text?: string) => Promise<{ ms: number; toolCalls: number }>;

/** Runs both ways alternately (neither always on a warmer machine), checking each made its tool calls. */
async function measure(ways: { server: Way; direct: Way }, text: string, toolCalls: number) {
  const server: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const order = i % 2 === 0 ? (['server', 'direct'] as const) : (['direct', 'server'] as const);
    const times: Record<string, number> = {};
    for (const way of order) {
      const result = await ways[way](text);
      if (result.toolCalls !== toolCalls) throw new Error(`${way}: expected ${toolCalls} tool calls, got ${result.toolCalls}`);
      times[way] = result.ms;
    }
    if (i < WARMUP) continue;
    server.push(times.server!);
    direct.push(times.direct!);
  }
  return { server, direct };
}

export async function runAgentsBench(): Promise<{ rows: Record<string, unknown>[] }> {
  const sim = await startToolSimulatorProcess(STEPS);
  const server = await startServer(sim.url);
  try {
    const token = await registerUser(server.baseUrl);
    const user = await server.db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const agentId = 'agent_benchmarkbenchmarkbe';
    const now = new Date().toISOString();
    await server.db.kysely
      .insertInto('agents')
      .values({
        id: agentId,
        author: user.id,
        name: 'Bench',
        description: null,
        instructions: null,
        provider: 'openAI',
        model: MODEL,
        model_parameters: '{}',
        tools: '["ping"]',
        tool_resources: '{}',
        actions: '[]',
        avatar: null,
        conversation_starters: '[]',
        artifacts: null,
        recursion_limit: STEPS,
        is_collaborative: 0,
        project_ids: '[]',
        is_global: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const ways = {
      server: (text?: string) => serverChat(server.baseUrl, token, agentId, text),
      direct: (text?: string) => directChat(sim.url, text),
    };
    const loop = await measure(ways, 'Loop please', STEPS - 1);
    const single = await measure(ways, 'Answer, no tools', 0);
    const addedPerStep = (median(loop.server) - median(loop.direct)) / STEPS;
    const marginalPerStep =
      (median(loop.server) - median(loop.direct) - (median(single.server) - median(single.direct))) / (STEPS - 1);
    const row = (way: string, steps: number, values: number[]) => ({
      way,
      steps,
      runs: RUNS,
      'median ms': round(median(values)),
      'p90 ms': round(percentile(values, 90)),
    });
    return {
      rows: [
        row('AI SDK alone', STEPS, loop.direct),
        row('server (/api/agents/chat)', STEPS, loop.server),
        row('AI SDK alone, one call', 1, single.direct),
        row('server, one call', 1, single.server),
        { way: 'added per step (all of it / 10)', steps: STEPS, runs: RUNS, 'median ms': round(addedPerStep, 2), target: '< 5 ms' },
        { way: 'added per extra step (marginal)', steps: STEPS, runs: RUNS, 'median ms': round(marginalPerStep, 2), target: '< 5 ms' },
      ],
    };
  } finally {
    await server.close();
    await sim.stop();
  }
}
