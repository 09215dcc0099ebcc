/**
 * Pictures on a shared conversation, for a signed-out visitor: the image the user attached, and
 * a meme the Meme maker drew on that upload (`[[meme-on-file:ID]]` in support/scripted-replies.ts).
 * Both are the owner's stored files, which the page loads through its share id (`?shareId=`).
 */
import { expect, test } from '@playwright/test';
import { FilesPanel, pngFile } from '../pages/files-panel';
import { accessToken, conversationIdOf, MemeGrid, openMemeMakerChat } from '../pages/memes';
import { MEME_ON_FILE_BOX } from '../support/scripted-replies';

/** A meme is rendered by the server before the grid draws it; slow on a busy machine. */
const RENDER_TIMEOUT = 45_000;

test.describe('shared images', () => {
  test.setTimeout(120_000);

  test('a signed-out visitor of a shared link sees the attached image and the meme drawn on it', async ({
    page,
    browser,
  }) => {
    const chat = await openMemeMakerChat(page);
    const files = new FilesPanel(page);
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/files/images') && r.request().method() === 'POST',
    );
    await files.attach([await pngFile(page, 'harbour.png', 640, 400)]);
    // An agent asks how the file is to be used: as an image the model sees.
    await page.getByTestId('upload-type-image').click();
    const { file_id: fileId } = (await (await uploaded).json()) as { file_id: string };
    await files.waitForUploads(1);
    await chat.send(`A meme of this picture [[meme-on-file:${fileId}]]`);
    const ownGrid = new MemeGrid(page, chat.lastAssistant());
    await ownGrid.waitUntilDrawn(1, RENDER_TIMEOUT);
    await chat.waitForIdle(RENDER_TIMEOUT);

    const token = await accessToken(page);
    const conversationId = await conversationIdOf(page);
    const created = await page.request.post(`/api/share/${conversationId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(created.ok()).toBe(true);
    const { shareId } = (await created.json()) as { shareId: string };

    const visitor = await browser.newContext();
    try {
      const guest = await visitor.newPage();
      const imageAnswers: { url: string; status: number }[] = [];
      guest.on('response', (r) => {
        if (new URL(r.url()).pathname.startsWith('/images/')) imageAnswers.push({ url: r.url(), status: r.status() });
      });
      await guest.goto(`/share/${shareId}`);
      await expect(guest.getByTestId('share-title')).toBeVisible();

      // The attached image, loaded (not the broken-image icon), with no download offered.
      const userMessage = guest.locator('[data-testid="message"][data-role="user"]');
      const image = userMessage.getByTestId('message-image');
      await expect(image).toHaveAttribute('data-file-id', fileId);
      const img = image.getByRole('img', { name: 'harbour.png' });
      await expect(img).toHaveJSProperty('complete', true);
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      await image.click();
      await expect(guest.getByTestId('image-viewer-image')).toBeVisible();
      await expect(guest.getByTestId('image-viewer-download')).toHaveCount(0);
      await guest.keyboard.press('Escape');

      // The meme on the upload: drawn from the picture (not a placeholder), its caption in white.
      const grid = new MemeGrid(guest, guest.locator('[data-testid="message"][data-role="assistant"]').last());
      await grid.waitUntilDrawn(1, RENDER_TIMEOUT);
      const ink = await grid.inkIn(0, MEME_ON_FILE_BOX);
      expect(ink.white).toBeGreaterThan(200);
      // The upload's orange-to-purple gradient fills the middle of the meme, not the black background.
      const middle = await grid.inkIn(0, { x: 0, y: 860, w: 1080, h: 200 });
      expect(middle.dark).toBeLessThan(middle.total / 10);

      // Every stored image went through the share id, and every one was answered.
      expect(imageAnswers.length).toBeGreaterThan(0);
      for (const answer of imageAnswers) {
        expect(new URL(answer.url).searchParams.get('shareId'), answer.url).toBe(shareId);
        expect(answer.status, answer.url).toBe(200);
      }
    } finally {
      await visitor.close();
    }
  });
});
