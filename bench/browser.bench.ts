/**
 * The browser benchmark (issue 26): what a user waits for, measured in headless Chromium
 * (/usr/bin/chromium through playwright-core) on loopback against the real server in its own
 * process (the built web app, a fresh data folder, the testkit simulator as a custom endpoint).
 * 1. Bytes and time to a usable /login and /c/new, cold and warm cache (browser/page-load.ts).
 * 2. A 10,000-message conversation: open, then scroll end to end (browser/long-conversation.ts).
 * 3. A reply streamed at 100 tokens/s into a 1,000-message conversation: frame rate (browser/stream-frames.ts).
 * 4. The server's RSS idle and under the streaming benchmark's 500 streams (browser/server-memory.ts).
 * 5. The first paint of /c/new, a conversation with a table, code and math, and an agent's chat: layout
 *    shift, markdown shown as typed, names shown, cold and warm, with the CPU slowed down too
 *    (browser/first-paint.ts).
 * Each figure is a row with its target and whether it is met; a miss is reported, not thrown.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { round } from './lib/stats.js';
import { measureFirstPaint, type FirstPaintFigures } from './browser/first-paint.js';
import { measureLongConversation } from './browser/long-conversation.js';
import { measurePageLoads } from './browser/page-load.js';
import { idleResidentMb, residentUnderStreams } from './browser/server-memory.js';
import { CUSTOM_ENDPOINT, CUSTOM_MODEL, startBenchServer } from './browser/server.js';
import { measureStreamFrames } from './browser/stream-frames.js';

const LONG_MESSAGES = Number(process.env.BENCH_BROWSER_LONG_MESSAGES ?? 10_000);
const STREAM_MESSAGES = Number(process.env.BENCH_BROWSER_STREAM_MESSAGES ?? 1_000);
const CONCURRENT_STREAMS = Number(process.env.BENCH_BROWSER_STREAMS ?? 500);
/**
 * BENCH_BROWSER_PARTS=long,stream runs only those parts (loads, paint, long, stream, memory): the
 * whole benchmark takes ~2 minutes of both cores, too much to repeat while working on one figure.
 */
const PARTS = new Set((process.env.BENCH_BROWSER_PARTS ?? 'loads,paint,long,stream,memory').split(','));
/** The first paint's loads are repeated with the page's CPU this many times slower (DevTools' throttling). */
const CPU_SLOWDOWNS = (process.env.BENCH_BROWSER_CPU_SLOWDOWNS ?? '1,4').split(',').map(Number);
/** Issue 35: the cumulative layout shift of a load. */
const CLS_LIMIT = 0.02;
/** Gzipped JavaScript a first load should need (issue 26, point 2). */
const JS_BUDGET_KB: Record<string, number> = { '/login': 150, '/c/new': 350 };
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];

type Row = {
  measure: string;
  value: number | string;
  unit: string;
  target: string;
  met: 'pass' | 'fail' | '—';
  notes: string;
};

const row = (measure: string, value: number, unit: string, notes = '', target?: [string, boolean]): Row => ({
  measure,
  value: round(value, 1),
  unit,
  target: target?.[0] ?? '—',
  met: target ? (target[1] ? 'pass' : 'fail') : '—',
  notes,
});

export async function runBrowserBench(): Promise<{ params: Record<string, unknown>; rows: Row[] }> {
  const root = new URL('..', import.meta.url).pathname;
  execFileSync(process.execPath, ['scripts/build-web-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  const bench = await startBenchServer({ tokens: 100, delayMs: 20 });
  const { server } = bench;
  const rows: Row[] = [];
  const serverNote = `server: ${bench.build}`;
  try {
    // The two cores are shared: other work on the machine shows in every figure.
    rows.push(row('machine load average (1 min) at start', loadavg()[0]!, 'processes', `${cpus().length} cores`));
    rows.push(rssRow('server RSS idle after start', await idleResidentMb(server.child.pid), 150, serverNote));
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    try {
      for (const load of PARTS.has('loads') ? await measurePageLoads(browser, server.baseUrl) : []) {
        const name = `${load.page} ${load.cache}`;
        const budget = JS_BUDGET_KB[load.page];
        const notes = `${load.requests} requests, ${load.fromCache} from cache; scripts' encoding: ${load.jsEncodings}`;
        rows.push(row(`${name}: time to usable`, load.usableMs, 'ms'));
        rows.push(row(`${name}: transferred`, load.totalKb, 'KB', notes));
        // The budget is for the scripts' compressed bodies (the bundle report's measure); the wire
        // total adds each response's headers (HTTP/1.1 sends them uncompressed; HTTP/2 would not).
        const jsTarget: [string, boolean] | undefined =
          load.cache === 'cold' && budget ? [`< ${budget} KB`, load.jsBodyKb < budget] : undefined;
        const largest = load.largestScripts ? `; largest: ${load.largestScripts} KB` : '';
        rows.push(row(`${name}: JavaScript transferred`, load.jsKb, 'KB', `with headers${largest}`));
        rows.push(row(`${name}: JavaScript bodies`, load.jsBodyKb, 'KB', 'compressed, headers not counted', jsTarget));
      }
      if (PARTS.has('paint')) {
        const paint = await measureFirstPaint(
          browser,
          { baseUrl: server.baseUrl, dataDir: bench.dataDir },
          CPU_SLOWDOWNS,
        );
        firstPaintRows(paint, rows);
      }
      if (PARTS.has('long')) await longConversationRows(browser, bench, rows);
      if (PARTS.has('stream')) await streamRows(browser, bench, rows);
    } finally {
      await browser.close();
    }
    if (PARTS.has('memory')) await memoryRows(bench, rows);
  } finally {
    await bench.stop();
  }
  return {
    params: {
      longMessages: LONG_MESSAGES,
      streamMessages: STREAM_MESSAGES,
      concurrentStreams: CONCURRENT_STREAMS,
      cpuSlowdowns: CPU_SLOWDOWNS,
      server: bench.build,
      parts: [...PARTS].join(','),
    },
    rows,
  };
}

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

function firstPaintRows(loads: FirstPaintFigures[], rows: Row[]): void {
  for (const load of loads) {
    const name = `first paint, ${load.screen} ${load.cache}${load.cpuSlowdown > 1 ? ` (CPU ×${load.cpuSlowdown})` : ''}`;
    const shown = load.shownMs === null ? 'never shown' : `shown at ${round(load.shownMs, 0)} ms`;
    const notes = `${shown}; names: ${load.labels.join(' → ') || 'none'}${load.largestShift ? `; largest shift: ${load.largestShift}` : ''}`;
    const cls = row(`${name}: layout shift (CLS)`, load.cls, '', notes, [`≤ ${CLS_LIMIT}`, load.cls <= CLS_LIMIT]);
    rows.push({ ...cls, value: round(load.cls, 4) });
    if (load.screen === 'conversation')
      rows.push(
        row(`${name}: frames with markdown as typed`, load.rawFrames, 'frames', '', ['0', load.rawFrames === 0]),
      );
    if (load.screen !== 'new chat') {
      // One name from the first frame with a name: another one first (the agent's model) is a wrong name.
      const wrong = Math.max(0, load.labels.length - 1);
      rows.push(row(`${name}: names shown before the right one`, wrong, 'names', '', ['0', wrong === 0]));
    }
  }
}

async function longConversationRows(browser: Browser, bench: BenchServer, rows: Row[]): Promise<void> {
  const { server } = bench;
  const long = await measureLongConversation(
    browser,
    { baseUrl: server.baseUrl, dataDir: bench.dataDir },
    LONG_MESSAGES,
  );
  const size = LONG_MESSAGES.toLocaleString('en');
  rows.push(
    row(
      `${size} messages: open to last message visible`,
      long.openMs,
      'ms',
      longTaskNote(long.openLongTasks, long.openLongestTaskMs),
      ['< 1000 ms', long.openMs < 1000],
    ),
    row(
      `${size} messages: scroll end to end, long tasks`,
      long.scrollLongTasks,
      'tasks',
      `${round(long.scrollMs / 1000)} s, ${long.scrollFrames} frames of ${long.scrollStepPx} px, ${round(long.scrollMeanFps)} fps mean, ${round(long.scrollP5Fps)} p5; reached ${long.scrollReached}`,
      ['no long task > 50 ms', long.scrollLongTasks === 0],
    ),
    row(`${size} messages: scroll, longest task`, long.scrollLongestTaskMs, 'ms', '', [
      '≤ 50 ms',
      long.scrollLongestTaskMs <= 50,
    ]),
  );
}

async function streamRows(browser: Browser, bench: BenchServer, rows: Row[]): Promise<void> {
  const { server } = bench;
  const stream = await measureStreamFrames(
    browser,
    {
      baseUrl: server.baseUrl,
      dataDir: bench.dataDir,
      sim: bench.browserSim,
      endpoint: { name: CUSTOM_ENDPOINT, model: CUSTOM_MODEL },
    },
    STREAM_MESSAGES,
  );
  const streamNote = `${round(stream.streamSeconds)} s at ${round(stream.tokensPerSecond, 0)} tokens/s; idle page ${round(stream.idleMeanFps)} fps; longest frame ${round(stream.longestFrameMs)} ms; ${longTaskNote(stream.longTasks, stream.longestTaskMs)}`;
  const streamName = `stream into ${STREAM_MESSAGES.toLocaleString('en')} messages`;
  rows.push(
    row(`${streamName}: fps mean`, stream.meanFps, 'fps', streamNote, ['≥ 55 fps', stream.meanFps >= 55]),
    row(`${streamName}: fps 5th percentile`, stream.p5Fps, 'fps', '', ['≥ 55 fps', stream.p5Fps >= 55]),
  );
}

async function memoryRows(bench: BenchServer, rows: Row[]): Promise<void> {
  const { server } = bench;
  const pid = server.child.pid;
  const serverNote = `server: ${bench.build}`;
  rows.push(rssRow('server RSS idle after the browser runs', await idleResidentMb(pid), 150, serverNote));
  const loaded = await residentUnderStreams({ baseUrl: server.baseUrl, pid }, bench.loadSim.pid, CONCURRENT_STREAMS);
  const loadNote = `${loaded.streams} chats in the window, ${loaded.tokensPerSecond} tokens/s, ${loaded.failed} failed; median ${round(loaded.medianMb)} MB`;
  rows.push(rssRow(`server RSS peak at ${CONCURRENT_STREAMS} streams`, loaded.peakMb, 500, loadNote));
  rows.push(
    rssRow(`server RSS idle after ${CONCURRENT_STREAMS} streams`, await idleResidentMb(pid), undefined, serverNote),
  );
}

function rssRow(measure: string, mb: number, limitMb: number | undefined, notes: string): Row {
  return row(measure, mb, 'MB', notes, limitMb === undefined ? undefined : [`< ${limitMb} MB`, mb < limitMb]);
}

function longTaskNote(count: number, longestMs: number): string {
  return count ? `${count} long tasks, longest ${round(longestMs)} ms` : 'no long task';
}
