/**
 * A reply streamed at 100 tokens a second (the simulator sends a 4-character chunk every 10 ms)
 * into a 1,000-message conversation, open at its end and following the reply: the page's frame
 * rate, from requestAnimationFrame timestamps, while the simulator is writing the stream. The
 * reply is markdown (paragraphs, a list, a code block), rendered as it grows. The idle page's
 * frame rate in the second before is the ceiling the browser gives on this machine.
 */
import type { OpenAISimulator } from '@confab/testkit';
import type { Browser, Page } from 'playwright-core';
import { watchNextStream } from '../meme-canvas.bench.js';
import { frameRates, longTasksIn, readRecord, recorderScript, setFrameRecording, waitUntilReady } from './in-page.js';
import { registerInContext } from './page-load.js';
import { profileWindow } from './profile.js';
import { seedBenchConversation } from './seed.js';

const TOKENS_PER_SECOND = 100;
const CHUNK_CHARS = 4;

const PARAGRAPH =
  'Streaming a reply means the message grows while the reader watches, so each new piece of text must be laid out and painted without holding up the next frame. ';
const REPLY = [
  `## A streamed answer\n\n${PARAGRAPH.repeat(3)}`,
  ['- the list keeps its **bold** words', '- and its `inline code`', '- while lines arrive'].join('\n'),
  PARAGRAPH.repeat(2),
  [
    '```ts',
    'export function sum(values: number[]): number {',
    '  return values.reduce((a, b) => a + b, 0);',
    '}',
    '```',
  ].join('\n'),
  PARAGRAPH.repeat(3),
].join('\n\n');

export interface StreamFrameFigures {
  streamSeconds: number;
  tokensPerSecond: number;
  idleMeanFps: number;
  meanFps: number;
  p5Fps: number;
  longestFrameMs: number;
  longTasks: number;
  longestTaskMs: number;
}

async function recordFrames(page: Page, ms: number): Promise<number[]> {
  await setFrameRecording(page, true);
  await page.waitForTimeout(ms);
  const { frames } = await readRecord(page);
  await setFrameRecording(page, false);
  return frames;
}

export async function measureStreamFrames(
  browser: Browser,
  server: { baseUrl: string; dataDir: string; sim: OpenAISimulator; endpoint: { name: string; model: string } },
  count: number,
): Promise<StreamFrameFigures> {
  server.sim.setResponder(() => ({ text: REPLY, chunkSize: CHUNK_CHARS, delayMs: 1000 / TOKENS_PER_SECOND }));
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 1000 } });
  try {
    const userId = await registerInContext(context.request);
    const seeded = seedBenchConversation({ dataDir: server.dataDir, userId, count, endpoint: server.endpoint });
    await context.addInitScript(
      recorderScript({ last: `[data-testid="message"][data-message-id="${seeded.lastId}"]` }),
    );
    const page = await context.newPage();
    await page.goto(`/c/${seeded.conversationId}`);
    await waitUntilReady(page, 'last');
    await page.waitForTimeout(1000); // the open settles
    const idle = frameRates(await recordFrames(page, 1000));

    await setFrameRecording(page, true);
    const stopProfile = await profileWindow(page, 'stream');
    const stream = watchNextStream(server.sim);
    await page.getByTestId('chat-input').fill('Explain streaming, with a list and some code.');
    await page.getByTestId('chat-input').press('Enter');
    const { opened, ended } = await stream;
    await stopProfile();
    const record = await readRecord(page);
    const timeOrigin = (await page.evaluate('performance.timeOrigin')) as number;
    const [from, to] = [opened - timeOrigin, ended - timeOrigin];
    const fps = frameRates(record.frames.filter((t) => t >= from && t <= to));
    const tasks = longTasksIn(record, from, to);
    const seconds = (ended - opened) / 1000;
    return {
      streamSeconds: seconds,
      tokensPerSecond: REPLY.length / CHUNK_CHARS / seconds,
      idleMeanFps: idle.meanFps,
      meanFps: fps.meanFps,
      p5Fps: fps.p5Fps,
      longestFrameMs: fps.longestFrameMs,
      longTasks: tasks.count,
      longestTaskMs: tasks.longestMs,
    };
  } finally {
    await context.close();
  }
}
