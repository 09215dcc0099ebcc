/**
 * Artifact previews (issue 38): the time from a React artifact's content posted to the preview frame
 * to the frame's "rendered" answer (the component committed on screen), in headless Chromium
 * (/usr/bin/chromium through playwright-core) against the real server in its own process.
 * - cold: a fresh browser context (empty HTTP cache) mounts the frame and posts the artifact; the
 *   figure counts from the post (the frame page already loaded: the panel mounts it when it opens)
 *   and, apart, from the iframe's creation;
 * - warm cache: a new frame in the same context (chunks from the HTTP cache, fresh JS heap);
 * - warm: the same frame, the artifact edited (what each streamed update and each Code-tab save costs);
 * - streamed: the artifact posted as it streams (its text so far every 25 ms, as the panel does),
 *   then whole: the time from that last post (the reply's last token) to rendered.
 * The artifact is e2e/support/artifact-samples.ts's React + shadcn/ui + recharts + lucide component;
 * a bare React component (no imports but React) is measured too.
 * Then the in-browser transpiler choice: Sucrase against esbuild-wasm on the same source, in Node
 * (size as served, brotli; start-up; transform time).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type * as EsbuildWasm from 'esbuild-wasm';
import { chromium, type Browser, type Page } from 'playwright-core';
import type * as Sucrase from 'sucrase';
import { SAMPLE_REACT } from '../e2e/support/artifact-samples.js';
import { startServerProcess } from './lib/server-process.js';
import { median, percentile, round } from './lib/stats.js';

const RUNS = Number(process.env.BENCH_ARTIFACT_RUNS ?? 7);
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];
const BARE_REACT = `import { useState } from 'react';
export default function Counter() {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>Clicked {n}</button>;
}`;

type Row = { measure: string; p50: number; p95: number; unit: string; notes: string };

/**
 * In the page (kept as text: the benchmark's TypeScript has no DOM types): mounts the frame as the
 * app's ArtifactFrame does, and posts artifacts to it. Each resolves with milliseconds measured by
 * the page's own clock.
 */
const IN_PAGE = `
window.__mountFrame = async () => {
  window.__frame?.remove();
  window.__seq ??= 0;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts allow-forms');
  frame.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;border:0;background:#fff';
  const start = performance.now();
  const ready = new Promise((resolve) => {
    const onMessage = (event) => {
      if (event.source === frame.contentWindow && event.data?.type === 'ready') {
        window.removeEventListener('message', onMessage);
        resolve();
      }
    };
    window.addEventListener('message', onMessage);
  });
  frame.src = '/artifact-runtime/frame.html';
  document.body.append(frame);
  window.__frame = frame;
  await ready;
  return performance.now() - start;
};
window.__postAndTime = async (content) => {
  const seq = ++window.__seq;
  const start = performance.now();
  const answer = await new Promise((resolve) => {
    const onMessage = (event) => {
      if (event.source === window.__frame.contentWindow && event.data?.seq === seq) {
        window.removeEventListener('message', onMessage);
        resolve(event.data);
      }
    };
    window.addEventListener('message', onMessage);
    window.__frame.contentWindow.postMessage(
      { channel: 'confab-artifact', type: 'render', seq, artifactType: 'application/vnd.react', content },
      '*',
    );
  });
  return { ms: performance.now() - start, answer };
};
// As the panel does while a reply streams: the artifact's text so far, every 25 ms, flagged streaming;
// then the whole text, not streaming. Resolves with ms from that last post to the frame's answer.
window.__streamAndTime = async (content, pieceChars, everyMs) => {
  for (let end = pieceChars; end < content.length; end += pieceChars) {
    window.__frame.contentWindow.postMessage(
      { channel: 'confab-artifact', type: 'render', seq: ++window.__seq, artifactType: 'application/vnd.react', content: content.slice(0, end), streaming: true },
      '*',
    );
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return window.__postAndTime(content);
};
`;

/** Streams the artifact into the frame (40 characters each 25 ms) and times its last post. */
async function streamAndTime(page: Page, content: string): Promise<number> {
  const { ms, answer } = (await page.evaluate(`window.__streamAndTime(${JSON.stringify(content)}, 40, 25)`)) as {
    ms: number;
    answer: { type: string; message?: string };
  };
  if (answer.type !== 'rendered') throw new Error(`The artifact failed: ${answer.message}`);
  return ms;
}

/** Mounts the frame; resolves with ms from the iframe's creation to its "ready". */
async function mountFrame(page: Page): Promise<number> {
  return (await page.evaluate('window.__mountFrame()')) as number;
}

/** Posts the artifact and resolves with ms until the frame answers; throws if it answers an error. */
async function postAndTime(page: Page, content: string): Promise<number> {
  const { ms, answer } = (await page.evaluate(`window.__postAndTime(${JSON.stringify(content)})`)) as {
    ms: number;
    answer: { type: string; message?: string };
  };
  if (answer.type !== 'rendered') throw new Error(`The artifact failed: ${answer.message}`);
  return ms;
}

function stat(measure: string, values: number[], notes = ''): Row {
  return { measure, p50: round(median(values), 1), p95: round(percentile(values, 95), 1), unit: 'ms', notes };
}

async function browserRows(browser: Browser, baseUrl: string): Promise<Row[]> {
  const cold: number[] = [];
  const coldFromFrame: number[] = [];
  const warmCache: number[] = [];
  const warm: number[] = [];
  const bareCold: number[] = [];
  const bareWarm: number[] = [];
  const streamed: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate(IN_PAGE);
    await mountFrame(page);
    streamed.push(await streamAndTime(page, SAMPLE_REACT));
    await context.close();
  }
  for (let run = 0; run < RUNS; run++) {
    for (const [content, coldOut, warmOut] of [
      [SAMPLE_REACT, cold, warm],
      [BARE_REACT, bareCold, bareWarm],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // Any page of the app may embed the frame (frame-ancestors 'self'); /login is the lightest.
      await page.goto(`${baseUrl}/login`);
      await page.evaluate(IN_PAGE);
      const frameMs = await mountFrame(page);
      const postMs = await postAndTime(page, content);
      coldOut.push(postMs);
      if (content === SAMPLE_REACT) coldFromFrame.push(frameMs + postMs);
      warmOut.push(await postAndTime(page, content.replace('Clicked', `Run ${run}, clicked`)));
      if (content === SAMPLE_REACT) {
        const reloadMs = await mountFrame(page);
        warmCache.push(reloadMs + (await postAndTime(page, content)));
      }
      await context.close();
    }
  }
  return [
    stat(
      'React + shadcn + recharts + lucide streamed in: last token → rendered',
      streamed,
      'cold frame; 40 chars per 25 ms post while streaming',
    ),
    stat(
      'React + shadcn + recharts + lucide: cold, post → rendered',
      cold,
      'empty HTTP cache; frame page already loaded',
    ),
    stat('  the same, iframe created → rendered', coldFromFrame, 'frame page + runtime chunks + transpile + render'),
    stat('  warm HTTP cache, new frame: iframe created → rendered', warmCache, 'chunks from cache, fresh JS heap'),
    stat('  warm frame: edited content post → rendered', warm, 'each streamed update / saved edit'),
    stat('bare React component: cold, post → rendered', bareCold, 'react-dom + Sucrase + Tailwind only'),
    stat('  warm frame: edited content post → rendered', bareWarm),
  ];
}

/** Sucrase against esbuild-wasm on the sample: what each costs to ship and to run (Node, same machine). */
async function transpilerRows(): Promise<Row[]> {
  const require = createRequire(import.meta.url);
  // Both are the artifact runtime's packages (esbuild-wasm only for this comparison).
  const sucrase = require('sucrase') as typeof Sucrase;
  const esbuild = require('esbuild-wasm') as typeof EsbuildWasm;
  const runtimeAssets = new URL('../apps/web/dist/artifact-runtime/assets/', import.meta.url).pathname;
  // Sucrase is bundled into the React renderer's chunk; its own share is measured from the package.
  const sucraseDist = require.resolve('sucrase').replace(/dist\/index\.js$/, 'dist/esm');
  const sucraseBytes = readdirSync(sucraseDist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + readFileSync(join(sucraseDist, file)).length, 0);
  const wasmPath = require.resolve('esbuild-wasm/esbuild.wasm');
  const wasmBrotli = brotliCompressSync(readFileSync(wasmPath)).length;
  const reactChunk = readdirSync(runtimeAssets).find((file) => /^render-react-.*\.js$/.test(file));
  const reactChunkBrotli = reactChunk ? brotliCompressSync(readFileSync(join(runtimeAssets, reactChunk))).length : NaN;
  const options = {
    transforms: ['typescript', 'jsx', 'imports'] as ('typescript' | 'jsx' | 'imports')[],
    jsxRuntime: 'automatic' as const,
    production: true,
  };
  const sucraseTimes: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    sucrase.transform(SAMPLE_REACT, options);
    sucraseTimes.push(performance.now() - start);
  }
  const initStart = performance.now();
  await esbuild.initialize({});
  const esbuildInit = performance.now() - initStart;
  const esbuildTimes: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    await esbuild.transform(SAMPLE_REACT, { loader: 'tsx', jsx: 'automatic', format: 'cjs' });
    esbuildTimes.push(performance.now() - start);
  }
  await esbuild.stop();
  return [
    {
      measure: 'Sucrase: transform of the sample (after 50 runs)',
      p50: round(median(sucraseTimes.slice(10)), 2),
      p95: round(percentile(sucraseTimes.slice(10), 95), 2),
      unit: 'ms',
      notes: `first run ${round(sucraseTimes[0]!, 1)} ms; ESM source ${Math.round(sucraseBytes / 1024)} KB unminified; render-react chunk (react-dom + Sucrase + frame code) ${Math.round(reactChunkBrotli / 1024)} KB brotli`,
    },
    {
      measure: 'esbuild-wasm: transform of the sample',
      p50: round(median(esbuildTimes.slice(10)), 2),
      p95: round(percentile(esbuildTimes.slice(10), 95), 2),
      unit: 'ms',
      notes: `start-up (wasm compile + instantiate) ${round(esbuildInit, 0)} ms; esbuild.wasm ${Math.round(wasmBrotli / 1024)} KB brotli`,
    },
  ];
}

export async function runArtifactsBench(): Promise<{ params: Record<string, unknown>; rows: Row[] }> {
  const root = new URL('..', import.meta.url).pathname;
  execFileSync(process.execPath, ['scripts/build-web-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  const server = await startServerProcess({});
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const load: Row = {
      measure: 'machine load average (1 min) at start',
      p50: round(loadavg()[0]!, 1),
      p95: NaN,
      unit: 'processes',
      notes: `${cpus().length} cores`,
    };
    const rows = [load, ...(await browserRows(browser, server.baseUrl)), ...(await transpilerRows())];
    return { params: { runs: RUNS }, rows };
  } finally {
    await browser.close();
    await server.stop();
  }
}
