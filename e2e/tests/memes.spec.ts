/**
 * Memes (issue 21) in the browser, through the built-in "Meme maker" agent whose scripted model
 * (support/scripted-replies.ts: `[[memes]]`, `[[meme-video]]`) calls the real meme tools:
 * - the grid shows 4 captioned images, drawn (caption white and outline on the canvas);
 * - an image downloads as a 1080×1920 JPEG named meme-<timestamp>.jpg;
 * - the video plays and downloads as confab-video-<timestamp>.mp4, an H.264 mp4;
 * - a like survives a reload (and pressing it again takes it back);
 * - a long caption shrinks to fit without a warning; a box too small for any size warns;
 * - the browser's canvas and the server's rendered JPEG of the same call match within a tolerance;
 * - the expand dialog closes on Escape and gives focus back to its button;
 * - on a phone the four memes sit 2×2, every caption at least MEME_UI.slotCaption.minCssPx tall
 *   on screen, and the reply shows the Meme maker's own avatar;
 * - a failed meme says so in one sentence, its error behind a disclosure.
 * With MEMES_SHOTS_DIR set, one more test saves screenshots of the grid (light, dark, phone).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ffprobe from '@ffprobe-installer/ffprobe';
import { createCanvas } from '@napi-rs/canvas';
import {
  captionBoxSchema,
  fitCaption,
  MEME_AGENT_AVATAR,
  MEME_DOWNLOAD,
  MEME_IMAGE,
  MEME_TOOLS,
  MEME_UI,
  type MemeImageOutput,
} from '@confab/shared';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ensureMemeFonts } from '../../apps/server/src/features/memes/meme-fonts';
import type { ChatPage } from '../pages/chat-page';
import { accessToken, MemeGrid, openMemeMakerChat, storedToolCalls, type MemeRegion } from '../pages/memes';
import { meanDifference, rgb } from '../support/meme-pixels';
import { MEME_GRID_CALLS, MEME_VIDEO_CALL, TINY_BOX } from '../support/scripted-replies';

/** `downloadTimestamp()` of packages/shared: an ISO time with `:` and `.` made file-name safe. */
const TIMESTAMP = String.raw`\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z`;
const IMAGE_NAME = new RegExp(`^${MEME_DOWNLOAD.imagePrefix}${TIMESTAMP}\\.jpg$`);
const VIDEO_NAME = new RegExp(`^${MEME_DOWNLOAD.videoPrefix}${TIMESTAMP}\\.mp4$`);

/** The slots of `[[memes]]`, by what each one tests. */
const SLOT = { short: 0, long: 1, tiny: 2, rotated: 3 } as const;

/** Rendering the memes takes a few seconds on a busy machine; the video longer. */
const RENDER_TIMEOUT = 45_000;

/** Sends `[[memes]]` to the Meme maker and waits until the reply's 4 memes are drawn. */
async function makeMemes(page: Page): Promise<{ chat: ChatPage; grid: MemeGrid }> {
  const chat = await openMemeMakerChat(page);
  await chat.send('Four memes about meetings [[memes]]');
  const grid = new MemeGrid(page, chat.lastAssistant());
  await grid.waitUntilDrawn(MEME_GRID_CALLS.length, RENDER_TIMEOUT);
  await chat.waitForIdle(RENDER_TIMEOUT);
  return { chat, grid };
}

type Box = { x: number; y: number; width: number; height: number };

/** The first caption box of a slot's call: where its white text must be. */
const firstBox = (slot: number): MemeRegion => MEME_GRID_CALLS[slot]!.captionsBoxes[0]!;

/** Caption-white pixels (every channel ≥ 235) of raw RGB inside `region`. */
function whitePixels(raw: Buffer, width: number, region: MemeRegion): number {
  let count = 0;
  for (let y = region.y; y < region.y + region.h; y++) {
    for (let x = region.x; x < region.x + region.w; x++) {
      const i = (y * width + x) * 3;
      if (raw[i]! >= 235 && raw[i + 1]! >= 235 && raw[i + 2]! >= 235) count += 1;
    }
  }
  return count;
}

/** The rows and columns, inside `region`, that hold caption-white pixels (every channel ≥ 235). */
function whiteExtent(
  raw: Buffer,
  width: number,
  region: MemeRegion,
): { top: number; bottom: number; left: number; right: number } {
  const extent = { top: Infinity, bottom: -Infinity, left: Infinity, right: -Infinity };
  for (let y = region.y; y < region.y + region.h; y++) {
    for (let x = region.x; x < region.x + region.w; x++) {
      const i = (y * width + x) * 3;
      if (raw[i]! < 235 || raw[i + 1]! < 235 || raw[i + 2]! < 235) continue;
      extent.top = Math.min(extent.top, y);
      extent.bottom = Math.max(extent.bottom, y);
      extent.left = Math.min(extent.left, x);
      extent.right = Math.max(extent.right, x);
    }
  }
  return extent;
}

/** The output JSON of the stored `create_meme_image` call shown in a slot. */
async function imageOutputOf(page: Page, grid: MemeGrid, slot: number, token: string): Promise<MemeImageOutput> {
  const callId = await grid.slot(slot).getAttribute('data-tool-call-id');
  const call = (await storedToolCalls(page, token)).find((c) => c.id === callId);
  expect(call?.name).toBe(MEME_TOOLS.image);
  return JSON.parse(call!.output ?? '') as MemeImageOutput;
}

test.describe('memes', () => {
  // Each test renders four memes (or a video) on the server: room for a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('the grid shows 4 captioned images once the reply is done', async ({ page }) => {
    const { chat, grid } = await makeMemes(page);
    await expect(chat.textOf(chat.lastAssistant())).toContainText('Here are four options.');
    await expect(grid.slots).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      await expect(grid.slot(i)).toHaveAttribute('data-tool', MEME_TOOLS.image);
      await expect(grid.canvas(i)).toHaveJSProperty('width', MEME_IMAGE.width);
      await expect(grid.canvas(i)).toHaveJSProperty('height', MEME_IMAGE.height);
      // Not blank: the caption's box holds white letters and their dark outline.
      const ink = await grid.inkIn(i, firstBox(i));
      expect(ink.white, `white caption pixels in slot ${i}`).toBeGreaterThan(500);
      expect(ink.dark, `outline pixels in slot ${i}`).toBeGreaterThan(200);
    }
  });

  test('an image downloads as a 1080×1920 JPEG named with a timestamp', async ({ page }) => {
    const { grid } = await makeMemes(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      grid.slot(SLOT.short).getByTestId('meme-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(IMAGE_NAME);
    const file = await download.path();
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('jpeg');
    expect({ width: meta.width, height: meta.height }).toEqual(MEME_IMAGE);
    // The file is the captioned meme, not an empty frame.
    const raw = await rgb(await sharp(file).toBuffer());
    expect(whitePixels(raw, MEME_IMAGE.width, firstBox(SLOT.short))).toBeGreaterThan(500);
  });

  test('the video plays and downloads as an H.264 mp4 with the prefix name', async ({ page }) => {
    const chat = await openMemeMakerChat(page);
    await chat.send('A short video about coffee [[meme-video]]');
    const grid = new MemeGrid(page, chat.lastAssistant());
    const slot = grid.slots.filter({ has: page.getByTestId('meme-video-slot') });
    await expect(slot).toHaveCount(1, { timeout: RENDER_TIMEOUT });
    await expect(slot).toHaveAttribute('data-tool', MEME_TOOLS.video);
    await expect(slot.getByTestId('meme-video-slot')).toHaveAttribute('data-phase', 'ready', {
      timeout: RENDER_TIMEOUT,
    });
    await chat.waitForIdle(RENDER_TIMEOUT);
    await expect(chat.textOf(chat.lastAssistant())).toContainText('Here is your video.');

    const video = slot.getByTestId('meme-video');
    // Issue 39: the server's captioned poster shows until it plays (loaded with the token, as the video).
    await expect(video).toHaveAttribute('poster', /^blob:/);
    const duration = await video.evaluate(async (element) => {
      const v = element as HTMLVideoElement;
      if (v.readyState < HTMLMediaElement.HAVE_METADATA) {
        await new Promise((resolve, reject) => {
          v.addEventListener('loadedmetadata', resolve, { once: true });
          v.addEventListener('error', () => reject(new Error(`video error ${v.error?.code}`)), { once: true });
        });
      }
      return v.duration;
    });
    expect(duration).toBeGreaterThan(0);
    const seconds = MEME_VIDEO_CALL.scenes[0].seconds;
    expect(duration).toBeLessThan(seconds + 2);
    // It plays: muted (autoplay policy), its time moves on and it has frames to show.
    await video.evaluate((element) => {
      const v = element as HTMLVideoElement;
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((e) => (e as HTMLVideoElement).currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await video.evaluate((e) => (e as HTMLVideoElement).readyState)).toBeGreaterThanOrEqual(2);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      slot.getByTestId('meme-video-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(VIDEO_NAME);
    const probe = JSON.parse(
      execFileSync(
        ffprobe.path,
        ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', await download.path()],
        {
          encoding: 'utf8',
        },
      ),
    ) as {
      streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
      format: { duration: string; format_name: string };
    };
    const stream = probe.streams.find((s) => s.codec_type === 'video');
    expect(stream?.codec_name).toBe('h264');
    expect(probe.format.format_name).toContain('mp4');
    expect(Number(probe.format.duration)).toBeGreaterThan(0);
    expect(stream?.width).toBeLessThanOrEqual(MEME_IMAGE.width);
    expect(stream?.height).toBeLessThanOrEqual(MEME_IMAGE.height);
  });

  test('a like survives a reload, and pressing it again takes it back', async ({ page }) => {
    const { grid } = await makeMemes(page);
    const like = () => grid.slot(SLOT.short).getByTestId('meme-like');
    const dislike = () => grid.slot(SLOT.short).getByTestId('meme-dislike');
    const saved = (method: string) =>
      page.waitForResponse(
        (r) => r.url().includes('/api/memes/reactions') && r.request().method() === method && r.ok(),
      );

    await expect(like()).toHaveAttribute('aria-pressed', 'false');
    const put = saved('PUT');
    await like().click();
    await expect(like()).toHaveAttribute('aria-pressed', 'true');
    await expect(like()).toHaveAttribute('data-count', '1');
    await put;

    await page.reload();
    await grid.waitUntilDrawn(4, RENDER_TIMEOUT);
    await expect(like()).toHaveAttribute('aria-pressed', 'true');
    await expect(like()).toHaveAttribute('data-count', '1');
    await expect(dislike()).toHaveAttribute('aria-pressed', 'false');
    // Only the liked slot: the others are untouched.
    await expect(grid.slot(SLOT.long).getByTestId('meme-like')).toHaveAttribute('aria-pressed', 'false');

    const takeBack = saved('PUT');
    await like().click();
    await expect(like()).toHaveAttribute('aria-pressed', 'false');
    await expect(like()).toHaveAttribute('data-count', '0');
    await takeBack;
    await page.reload();
    await grid.waitUntilDrawn(4, RENDER_TIMEOUT);
    await expect(like()).toHaveAttribute('aria-pressed', 'false');
    await expect(like()).toHaveAttribute('data-count', '0');
  });

  test('a long caption shrinks to fit; a box too small for any size warns', async ({ page }) => {
    // The fixture does what it claims, with the same fonts and layout as both renderers.
    ensureMemeFonts();
    const measurer = createCanvas(8, 8).getContext('2d') as unknown as Parameters<typeof fitCaption>[2];
    const long = captionBoxSchema.parse(MEME_GRID_CALLS[SLOT.long].captionsBoxes[0]);
    const longFit = fitCaption(long.caption, long, measurer, 'en');
    expect(longFit.fontSize).toBeLessThan(50);
    expect(longFit.fits).toBe(true);
    expect(fitCaption(TINY_BOX.caption, TINY_BOX, measurer, 'en').fits).toBe(false);

    const { grid } = await makeMemes(page);
    await expect(grid.slot(SLOT.tiny).getByTestId('meme-caption-warning')).toBeVisible();
    for (const slot of [SLOT.short, SLOT.long, SLOT.rotated]) {
      await expect(grid.slot(slot).getByTestId('meme-caption-warning')).toHaveCount(0);
    }
    // The long caption is drawn (shrunk, not cut): its box has white letters.
    expect((await grid.inkIn(SLOT.long, long)).white).toBeGreaterThan(500);

    // The server agrees: only the tiny box is reported as not fitting.
    const token = await accessToken(page);
    expect((await imageOutputOf(page, grid, SLOT.tiny, token)).overflow).toEqual([TINY_BOX.id]);
    expect((await imageOutputOf(page, grid, SLOT.long, token)).overflow).toEqual([]);
  });

  test("the browser's full-size canvas and the server's render of the same call match", async ({ page }) => {
    const { grid } = await makeMemes(page);
    const token = await accessToken(page);
    // The expanded view draws the full layout (the grid's slots keep small captions legible instead).
    // Compared at a quarter of the size, where JPEG blocks and antialiasing average out. Both draw
    // the same PNG with the same layout, fonts and Skia, so what is left is the JPEG (quality 90)
    // and glyph edges: about 1/255 over the meme and up to 5/255 in a caption's box. A caption
    // a few pixels off or wrapped differently costs 6-45/255 in its box, so the limits are 3 and 8.
    const small = { width: MEME_IMAGE.width / 4, height: MEME_IMAGE.height / 4 };
    for (let slot = 0; slot < MEME_GRID_CALLS.length; slot++) {
      const output = await imageOutputOf(page, grid, slot, token);
      expect({ width: output.width, height: output.height }).toEqual(MEME_IMAGE);
      const res = await page.request.get(output.image_url, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.ok(), `GET ${output.image_url}`).toBe(true);
      const server = await res.body();
      const browser = await grid.fullSizePng(slot);
      expect({ width: browser.width, height: browser.height }).toEqual(MEME_IMAGE);

      const [serverSmall, browserSmall] = await Promise.all([rgb(server, small), rgb(browser.png, small)]);
      const overall = meanDifference(serverSmall, browserSmall, small.width);
      expect(overall, `slot ${slot}: mean difference over the meme`).toBeLessThanOrEqual(3);
      const [serverFull, browserFull] = await Promise.all([rgb(server), rgb(browser.png)]);
      for (const box of MEME_GRID_CALLS[slot]!.captionsBoxes) {
        if (box.id === TINY_BOX.id) continue;
        const quarter = {
          x: Math.round(box.x / 4),
          y: Math.round(box.y / 4),
          w: Math.round(box.w / 4),
          h: Math.round(box.h / 4),
        };
        const inBox = meanDifference(serverSmall, browserSmall, small.width, quarter);
        expect(inBox, `slot ${slot}, caption ${box.id}: mean difference in its box`).toBeLessThanOrEqual(8);
        // Both hold the caption's white letters, spanning the same rows and columns (±2 px).
        const label = `slot ${slot}, caption ${box.id}`;
        const region = { x: box.x, y: box.y, w: box.w, h: box.h };
        expect(
          whitePixels(serverFull, MEME_IMAGE.width, region),
          `${label}: white in the server's render`,
        ).toBeGreaterThan(500);
        expect(whitePixels(browserFull, MEME_IMAGE.width, region), `${label}: white on the canvas`).toBeGreaterThan(
          500,
        );
        const serverInk = whiteExtent(serverFull, MEME_IMAGE.width, region);
        const browserInk = whiteExtent(browserFull, MEME_IMAGE.width, region);
        for (const side of ['top', 'bottom', 'left', 'right'] as const) {
          expect(
            Math.abs(serverInk[side] - browserInk[side]),
            `${label}: ${side} of the text (server ${serverInk[side]}, canvas ${browserInk[side]})`,
          ).toBeLessThanOrEqual(2);
        }
      }
    }
  });

  test('expanding a slot opens the dialog; Escape closes it and gives focus back', async ({ page }) => {
    const { grid } = await makeMemes(page);
    const expand = grid.slot(SLOT.rotated).getByTestId('meme-expand');
    await expand.click();
    const dialog = page.getByTestId('meme-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('meme-dialog-canvas')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(expand).toBeFocused();
  });

  test('on a phone four memes sit 2×2 with legible captions, under the Meme maker’s avatar', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { chat, grid } = await makeMemes(page);
    const boxes = await Promise.all([0, 1, 2, 3].map(async (i) => (await grid.slot(i).boundingBox())!));
    const [a, b, c, d] = boxes as [Box, Box, Box, Box];
    // Two rows of two: side by side in a row, one above the other in a column, all on screen's width.
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(Math.abs(c.y - d.y)).toBeLessThan(2);
    expect(b.x).toBeGreaterThanOrEqual(a.x + a.width);
    expect(Math.abs(a.x - c.x)).toBeLessThan(2);
    expect(c.y).toBeGreaterThanOrEqual(a.y + a.height);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    // Every caption reads: none drawn under the floor at the size the slot shows it, the long one
    // included (SPEC 5 alone would draw it at about 7 px there).
    for (let i = 0; i < 4; i++) {
      await expect
        .poll(async () => Number(await grid.canvas(i).getAttribute('data-smallest-caption-px')), {
          message: `smallest caption of slot ${i}`,
        })
        .toBeGreaterThanOrEqual(MEME_UI.slotCaption.minCssPx);
    }
    // The reply is signed with the Meme maker's own picture, not the generic mark.
    const avatar = chat.lastAssistant().getByTestId('message-avatar-image').filter({ visible: true });
    await expect(avatar).toHaveAttribute('src', MEME_AGENT_AVATAR);
    await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });

  test('a failed meme says so in a sentence, its error behind a disclosure', async ({ page }) => {
    const chat = await openMemeMakerChat(page);
    await chat.send('A meme that cannot work [[meme-invalid]]');
    const slot = new MemeGrid(page, chat.lastAssistant()).slot(0);
    await expect(slot).toHaveAttribute('data-status', 'error', { timeout: RENDER_TIMEOUT });
    await chat.waitForIdle();
    await expect(slot.getByTestId('meme-slot-error-summary')).toHaveText("This meme couldn't be made.");
    const details = slot.getByTestId('meme-slot-error-details');
    const error = details.locator('pre');
    // The schema error is there for whoever wants it, not in the way.
    await expect(error).toBeHidden();
    await details.locator('summary').click();
    await expect(error).toBeVisible();
    await expect(error).toContainText('imageUrlString');
    const fontSize = await error.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(12);
    // Nothing to expand or download.
    await expect(slot.getByTestId('meme-download')).toHaveCount(0);
  });

  test('screenshots of the grid: desktop light and dark, phone', async ({ page }) => {
    const dir = process.env.MEMES_SHOTS_DIR;
    test.skip(!dir, 'set MEMES_SHOTS_DIR to save screenshots');
    mkdirSync(dir!, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.emulateMedia({ colorScheme: 'light' });
    const { grid } = await makeMemes(page);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.screenshot({ path: join(dir!, 'desktop-light.png') });

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(isDark).toBe(true);
    await page.screenshot({ path: join(dir!, 'desktop-dark.png') });

    // A phone opens the chat afresh (the sidebar starts closed there): two by two.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await grid.waitUntilDrawn(MEME_GRID_CALLS.length, RENDER_TIMEOUT);
    await grid.slot(0).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dir!, 'phone-390.png') });
    await grid.slot(SLOT.tiny).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dir!, 'phone-390-warning.png') });
  });
});
