/**
 * BENCH_BROWSER_PROFILE_DIR: a CDP CPU profile of a measured window (open it in Chrome's
 * DevTools), and, printed, its busy stretches over 50 ms with the app functions that took their
 * time, mapped to the sources through the build's source maps (lib/cpu-profile-busy.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { busyStretches, type CpuProfile } from '../lib/cpu-profile-busy.js';

const PROFILE_DIR = process.env.BENCH_BROWSER_PROFILE_DIR;
const ASSETS = new URL('../../apps/web/dist/assets/', import.meta.url).pathname;

/** Starts profiling the page when asked to; the returned function stops and reports it. */
export async function profileWindow(page: Page, label: string): Promise<() => Promise<void>> {
  if (!PROFILE_DIR) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    const path = join(PROFILE_DIR, `browser-${label}-${Date.now()}.cpuprofile`);
    writeFileSync(path, JSON.stringify(profile));
    console.log(`${label}: ${path}`);
    // A frame with no known position (-1: a whole script's top level) would make the source map lookup throw.
    for (const { callFrame } of profile.nodes) {
      callFrame.lineNumber = Math.max(0, callFrame.lineNumber);
      callFrame.columnNumber = Math.max(0, callFrame.columnNumber);
    }
    console.log(JSON.stringify(await busyStretches(profile as CpuProfile, ASSETS), null, 2));
  };
}
