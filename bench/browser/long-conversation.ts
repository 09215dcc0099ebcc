/**
 * A 10,000-message conversation: the time from the navigation to /c/{id} (the app already cached,
 * as when a user comes back to it) to the frame in which its last message is in view, then a
 * scroll to its first message and back to its end, one step per animation frame. Chrome's long
 * tasks are counted in each window, and the frame rate of the scroll is kept.
 */
import type { Browser } from 'playwright-core';
import {
  frameRates,
  longTasksIn,
  readRecord,
  recorderScript,
  scrollEndToEnd,
  setFrameRecording,
  waitUntilReady,
} from './in-page.js';
import { registerInContext } from './page-load.js';
import { profileWindow } from './profile.js';
import { seedBenchConversation } from './seed.js';

/**
 * Per frame: eight viewports. Every frame renders rows it has not shown yet, as dragging the
 * scrollbar does; a smaller step costs each frame the same and only takes longer (a third to
 * half of each step up is given back as the rows above get measured taller than estimated).
 */
const SCROLL_STEP_PX = 8000;
/** Long tasks right after the last message shows (the rest of the open) count with the open. */
const OPEN_TAIL_MS = 1000;

export interface LongConversationFigures {
  openMs: number;
  openLongTasks: number;
  openLongestTaskMs: number;
  scrollMs: number;
  scrollStepPx: number;
  scrollFrames: number;
  /** Which ends the scroll reached, e.g. "top and bottom". */
  scrollReached: string;
  scrollLongTasks: number;
  scrollLongestTaskMs: number;
  scrollMeanFps: number;
  scrollP5Fps: number;
}

export async function measureLongConversation(
  browser: Browser,
  server: { baseUrl: string; dataDir: string },
  count: number,
): Promise<LongConversationFigures> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 1000 } });
  try {
    const userId = await registerInContext(context.request);
    const seeded = seedBenchConversation({ dataDir: server.dataDir, userId, count });
    const lastMessage = `[data-testid="message"][data-message-id="${seeded.lastId}"]`;
    await context.addInitScript(recorderScript({ chat: '[data-testid="chat-input"]', last: lastMessage }));
    const page = await context.newPage();
    // The app's code and the session first, so the figure is the conversation's, not a cold start's.
    await page.goto('/c/new');
    await waitUntilReady(page, 'chat');
    const stopOpenProfile = await profileWindow(page, 'open');
    await page.goto(`/c/${seeded.conversationId}`);
    const openMs = await waitUntilReady(page, 'last');
    await page.waitForTimeout(OPEN_TAIL_MS);
    await stopOpenProfile();
    const opened = await readRecord(page);
    const openTasks = longTasksIn(opened, 0, openMs + OPEN_TAIL_MS);

    await setFrameRecording(page, true);
    const stopScrollProfile = await profileWindow(page, 'scroll');
    const scroll = await scrollEndToEnd(page, SCROLL_STEP_PX, `[data-message-id="${seeded.firstId}"]`);
    await stopScrollProfile();
    const scrolled = await readRecord(page);
    const scrollTasks = longTasksIn(scrolled, scroll.from, scroll.to);
    const fps = frameRates(scrolled.frames.filter((t) => t >= scroll.from && t <= scroll.to));
    return {
      openMs,
      openLongTasks: openTasks.count,
      openLongestTaskMs: openTasks.longestMs,
      scrollMs: scroll.to - scroll.from,
      scrollStepPx: SCROLL_STEP_PX,
      scrollFrames: scroll.frames,
      scrollReached:
        [scroll.reachedTop && 'top', scroll.reachedBottom && 'bottom'].filter(Boolean).join(' and ') || 'neither end',
      scrollLongTasks: scrollTasks.count,
      scrollLongestTaskMs: scrollTasks.longestMs,
      scrollMeanFps: fps.meanFps,
      scrollP5Fps: fps.p5Fps,
    };
  } finally {
    await context.close();
  }
}
