/**
 * Animated memes (issue 39) in the browser: the Meme maker's scripted model (`[[meme-gif]]`,
 * MEME_GIF_CALL) asks create_meme_video for an animated GIF; the slot plays it as a picture, at
 * most 300 px tall, and downloads it as a GIF under the video's name.
 */
import { execFileSync } from 'node:child_process';
import ffprobe from '@ffprobe-installer/ffprobe';
import { MEME_DOWNLOAD, MEME_TOOLS, MEME_UI } from '@confab/shared';
import { expect, test } from '@playwright/test';
import { MemeGrid, openMemeMakerChat } from '../pages/memes';
import { MEME_GIF_CALL } from '../support/scripted-replies';

/** Rendering takes a few seconds on a busy machine. */
const RENDER_TIMEOUT = 60_000;
const GIF_NAME = new RegExp(`^${MEME_DOWNLOAD.videoPrefix}\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z\\.gif$`);

test('an animated GIF meme plays as a picture and downloads as a GIF', async ({ page }) => {
  const chat = await openMemeMakerChat(page);
  await chat.send('A GIF about mornings [[meme-gif]]');
  const grid = new MemeGrid(page, chat.lastAssistant());
  const slot = grid.slots.filter({ has: page.getByTestId('meme-video-slot') });
  await expect(slot).toHaveCount(1, { timeout: RENDER_TIMEOUT });
  await expect(slot).toHaveAttribute('data-tool', MEME_TOOLS.video);
  await expect(slot.getByTestId('meme-video-slot')).toHaveAttribute('data-phase', 'ready', { timeout: RENDER_TIMEOUT });
  await chat.waitForIdle(RENDER_TIMEOUT);

  const gif = slot.getByTestId('meme-video');
  const shown = await gif.evaluate((element) => ({
    tag: element.tagName,
    width: (element as HTMLImageElement).naturalWidth,
    height: element.getBoundingClientRect().height,
  }));
  expect(shown.tag).toBe('IMG');
  expect(shown.width).toBe(MEME_GIF_CALL.width);
  expect(shown.height).toBeLessThanOrEqual(MEME_UI.videoMaxHeightPx);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    slot.getByTestId('meme-video-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(GIF_NAME);
  const probe = JSON.parse(
    execFileSync(
      ffprobe.path,
      [
        '-v',
        'error',
        '-count_frames',
        '-show_entries',
        'stream=codec_name,width,nb_read_frames',
        '-of',
        'json',
        await download.path(),
      ],
      { encoding: 'utf8' },
    ),
  ) as { streams: { codec_name: string; width: number; nb_read_frames: string }[] };
  const scene = MEME_GIF_CALL.scenes[0];
  expect(probe.streams[0]).toEqual({
    codec_name: 'gif',
    width: MEME_GIF_CALL.width,
    nb_read_frames: String(scene.seconds * MEME_GIF_CALL.fps),
  });
});
