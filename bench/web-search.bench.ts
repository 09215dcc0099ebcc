/**
 * Web search (issue 41): the time a web-searched reply adds before its first token, with every
 * fake answering at once. The server runs in this process on SQLite, with `webSearch` pointing at
 * a SearXNG fake that finds three pages on a local page server (exempted by allowedAddresses).
 * The OpenAI simulator answers at once: a searched chat's first model call returns the web_search
 * call (no text), the second the answer. Two chats alternate, each read until its first text delta:
 * - plain: `ephemeralAgent` off, one model call;
 * - searched: `ephemeralAgent: {web_search: true}`: the tool-call step, the search, three page
 *   reads (readability), passage ranking, the attachment frame, then the second model call.
 * "Added" is the difference of the medians. `runWebSearch` alone (search, reads, ranking, no
 * chat) is timed too, to show how much of it is the search itself.
 */
import { startOpenAISimulator, startPageServer, startSearxngFake, toolResultsOf } from '@confab/testkit';
import { createParser } from 'eventsource-parser';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { validateConfig } from '../apps/server/src/config/load-config.js';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { readEnv } from '../apps/server/src/env.js';
import { seedRoles } from '../apps/server/src/features/roles/roles.repo.js';
import { runWebSearch } from '../apps/server/src/features/web-search/run-web-search.js';
import { createSearxngProvider } from '../apps/server/src/features/web-search/search-providers.js';
import { loadSecrets } from '../apps/server/src/platform/secrets.js';
import { registerUser } from './lib/server-process.js';
import { median, percentile, round } from './lib/stats.js';

const RUNS = Number(process.env.BENCH_WEB_SEARCH_RUNS ?? 30);
const WARMUP = Number(process.env.BENCH_WEB_SEARCH_WARMUP ?? 5);

/** A page of about 6 KB of text, as an article's body is. */
function pageHtml(title: string, topic: string): string {
  const paragraphs = Array.from(
    { length: 12 },
    (_, i) =>
      `<p>Paragraph ${i + 1} about ${topic}: water boils at 100 degrees Celsius at sea level and at lower temperatures higher up, because the air pressure is lower. Cooks at altitude wait longer for pasta, and climbers carry pressure cookers to make up for it.</p>`,
  ).join('\n');
  return `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav><article><h1>${title}</h1>${paragraphs}</article></body></html>`;
}

async function firstToken(baseUrl: string, token: string, searched: boolean): Promise<number> {
  const t0 = performance.now();
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/agents/chat/openAI`, {
    method: 'POST',
    signal: controller.signal,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      text: searched ? 'search: boiling point at altitude' : 'plain: boiling point at altitude',
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      conversationId: null,
      ...(searched ? { ephemeralAgent: { web_search: true } } : {}),
    }),
  });
  if (!res.ok || !res.body) throw new Error(`chat failed: ${res.status} ${await res.text()}`);
  let at: number | undefined;
  let attachment = false;
  const parser = createParser({
    onEvent(message) {
      if (message.event === 'attachment') attachment = true;
      if (at === undefined && message.data.includes('"on_message_delta"')) at = performance.now() - t0;
      if (message.event === 'error') throw new Error(`chat error: ${message.data}`);
    },
  });
  const decoder = new TextDecoder();
  // Read to the end: the next chat must not overlap this one's tail.
  for await (const chunk of res.body) parser.feed(decoder.decode(chunk, { stream: true }));
  if (at === undefined) throw new Error('no text delta');
  if (searched && !attachment) throw new Error('the searched chat sent no web_search attachment');
  return at;
}

export async function runWebSearchBench(): Promise<{ rows: Record<string, unknown>[] }> {
  const openai = await startOpenAISimulator({ apiKey: 'sk-bench' });
  openai.setResponder((request) => {
    if (toolResultsOf(request).length) return { text: 'Water boils at about 70 °C on Everest [2].' };
    const last = JSON.stringify(request.messages.at(-1)?.content ?? '');
    return last.includes('search:')
      ? { toolCalls: [{ name: 'web_search', args: { query: 'boiling point at altitude' } }] }
      : { text: 'Water boils at 100 °C.' };
  });
  const pages = await startPageServer({
    '/a': { html: pageHtml('Boiling point', 'boiling') },
    '/b': { html: pageHtml('Cooking on Everest', 'altitude') },
    '/c': { html: pageHtml('Pressure cookers', 'pressure') },
  });
  const searx = await startSearxngFake({
    results: ['/a', '/b', '/c'].map((p, i) => ({ title: `Page ${i + 1}`, url: pages.urlFor(p), content: 'Snippet.' })),
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-web-search-'));
  const env = readEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    REGISTER_MAX: '100000',
    LOGIN_IP_MAX: '100000',
    TITLE_CONVO: 'false',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_REVERSE_PROXY: openai.url,
  });
  const db = openDatabase({ sqlitePath: join(dataDir, 'confab.sqlite') });
  await migrateToLatest(db);
  await seedRoles(db);
  const config = validateConfig(
    { webSearch: { searxngInstanceUrl: searx.url, allowedAddresses: [pages.hostPort] } },
    'bench',
  );
  const app = await buildApp({ env, config, db, secrets: loadSecrets(env) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const token = await registerUser(baseUrl);
    const plain: number[] = [];
    const searched: number[] = [];
    const core: number[] = [];
    const provider = createSearxngProvider({ instanceUrl: searx.url });
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const p = await firstToken(baseUrl, token, false);
      const s = await firstToken(baseUrl, token, true);
      const t0 = performance.now();
      const result = await runWebSearch(
        'boiling point at altitude',
        { allowedAddresses: [pages.hostPort] },
        { provider },
      );
      const c = performance.now() - t0;
      if (result.sources.filter((x) => x.read).length !== 3) throw new Error('a page was not read');
      if (i >= WARMUP) {
        plain.push(p);
        searched.push(s);
        core.push(c);
      }
    }
    return {
      rows: [
        {
          case: 'first token, fakes at once',
          runs: RUNS,
          'plain reply (median)': `${round(median(plain))} ms`,
          'web-searched reply (median)': `${round(median(searched))} ms`,
          'added (median diff)': `${round(median(searched) - median(plain))} ms`,
          'web-searched p90': `${round(percentile(searched, 90))} ms`,
          'runWebSearch alone (median)': `${round(median(core))} ms`,
        },
      ],
    };
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    await Promise.all([openai.close(), searx.close(), pages.close()]);
  }
}
