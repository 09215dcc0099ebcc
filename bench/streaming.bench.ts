/**
 * Streaming benchmark (issue "Chat core"): N concurrent chats through the server against the
 * provider simulator, versus the same load read from the simulator directly, in one run.
 *
 * Load model: N workers each run chats back to back, their first starts spread over one
 * stream's length so the load is steady (N chats always in flight) rather than one burst. Each
 * level is measured in its steady state: the first BENCH_WARMUP_SECONDS (N new connections,
 * code not yet optimised for this load) are left out of the figures and reported apart as the
 * cold start; then BENCH_SECONDS are measured. The simulator, the server and this client are
 * three processes. Reports delivered tokens/s and time to first token (TTFT) each way.
 */
import { createParser } from 'eventsource-parser';
import http from 'node:http';
import { registerUser, startServerProcess } from './lib/server-process.js';
import { startRelayProcess, startSimulatorProcess } from './lib/simulator-process.js';
import { machineStealMs, mainThreadCpuMs, processCpuMs } from './lib/cpu.js';
import { median, percentile, round } from './lib/stats.js';

const TOKENS = Number(process.env.BENCH_TOKENS ?? 100);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
/** The cold start reported: chats started this soon after a level's first. */
const COLD_SECONDS = 2;
const LEVELS = (process.env.BENCH_LEVELS ?? '50,200,500').split(',').map(Number);

interface StreamResult {
  ttftMs: number;
  /** Time to the first event of any kind (the server's `created`: the chat is stored and its job started). */
  firstEventMs: number;
  tokens: number;
  ok: boolean;
}

// The load generator should cost as little CPU as it can: it shares the two cores with the
// server it measures. node:http with a keep-alive pool and callback parsing, not fetch.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** Reads one chat; `onTokens` hears of tokens as they arrive (the level counts those in its window). */
export type Chat = (onTokens: (n: number) => void) => Promise<StreamResult>;

export function readStream(
  url: string,
  init: { headers: Record<string, string>; body: string },
  countTokens: (data: string) => number,
  onTokens: (n: number) => void,
): Promise<StreamResult> {
  const start = performance.now();
  let ttft = -1;
  let firstEvent = -1;
  let tokens = 0;
  return new Promise((resolve) => {
    const fail = () => resolve({ ttftMs: NaN, firstEventMs: NaN, tokens, ok: false });
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body) } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return fail();
        }
        const parser = createParser({
          onEvent(e) {
            if (firstEvent < 0) firstEvent = performance.now() - start;
            const n = countTokens(e.data);
            if (n > 0) {
              if (ttft < 0) ttft = performance.now() - start;
              tokens += n;
              onTokens(n);
            }
          },
        });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => parser.feed(chunk));
        res.on('end', () => resolve({ ttftMs: ttft, firstEventMs: firstEvent, tokens, ok: true }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(init.body);
  });
}

// Each simulated token is the text "tok ". Counted in what arrives, both ways: the server may
// join tokens that reached it together into one delta.
const countTok = (data: string) => {
  let n = 0;
  for (let i = data.indexOf('tok '); i >= 0; i = data.indexOf('tok ', i + 4)) n++;
  return n;
};
const directTokens = (data: string) => (data.includes('"content":"tok') ? countTok(data) : 0);
export const serverTokens = (data: string) => (data.startsWith('{"event":"on_message_delta"') ? countTok(data) : 0);

function cpuNow(serverPid: number | undefined, simulatorPid: number | undefined) {
  return {
    server: processCpuMs(serverPid),
    serverMain: mainThreadCpuMs(serverPid),
    simulator: processCpuMs(simulatorPid),
    client: process.cpuUsage(),
    steal: machineStealMs(),
    at: performance.now(),
  };
}

export async function runLevel(n: number, once: Chat, serverPid?: number, simulatorPid?: number) {
  const streamMs = TOKENS * DELAY_MS;
  const start = performance.now();
  const from = start + WARMUP_SECONDS * 1000;
  const end = from + SECONDS * 1000;
  const cold: StreamResult[] = [];
  const results: StreamResult[] = [];
  // Every failed chat of the level, in the window or not: a failure while warming up is one too.
  let failed = 0;
  // Tokens that arrive inside the measured window, whichever chat carries them.
  let windowTokens = 0;
  const onTokens = (count: number) => {
    const now = performance.now();
    if (now >= from && now < end) windowTokens += count;
  };
  let cpuBefore = cpuNow(serverPid, simulatorPid);
  const measuring = setTimeout(() => (cpuBefore = cpuNow(serverPid, simulatorPid)), from - start);
  let cpuAfter = cpuBefore;
  const measured = setTimeout(() => (cpuAfter = cpuNow(serverPid, simulatorPid)), end - start);
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i / n) * streamMs));
      for (let startedAt = performance.now(); startedAt < end; startedAt = performance.now()) {
        const r = await once(onTokens);
        if (!r.ok) failed++;
        if (startedAt >= from) results.push(r);
        else if (startedAt < start + COLD_SECONDS * 1000) cold.push(r);
      }
    }),
  );
  clearTimeout(measuring);
  clearTimeout(measured);
  const clientCpu = {
    user: cpuAfter.client.user - cpuBefore.client.user,
    system: cpuAfter.client.system - cpuBefore.client.system,
  };
  // CPU each process spent per second of the window: 1000 ms/s is one core fully busy.
  const seconds = (cpuAfter.at - cpuBefore.at) / 1000;
  const cpu = {
    server: (cpuAfter.server - cpuBefore.server) / seconds,
    serverMain: (cpuAfter.serverMain - cpuBefore.serverMain) / seconds,
    simulator: (cpuAfter.simulator - cpuBefore.simulator) / seconds,
    client: (clientCpu.user + clientCpu.system) / 1000 / seconds,
    steal: (cpuAfter.steal - cpuBefore.steal) / seconds,
  };
  const ttftsOf = (list: StreamResult[]) => list.filter((r) => r.ok && r.ttftMs >= 0).map((r) => r.ttftMs);
  const ttfts = ttftsOf(results);
  return {
    tokensPerSecond: windowTokens / SECONDS,
    ttftMedian: median(ttfts),
    ttftP95: percentile(ttfts, 95),
    coldTtftMedian: median(ttftsOf(cold)),
    firstEventMedian: median(results.filter((r) => r.ok && r.firstEventMs >= 0).map((r) => r.firstEventMs)),
    streams: results.length,
    failed,
    cpu,
    cpuPerStreamMs: (cpu.server * seconds) / Math.max(1, results.length),
  };
}

export async function runStreamingBench() {
  const sim = await startSimulatorProcess({ tokens: TOKENS, delayMs: DELAY_MS });
  const server = await startServerProcess({ OPENAI_API_KEY: 'sk-bench', OPENAI_REVERSE_PROXY: sim.url });
  const token = await registerUser(server.baseUrl);
  const askInit = {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ text: 'hi', endpoint: 'openAI', model: 'gpt-4o-mini', conversationId: null }),
  };
  const directInit = {
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
    body: JSON.stringify({
      model: 'gpt-4o-mini',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hi' }],
    }),
  };
  const relay = await startRelayProcess(sim.url);
  const viaServer: Chat = (onTokens) => readStream(`${server.baseUrl}/api/ask/openAI`, askInit, serverTokens, onTokens);
  const direct: Chat = (onTokens) => readStream(`${sim.url}/chat/completions`, directInit, directTokens, onTokens);
  const viaRelay: Chat = (onTokens) => readStream(`${relay.url}/chat/completions`, directInit, directTokens, onTokens);
  const rows: Record<string, number>[] = [];
  try {
    await Promise.all(Array.from({ length: 20 }, () => viaServer(() => {}))); // the server's first chats: SQLite pages, pools
    for (const n of LEVELS) {
      const d = await runLevel(n, direct, undefined, sim.pid);
      const r = await runLevel(n, viaRelay, relay.pid, sim.pid);
      const s = await runLevel(n, viaServer, server.child.pid, sim.pid);
      rows.push({
        concurrent: n,
        'direct tok/s': round(d.tokensPerSecond, 0),
        'server tok/s': round(s.tokensPerSecond, 0),
        'throughput %': round((100 * s.tokensPerSecond) / d.tokensPerSecond, 1),
        'direct TTFT p50 ms': round(d.ttftMedian),
        'server TTFT p50 ms': round(s.ttftMedian),
        'added TTFT p50 ms': round(s.ttftMedian - d.ttftMedian),
        'bare relay throughput %': round((100 * r.tokensPerSecond) / d.tokensPerSecond, 1),
        'bare relay added TTFT p50 ms': round(r.ttftMedian - d.ttftMedian),
        'bare relay CPU ms/s': round(r.cpu.server, 0),
        'server TTFT p95 ms': round(s.ttftP95),
        'server created p50 ms': round(s.firstEventMedian),
        // The level's first seconds: N clients connecting at once, code not yet optimised for the load.
        'cold start: direct TTFT p50 ms': round(d.coldTtftMedian),
        'cold start: server TTFT p50 ms': round(s.coldTtftMedian),
        streams: s.streams,
        'server CPU ms/s': round(s.cpu.server, 0),
        'server main thread ms/s': round(s.cpu.serverMain, 0),
        'server CPU ms/stream': round(s.cpuPerStreamMs, 2),
        'sim+client CPU ms/s direct': round(d.cpu.simulator + d.cpu.client, 0),
        'sim+client CPU ms/s server': round(s.cpu.simulator + s.cpu.client, 0),
        'machine steal ms/s direct': round(d.cpu.steal, 0),
        'machine steal ms/s server': round(s.cpu.steal, 0),
        failed: d.failed + s.failed + r.failed,
      });
      console.log(JSON.stringify(rows.at(-1)));
    }
  } finally {
    await server.stop();
    await relay.stop();
    await sim.stop();
  }
  return {
    params: { tokensPerStream: TOKENS, delayMsBetweenTokens: DELAY_MS, warmupSecondsPerLevel: WARMUP_SECONDS, secondsPerLevel: SECONDS },
    rows,
  };
}
