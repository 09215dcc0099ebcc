/**
 * The first paint of three screens (issue 35): /c/new, a conversation whose reply holds a table,
 * code and math, and an agent's chat. Each loads cold (a new browser context) and warm (the same
 * context again), optionally with the page's CPU slowed down through the DevTools protocol (a
 * slower machine, or this one under load). Read frame by frame by the e2e recorder
 * (e2e/support/first-paint.ts): the cumulative layout shift, the frames that show the reply's
 * markdown as typed, the names the header showed, and when the reply's text first showed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  FIRST_PAINT_RECORDER,
  READ_FIRST_PAINT,
  firstFrameWith,
  rawMarkdownFrames,
  type FirstPaintRecord,
} from '../../e2e/support/first-paint.js';
import { exchange, seedConversation } from '../../e2e/support/seed-conversations.js';
import { MARKDOWN_REPLY } from '@confab/testkit';
import { registerInContext } from './page-load.js';

export type PaintScreen = 'new chat' | 'conversation' | 'agent chat';

export interface FirstPaintFigures {
  screen: PaintScreen;
  cache: 'cold' | 'warm';
  cpuSlowdown: number;
  cls: number;
  /** The largest single shift's elements, to tell what moved. */
  largestShift: string;
  /** Frames that showed the reply's markdown as typed (the conversation only). */
  rawFrames: number;
  /** ms from the navigation to the first frame that showed the reply (or, on /c/new, the model's name). */
  shownMs: number | null;
  /** Every name the model selector showed, in order. */
  labels: string[];
}

const AGENT_NAME = 'Travel planner';
/** The reply's text that shows once it is on screen, formatted or not. */
const REPLY_MARK = 'alpha';
const AGENT_REPLY_MARK = 'Alfama';

/**
 * Waits for a frame that shows `mark` in a message row (if any) and a model name in the header,
 * then for the network to be quiet, the fonts in and ten more frames. A slowed-down page can be
 * quiet on the network long before it has drawn everything.
 */
async function settle(page: Page, mark: string | null): Promise<FirstPaintRecord> {
  const shown = `window.__firstPaint.frames.some((f) => f.label !== null && f.messages.includes(${JSON.stringify(mark ?? '')}))`;
  const deadline = Date.now() + 60_000;
  while (!(await page.evaluate(shown))) {
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(`document.fonts.ready.then(() => new Promise((resolve) => {
    let frames = 0;
    const next = () => (++frames >= 10 ? resolve() : requestAnimationFrame(next));
    requestAnimationFrame(next);
  }))`);
  return (await page.evaluate(READ_FIRST_PAINT)) as FirstPaintRecord;
}

/** A signed-in user with a bookmark (the sidebar's bookmark row) and a few conversations; the screen's path. */
async function prepare(context: BrowserContext, dataDir: string, screen: PaintScreen): Promise<string> {
  const userId = await registerInContext(context.request);
  const refreshed = await context.request.post('/api/auth/refresh');
  const { token } = (await refreshed.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  await context.request.post('/api/tags', { headers, data: { tag: 'Work' } });
  for (const title of ['Lisbon trip', 'Refactor hooks', 'OKR draft'])
    seedConversation({ dataDir, userId, title, messages: exchange(`About ${title}`, 'Some answer.') });
  if (screen === 'new chat') return '/c/new';
  if (screen === 'conversation') {
    const messages = exchange('Show me a table, code and math', MARKDOWN_REPLY);
    return `/c/${seedConversation({ dataDir, userId, title: 'Formatted reply', messages }).conversationId}`;
  }
  const created = await context.request.post('/api/agents', {
    headers,
    data: { name: AGENT_NAME, provider: 'openAI', model: 'gpt-4o-mini' },
  });
  if (!created.ok()) throw new Error(`agent: ${created.status()}`);
  const agent = (await created.json()) as { id: string };
  const { conversationId } = seedConversation({
    dataDir,
    userId,
    title: 'Planned trip',
    endpoint: 'agents',
    model: 'gpt-4o-mini',
    settings: { agent_id: agent.id },
    messages: exchange('Plan a day in Lisbon', 'Start at **Belém**, then take the tram up to Alfama.'),
  });
  return `/c/${conversationId}`;
}

function markOf(screen: PaintScreen): string | null {
  return screen === 'conversation' ? REPLY_MARK : screen === 'agent chat' ? AGENT_REPLY_MARK : null;
}

function figures(
  record: FirstPaintRecord,
  screen: PaintScreen,
  cache: 'cold' | 'warm',
  cpuSlowdown: number,
): FirstPaintFigures {
  const labels = record.frames.flatMap((f, i) =>
    f.label !== null && f.label !== record.frames[i - 1]?.label ? [f.label] : [],
  );
  const largest = record.shifts.reduce<FirstPaintRecord['shifts'][number] | null>(
    (max, s) => (max && max.value >= s.value ? max : s),
    null,
  );
  const mark = markOf(screen);
  return {
    screen,
    cache,
    cpuSlowdown,
    cls: record.cls,
    largestShift: largest ? largest.sources.join(', ') : '',
    rawFrames: screen === 'conversation' ? rawMarkdownFrames(record, REPLY_MARK).length : 0,
    shownMs: mark ? firstFrameWith(record, mark) : (record.frames.find((f) => f.label !== null)?.at ?? null),
    labels,
  };
}

export async function measureFirstPaint(
  browser: Browser,
  server: { baseUrl: string; dataDir: string },
  cpuSlowdowns: readonly number[],
): Promise<FirstPaintFigures[]> {
  const results: FirstPaintFigures[] = [];
  for (const cpuSlowdown of cpuSlowdowns) {
    for (const screen of ['new chat', 'conversation', 'agent chat'] as const) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 } });
      try {
        await context.addInitScript(FIRST_PAINT_RECORDER);
        const path = await prepare(context, server.dataDir, screen);
        const page = await context.newPage();
        if (cpuSlowdown > 1) {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
        }
        for (const cache of ['cold', 'warm'] as const) {
          await page.goto(path);
          results.push(figures(await settle(page, markOf(screen)), screen, cache, cpuSlowdown));
        }
      } finally {
        await context.close();
      }
    }
  }
  return results;
}
