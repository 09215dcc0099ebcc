/**
 * The meme template library (issue 39) in the browser's gallery:
 * - a word typed in the search box brings its template first (the search runs once typing pauses);
 * - a picture of the user's own, added with "Add your own", becomes a personal template they find
 *   by its keyword, choose into the composer and delete.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signUpToNewChat } from '../pages/chat-page';

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
});
