/**
 * A public link to one meme, and its alt text (issue 39), in the browser: a meme the Meme maker
 * made (`[[memes]]`) is named by its alt text for screen readers; in its expanded dialog "Alt
 * text" shows it and "Share meme" makes a link with Copy; a signed-out visitor opens the link and
 * sees the meme and its alt text, not the conversation; the download keeps the alt text; after "Stop sharing" the link is a 404.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { MemeGrid, openMemeMakerChat } from '../pages/memes';
import { MEME_GRID_CALLS } from '../support/scripted-replies';

/** Rendering the four memes takes a few seconds on a busy machine. */
const RENDER_TIMEOUT = 45_000;
const CAPTION = MEME_GRID_CALLS[0].captionsBoxes[0].caption;

test('a meme is shared by link, opened signed out with its alt text, and revoked', async ({ page, browser }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const chat = await openMemeMakerChat(page);
  await chat.send('Four memes about meetings [[memes]]');
  const grid = new MemeGrid(page, chat.lastAssistant());
  await grid.waitUntilDrawn(MEME_GRID_CALLS.length, RENDER_TIMEOUT);
  await chat.waitForIdle(RENDER_TIMEOUT);

  // Screen readers hear the alt text: the template's description, then the caption.
  const altText = new RegExp(`^Meme: .+ Top caption: \u201c${CAPTION}\u201d\\.$`);
  await expect(grid.slot(0).getByRole('img', { name: altText })).toBeVisible();

  await grid.slot(0).getByTestId('meme-expand').click();
  const dialog = page.getByTestId('meme-dialog');
  await dialog.getByRole('button', { name: 'Alt text' }).click();
  await expect(dialog.getByTestId('meme-alt-text')).toContainText(`Top caption: \u201c${CAPTION}\u201d.`);

  // The browser's own download carries the alt text in its metadata (XMP dc:description).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByTestId('meme-dialog-download').click(),
  ]);
  const { xmp } = await sharp(await readFile((await download.path())!)).metadata();
  expect(xmp?.toString('utf8')).toContain(`Top caption: “${CAPTION}”.`);

  await dialog.getByRole('button', { name: 'Share meme' }).click();
  await expect(page.getByText('Link created: anyone with it can see this meme')).toBeVisible();
  const url = await dialog.getByTestId('meme-share-url').inputValue();
  expect(url).toMatch(/\/m\/[A-Za-z0-9_-]{22,}$/);
  await dialog.getByTestId('meme-share-copy').click();
  await expect(dialog.getByTestId('meme-share-copy')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const opened = await visitorPage.goto(url);
  expect(opened?.status()).toBe(200);
  const meme = visitorPage.getByRole('img', { name: altText });
  await expect(meme).toBeVisible();
  expect(await meme.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
  await expect(visitorPage.locator('figcaption')).toContainText(`Top caption: \u201c${CAPTION}\u201d.`);
  await expect(visitorPage.locator('body')).not.toContainText('Four memes about meetings');
  const imageUrl = await visitorPage.locator('meta[property="og:image"]').getAttribute('content');
  expect(imageUrl).toMatch(/^http:\/\/.+\/m\/[A-Za-z0-9_-]+\/meme\.jpg$/);

  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByText('Stopped sharing: the link no longer opens')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Share meme' })).toBeVisible();

  expect((await visitorPage.goto(url))?.status()).toBe(404);
  await expect(visitorPage.getByRole('heading', { name: 'This meme is not shared' })).toBeVisible();
  expect((await visitorPage.request.get(imageUrl!)).status()).toBe(404);
  await visitor.close();
});
