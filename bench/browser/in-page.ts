/**
 * What the benchmark runs inside the page. Plain JavaScript in strings: a function passed from
 * here would carry tsx's `__name` helpers, which do not exist in the page, and the app's CSP
 * forbids the eval that Playwright's string predicates need, so waiting is done by polling.
 * Times are the page's `performance.now()`: milliseconds since the navigation started.
 */
import type { Page } from 'playwright-core';
import { percentile } from '../lib/stats.js';

/** What the recorder keeps in `window.__bench`. */
export interface PageRecord {
  /** Selector name → first time the element was in view and enabled (ms since navigation). */
  ready: Record<string, number>;
  longTasks: { start: number; duration: number }[];
  /** Animation frame timestamps, while recording is on. */
  frames: number[];
}

/**
 * Installed before the app's scripts: Chrome's long tasks (PerformanceObserver 'longtask'), an
 * animation frame loop that notes when each watched element is first usable (in the viewport,
 * with a size, not disabled: painted at the end of that frame) and, when asked, every frame's time.
 */
export function recorderScript(watch: Record<string, string>): string {
  return `(() => {
  const watch = ${JSON.stringify(watch)};
  const record = { ready: {}, longTasks: [], frames: [], recording: false };
  window.__bench = record;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) record.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const isUsable = (el) => {
    if (!el || el.disabled) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight;
  };
  const onFrame = (now) => {
    if (record.recording) record.frames.push(now);
    for (const [name, selector] of Object.entries(watch)) {
      if (!(name in record.ready) && isUsable(document.querySelector(selector))) record.ready[name] = performance.now();
    }
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
})();`;
}

export const readRecord = (page: Page) => page.evaluate('window.__bench') as Promise<PageRecord>;
export const pageNow = (page: Page) => page.evaluate('performance.now()') as Promise<number>;
export const setFrameRecording = (page: Page, on: boolean) =>
  page.evaluate(`window.__bench.recording = ${on}; window.__bench.frames.length = 0`);

/** Polls until the recorder has seen `name` usable; its time in ms since the navigation. */
export async function waitUntilReady(page: Page, name: string, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = (await page.evaluate(`window.__bench && window.__bench.ready[${JSON.stringify(name)}]`)) as
      number | null;
    if (typeof at === 'number') return at;
    if (Date.now() > deadline) throw new Error(`${name} never became usable`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Long tasks that started in [from, to) of the page's clock: how many and the longest (ms). */
export function longTasksIn(record: PageRecord, from: number, to: number) {
  const durations = record.longTasks.filter((t) => t.start >= from && t.start < to).map((t) => t.duration);
  return { count: durations.length, longestMs: durations.length ? Math.max(...durations) : 0 };
}

const DIRECTION_LIMIT_MS = 20_000;

export interface ScrollRun {
  from: number;
  to: number;
  frames: number;
  reachedTop: boolean;
  reachedBottom: boolean;
}

/**
 * Scrolls the message list to its top, a `stepPx` per animation frame, then back to its end, and
 * returns the page-clock window it took and whether `topSelector` (the first message) was on the
 * page at the top. A wheel event first lets go of the list's hold on the bottom, as a reader's
 * first turn of the wheel does. An end counts as reached when the list stays there for five
 * frames (rows measured on the way move it); a direction gives up after DIRECTION_LIMIT_MS (a
 * machine too busy to draw fast enough), and the run says which ends it reached.
 */
export function scrollEndToEnd(page: Page, stepPx: number, topSelector: string): Promise<ScrollRun> {
  return page.evaluate(`(async () => {
    const list = document.querySelector('[data-testid="message-list"]');
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const from = performance.now();
    let frames = 0;
    let reachedTop = false;
    let reachedBottom = false;
    list.dispatchEvent(new WheelEvent('wheel', { deltaY: -1, bubbles: true }));
    for (const direction of [-1, 1]) {
      const atEnd = () => direction < 0 ? list.scrollTop <= 0 : list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
      const started = performance.now();
      for (let still = 0; still < 5 && performance.now() - started < ${DIRECTION_LIMIT_MS}; frames++) {
        list.scrollTop += direction * ${stepPx};
        await frame();
        still = atEnd() ? still + 1 : 0;
      }
      if (direction < 0) reachedTop = atEnd() && !!document.querySelector(${JSON.stringify(topSelector)});
      else reachedBottom = atEnd();
    }
    return { from, to: performance.now(), frames, reachedTop, reachedBottom };
  })()`) as Promise<ScrollRun>;
}

/** Frames per second over frame timestamps: the mean, and the 5th percentile frame's (its interval's 95th). */
export function frameRates(frames: number[]) {
  const intervals = frames.slice(1).map((t, i) => t - frames[i]!);
  if (!intervals.length) return { meanFps: NaN, p5Fps: NaN, longestFrameMs: NaN };
  const total = intervals.reduce((a, b) => a + b, 0);
  return {
    meanFps: (1000 * intervals.length) / total,
    p5Fps: 1000 / percentile(intervals, 95),
    longestFrameMs: Math.max(...intervals),
  };
}
