/**
 * The meme template library (issue 39) in the browser's gallery:
 * - a word typed in the search box brings its template first (the search runs once typing pauses);
 * - a picture of the user's own, added with "Add your own", becomes a personal template they find
 *   by its keyword, choose into the composer and delete;
 * - its caption boxes drawn in the editor ("Draw boxes") are the ones the template then suggests;
 * - a meme's picture, from its expanded dialog, and a picture attached to a message, from its
 *   full-size viewer, saved as personal templates (no second upload).
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUpToNewChat } from '../pages/chat-page';
import { FilesPanel, pngFile } from '../pages/files-panel';
import { MemeEditor } from '../pages/meme-editor';
import { MemeGrid, openMemeMakerChat } from '../pages/memes';
import { MEME_GRID_CALLS } from '../support/scripted-replies';

/** Rendering the memes takes a few seconds on a busy machine. */
const RENDER_TIMEOUT = 45_000;

const solidPng = (background: string) =>
  sharp({ create: { width: 600, height: 400, channels: 3, background } })
    .png()
    .toBuffer();

/** The gallery, opened from the composer. */
async function openGallery(page: Page) {
  await page.getByTestId('meme-gallery-button').click();
  const gallery = page.getByTestId('meme-gallery');
  await expect(gallery.getByTestId('meme-template')).not.toHaveCount(0);
  return gallery;
}

test.describe('the meme template gallery', () => {
  test('finds a template by a word, best match first', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await page.getByTestId('meme-gallery-button').click();
    const gallery = page.getByTestId('meme-gallery');
    const templates = gallery.getByTestId('meme-template');
    await expect(templates).not.toHaveCount(0);

    await gallery.getByTestId('meme-gallery-search').fill('forecast');
    await expect(templates.first()).toHaveAttribute('data-template', 'weather-forecast');
    await templates.first().click();
    await expect(gallery).toBeHidden();
    await expect(chat.input).toHaveValue(/template:weather-forecast/);
  });

  test('adds a personal template from an uploaded picture, finds it, and deletes it', async ({ page }) => {
    await signUpToNewChat(page);
    await page.getByTestId('meme-gallery-button').click();
    const gallery = page.getByTestId('meme-gallery');
    await expect(gallery.getByTestId('meme-template')).not.toHaveCount(0);

    const picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
    await gallery.getByTestId('meme-template-file').setInputFiles({
      name: 'barnaby-the-dog.png',
      mimeType: 'image/png',
      buffer: picture,
    });
    const form = gallery.getByTestId('meme-template-add-form');
    await expect(form.getByTestId('meme-template-name')).toHaveValue('barnaby the dog');
    await form.getByTestId('meme-template-name').fill('Barnaby');
    await form.getByTestId('meme-template-keywords').fill('dachshund, good boy');
    // Not an administrator: no "for everyone".
    await expect(form.getByTestId('meme-template-for-everyone')).toHaveCount(0);
    await form.getByTestId('meme-template-save').click();
    await expect(form).toBeHidden();

    await gallery.getByTestId('meme-gallery-search').fill('dachshund');
    const found = gallery.getByTestId('meme-template').first();
    await expect(found).toHaveAccessibleName('Use the Barnaby template');
    await expect(found.getByTestId('meme-template-badge')).toHaveText('Personal');
    // Its thumbnail loads (a plain <img>, no token).
    await expect
      .poll(() => found.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(270);

    await gallery.getByRole('button', { name: 'Delete the Barnaby template' }).click();
    await expect(gallery.getByRole('button', { name: 'Use the Barnaby template' })).toHaveCount(0);
  });

  test('draws the boxes of a new template in the editor; the template then suggests them', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    // A conversation, so the gallery offers "Edit" on a template.
    await chat.send('hello');
    await chat.waitForIdle();
    const gallery = await openGallery(page);
    await gallery.getByTestId('meme-template-file').setInputFiles({
      name: 'pigeon.png',
      mimeType: 'image/png',
      buffer: await solidPng('#6a994e'),
    });
    const form = gallery.getByTestId('meme-template-add-form');
    await form.getByTestId('meme-template-name').fill('Pigeon');
    await form.getByTestId('meme-template-keywords').fill('pigeon');
    await form.getByTestId('meme-template-draw-boxes').click();

    const editor = new MemeEditor(page);
    await editor.waitUntilReady();
    await expect(editor.root).toHaveAccessibleName('Template boxes');
    await expect(editor.boxes).toHaveCount(2);
    const before = await editor.geometry(0);
    await editor.dragBox(0, 0, 80);
    await expect.poll(async () => (await editor.geometry(0)).y).toBeGreaterThan(before.y + 100);
    const drawn = await editor.geometry(0);
    await editor.save.click();
    await expect(editor.root).toBeHidden();
    await expect(form).toBeHidden();

    await gallery.getByTestId('meme-gallery-search').fill('pigeon');
    await expect(gallery.getByTestId('meme-template').first()).toHaveAccessibleName('Use the Pigeon template');
    await gallery.getByRole('button', { name: 'Edit Pigeon' }).click();
    await editor.waitUntilReady();
    await expect(editor.boxes).toHaveCount(2);
    expect(await editor.geometry(0)).toEqual(drawn);
  });

  test("saves a meme's picture as a personal template from its expanded view", async ({ page }) => {
    const chat = await openMemeMakerChat(page);
    await chat.send('Four memes about meetings [[memes]]');
    const grid = new MemeGrid(page, chat.lastAssistant());
    await grid.waitUntilDrawn(MEME_GRID_CALLS.length, RENDER_TIMEOUT);
    await chat.waitForIdle(RENDER_TIMEOUT);

    await grid.slot(0).getByTestId('meme-expand').click();
    await page.getByTestId('meme-dialog-save-template').click();
    const saveAs = page.getByTestId('meme-save-as-template');
    const form = saveAs.getByTestId('meme-template-add-form');
    // The stored picture is shown, not uploaded again.
    await expect
      .poll(() => form.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await form.getByTestId('meme-template-name').fill('Standup');
    await form.getByTestId('meme-template-keywords').fill('standup');
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/memes/templates') && r.request().method() === 'POST'),
      form.getByTestId('meme-template-save').click(),
    ]);
    expect(created.status()).toBe(201);
    await expect(saveAs).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('meme-dialog')).toBeHidden();

    const gallery = await openGallery(page);
    await gallery.getByTestId('meme-gallery-search').fill('standup');
    const found = gallery.getByTestId('meme-template').first();
    await expect(found).toHaveAccessibleName('Use the Standup template');
    await expect(found.getByTestId('meme-template-badge')).toHaveText('Personal');
  });

  test('saves a picture attached to a message as a personal template from its viewer, without uploading it again', async ({
    page,
  }) => {
    const chat = await openMemeMakerChat(page);
    const files = new FilesPanel(page);
    await files.attach([await pngFile(page, 'harbour-view.png', 640, 400)]);
    // An agent asks how the file is to be used: as an image the model sees.
    await page.getByTestId('upload-type-image').click();
    await files.waitForUploads(1);
    await chat.send('Keep this picture');
    await chat.waitForIdle(RENDER_TIMEOUT);

    await page.getByTestId('message-image').first().click();
    const viewer = page.getByTestId('image-viewer');
    await viewer.getByTestId('image-viewer-save-template').click();
    const form = page.getByTestId('meme-save-as-template').getByTestId('meme-template-add-form');
    await expect(form.getByTestId('meme-template-name')).toHaveValue('harbour view');
    await form.getByTestId('meme-template-keywords').fill('harbour');
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/files')) uploads.push(r.url());
    });
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/memes/templates') && r.request().method() === 'POST'),
      form.getByTestId('meme-template-save').click(),
    ]);
    expect(created.status()).toBe(201);
    expect(uploads).toEqual([]);
    await expect(form).toBeHidden();
    await viewer.getByTestId('image-viewer-close').click();
    await expect(viewer).toBeHidden();

    const gallery = await openGallery(page);
    await gallery.getByTestId('meme-gallery-search').fill('harbour');
    await expect(gallery.getByTestId('meme-template').first()).toHaveAccessibleName('Use the harbour view template');
  });
});
