/**
 * Issue 39, caption styles: a meme in the modern layout (a white caption bar above the picture),
 * with a caption in a chosen font, one right-aligned in capitals and a sticker, drawn by the
 * browser's canvas and by the server through the one shared layout, matches within the tolerance
 * of memes.spec.ts.
 */
import { captionBoxSchema, MEME_BAR, MEME_IMAGE, MEME_TOOLS, type MemeImageOutput } from '@confab/shared';
import { expect, test } from '@playwright/test';
import { accessToken, MemeGrid, openMemeMakerChat, storedToolCalls } from '../pages/memes';
import { meanDifference, rgb } from '../support/meme-pixels';
import { MEME_STYLED_CALL } from '../support/scripted-replies';

const RENDER_TIMEOUT = 45_000;

test('a modern meme with a chosen font, alignment and a sticker draws the same in the browser and on the server', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const chat = await openMemeMakerChat(page);
  await chat.send('A styled meme [[meme-styled]]');
  const grid = new MemeGrid(page, chat.lastAssistant());
  await grid.waitUntilDrawn(1, RENDER_TIMEOUT);
  await chat.waitForIdle(RENDER_TIMEOUT);

  const token = await accessToken(page);
  const callId = await grid.slot(0).getAttribute('data-tool-call-id');
  const call = (await storedToolCalls(page, token)).find((c) => c.id === callId);
  expect(call?.name).toBe(MEME_TOOLS.image);
  const output = JSON.parse(call!.output ?? '') as MemeImageOutput;
  expect(output.overflow).toEqual([]);
  const res = await page.request.get(output.image_url, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const server = await res.body();
  const browser = await grid.fullSizePng(0);
  expect({ width: browser.width, height: browser.height }).toEqual(MEME_IMAGE);

  // The same limits as the classic memes' match (memes.spec.ts): 3/255 over the meme, 8 in a box.
  const small = { width: MEME_IMAGE.width / 4, height: MEME_IMAGE.height / 4 };
  const [serverSmall, browserSmall] = await Promise.all([rgb(server, small), rgb(browser.png, small)]);
  expect(meanDifference(serverSmall, browserSmall, small.width), 'over the meme').toBeLessThanOrEqual(3);
  for (const box of MEME_STYLED_CALL.captionsBoxes.map((b) => captionBoxSchema.parse(b))) {
    const quarter = {
      x: Math.round(box.x / 4),
      y: Math.round(box.y / 4),
      w: Math.round(box.w / 4),
      h: Math.round(box.h / 4),
    };
    expect(meanDifference(serverSmall, browserSmall, small.width, quarter), `box ${box.id}`).toBeLessThanOrEqual(8);
  }

  // Both show the modern layout: a white bar whose caption is dark, drawn without an outline.
  for (const [who, png] of [
    ['server', server],
    ['browser', browser.png],
  ] as const) {
    const bar = await rgb(png);
    let white = 0;
    let dark = 0;
    for (let i = 0; i < MEME_IMAGE.width * MEME_BAR.defaultHeight * 3; i += 3) {
      const [r, g, b] = [bar[i]!, bar[i + 1]!, bar[i + 2]!];
      if (r >= 235 && g >= 235 && b >= 235) white += 1;
      if (r <= 60 && g <= 60 && b <= 60) dark += 1;
    }
    expect(white, `${who}: the bar is white`).toBeGreaterThan(MEME_IMAGE.width * MEME_BAR.defaultHeight * 0.6);
    expect(dark, `${who}: its caption is dark`).toBeGreaterThan(2000);
  }
});
