import { expect, test, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { CONVERSATION_URL, signUpToNewChat, type ChatPage } from '../pages/chat-page';
import { FilesPanel, pngFile, textFile, type TestFile } from '../pages/files-panel';

async function newSimulatorChat(page: Page): Promise<{ chat: ChatPage; files: FilesPanel }> {
  const chat = await signUpToNewChat(page);
  await chat.selectModel('Simulator', 'sim-fast');
  return { chat, files: new FilesPanel(page) };
}

test.describe('files', () => {
  test('attach by button, paste and drop, send, see them in the message, open full size, download, reload', async ({
    page,
  }) => {
    const { chat, files } = await newSimulatorChat(page);
    const photo = await pngFile(page, 'sunset.png', 640, 400);

    // The button: the image upload is held at the server's door to watch its progress.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/files/images', async (route) => {
      await held;
      await route.continue();
    });
    await files.attach([photo]);
    const preview = files.preview('sunset.png');
    await expect(preview).toBeVisible();
    // Dimensions read in the browser: 0.6, shown as a progress ring; the message cannot go yet.
    await expect(preview).toHaveAttribute('data-progress', '0.6');
    await expect(preview.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    await expect(preview.getByTestId('remove-attachment')).toHaveCount(0);
    await chat.input.fill('What is in these files? [[files]]');
    await expect(chat.sendButton).toBeDisabled();
    release();
    await expect(preview).toHaveAttribute('data-progress', '1');
    await expect(preview.getByRole('progressbar')).toHaveCount(0);
    await expect(preview.getByRole('img', { name: 'sunset.png' })).toBeVisible();
    await page.unroute('**/api/files/images');

    // Paste: the clipboard's file is renamed clipboard_<time>.txt.
    await files.paste([textFile('notes.txt', 'Quarterly notes: revenue grew 12%.')]);
    const pasted = page.locator('[data-testid="attachment-preview"][data-filename^="clipboard_"]');
    await expect(pasted).toHaveAttribute('data-filename', /^clipboard_\d{4}-\d{2}-\d{2}_[\d-]+\.txt$/);

    // Drop: the full-screen overlay while dragging, the file attached on drop.
    const csv = textFile('data.csv', 'a,b,c\n1,2,3\n', 'text/csv');
    await files.dragEnter([csv]);
    await expect(files.dropOverlay).toBeVisible();
    await expect(files.dropOverlay).toContainText('Add anything');
    await expect(files.dropOverlay).toContainText('Drop any file here to add it to the conversation');
    await files.drop([csv]);
    await expect(files.dropOverlay).toBeHidden();
    await files.waitForUploads(3);
    const pastedName = await pasted.getAttribute('data-filename');

    // Send: the files go with the message and reach the model (the simulator says what it got).
    await expect(chat.sendButton).toBeEnabled();
    await chat.sendButton.click();
    await expect(files.previews).toHaveCount(0);
    await chat.waitForIdle();
    await expect(page).toHaveURL(CONVERSATION_URL);
    await expect(chat.textOf(chat.lastAssistant())).toHaveText(
      `Received 1 image(s) and 2 document(s): ${pastedName}, data.csv.`,
    );
    const message = chat.userMessages.last();
    const image = files.imagesOf(message);
    await expect(image).toHaveCount(1);
    await expect(image.getByRole('img')).toHaveJSProperty('complete', true);
    expect(await image.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The box keeps the picture's proportions (640 x 400), reserved before it loads.
    const box = await image.boundingBox();
    expect(box && Math.abs(box.width / box.height - 1.6)).toBeLessThan(0.02);
    await expect(files.fileTilesOf(message)).toHaveCount(2);

    // Full size: Escape closes it and focus goes back to the thumbnail.
    await image.click();
    await expect(files.viewer).toBeVisible();
    await expect(files.viewer.getByTestId('image-viewer-image')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(files.viewer).toBeHidden();
    await expect(image).toBeFocused();

    // Downloads keep the original names.
    const csvTile = files.fileTilesOf(message).filter({ hasText: 'data.csv' });
    const [download] = await Promise.all([page.waitForEvent('download'), csvTile.getByTestId('download-file').click()]);
    expect(download.suggestedFilename()).toBe('data.csv');
    await image.click();
    const [imageDownload] = await Promise.all([
      page.waitForEvent('download'),
      files.viewer.getByTestId('image-viewer-download').click(),
    ]);
    expect(imageDownload.suggestedFilename()).toBe('sunset.png');
    await page.keyboard.press('Escape');

    // A file attached but not sent stays as the conversation's draft; a reload keeps it all.
    await files.attach([textFile('later.md', '# For the next message')]);
    await files.waitForUploads(1);
    await page.waitForTimeout(300);
    await page.reload();
    await expect(chat.userMessages).toHaveCount(1);
    await expect(files.imagesOf(chat.userMessages.last()).getByRole('img')).toBeVisible();
    await expect(files.fileTilesOf(chat.userMessages.last())).toHaveCount(2);
    await expect(files.preview('later.md')).toBeVisible();
    await expect(files.preview('later.md')).toHaveAttribute('data-progress', '1');

    // Removing it deletes it on the server (DELETE /api/files, batched), and the draft with it.
    const deletion = page.waitForRequest((r) => r.url().endsWith('/api/files') && r.method() === 'DELETE');
    await files.preview('later.md').getByTestId('remove-attachment').click();
    await expect(files.previews).toHaveCount(0);
    const body = (await deletion).postDataJSON() as { files: { file_id: string }[] };
    expect(body.files).toHaveLength(1);
    await page.waitForTimeout(300);
    await page.reload();
    await expect(chat.userMessages).toHaveCount(1);
    await expect(files.previews).toHaveCount(0);
  });

  test('the checks before upload: eleven files, an unsupported type, batched into one toast', async ({ page }) => {
    const { files } = await newSimulatorChat(page);
    const eleven: TestFile[] = Array.from({ length: 11 }, (_, i) => textFile(`file-${i + 1}.txt`, `file ${i + 1}`));
    await files.attach(eleven);
    await expect(files.toast('You can only upload up to 10 files at a time.')).toBeVisible();
    await expect(files.previews).toHaveCount(0);

    const exe = { name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0]) };
    await files.attach([exe]);
    await expect(files.toast('Currently, unsupported file type: application/x-msdownload')).toBeVisible();
    await expect(files.previews).toHaveCount(0);

    // Two problems within 250 ms: one toast listing both.
    await files.paste([exe]);
    await files.drop(eleven);
    const batched = files.toast('Some files could not be added');
    await expect(batched).toBeVisible();
    await expect(batched.getByRole('listitem')).toHaveText([
      'Currently, unsupported file type: application/x-msdownload',
      'You can only upload up to 10 files at a time.',
    ]);
  });

  test('a short video attaches like any file: a Video chip with its name, sent with the message', async ({ page }) => {
    const { chat, files } = await newSimulatorChat(page);
    // An mp4's opening box is what the server judges the type by; the meme tools read the rest later.
    const ftyp = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2'),
    ]);
    const clip = { name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.concat([ftyp, Buffer.alloc(64)]) };
    await files.attach([clip]);
    await files.waitForUploads(1);
    const chip = files.preview('clip.mp4');
    await expect(chip).toContainText('clip.mp4');
    await expect(chip).toContainText('Video ·');
    await chat.input.fill('Caption my clip');
    await chat.sendButton.click();
    await chat.waitForIdle();
    await expect(files.fileTilesOf(chat.userMessages.last())).toContainText(['clip.mp4']);
    await expect(files.fileTilesOf(chat.userMessages.last())).toContainText(['Video']);
  });

  test('where the endpoint has files off, the paperclip says so and a drop is refused', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    const files = new FilesPanel(page);
    await expect(files.attachButton).not.toHaveAttribute('aria-disabled');
    await page.getByTestId('model-picker').click();
    await page.locator('[data-testid="model-option"][data-endpoint="BringYourKey"][data-model="byok-model"]').click();
    await page.keyboard.press('Escape');
    await expect(files.attachButton).toHaveAttribute('aria-disabled', 'true');
    await files.attachButton.hover();
    await expect(page.getByRole('tooltip')).toHaveText('File uploads are disabled for this endpoint');
    await files.dragEnter([textFile('a.txt', 'a')]);
    await files.drop([textFile('a.txt', 'a')]);
    await expect(files.toast('File uploads are disabled for this endpoint.')).toBeVisible();
    await expect(files.previews).toHaveCount(0);
    await expect(chat.input).toBeVisible();
  });

  test('an upload still running after 5 s shows the slow-upload warning; a refused one leaves with the server message', async ({
    page,
  }) => {
    const { files } = await newSimulatorChat(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/files', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      return route.continue();
    });
    await files.attach([textFile('slow.txt', 'takes a while')]);
    const warning = files.toast('slow.txt is taking longer than usual to upload');
    // SPEC 9: 5 s plus 2 s per full megabyte (none here).
    await page.waitForTimeout(4500);
    await expect(warning).toHaveCount(0);
    await expect(warning).toBeVisible({ timeout: 2000 });
    await expect(warning).toHaveAttribute('data-status', 'warning');
    release();
    await files.waitForUploads(1);
    await page.unroute('**/api/files');

    // The server refuses (its own check): the preview goes and its message shows.
    await page.route('**/api/files', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 413, json: { code: 'file_too_large', message: 'File size exceeds 512 MB.' } })
        : route.continue(),
    );
    await files.attach([textFile('refused.txt', 'no')]);
    await expect(files.toast('File size exceeds 512 MB.')).toBeVisible();
    await expect(files.preview('refused.txt')).toHaveCount(0);
    await expect(files.previews).toHaveCount(1);
  });

  test('after the server refuses an upload mid-file, the next request on the connection is answered at once', async ({ page }) => {
    const { files } = await newSimulatorChat(page);
    const shell = new AppShell(page);
    // Text by its name and type, so the browser sends it; its NUL bytes make the server refuse it
    // after the first few kilobytes, with megabytes still to come. 3 MB are read through and the
    // connection kept; 12 MB are not, and the connection is closed.
    for (const megabytes of [3, 12]) {
      const name = `disguised-${megabytes}.txt`;
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/files') && r.request().method() === 'POST');
      await files.attach([{ name, mimeType: 'text/plain', buffer: Buffer.alloc(megabytes * 1024 * 1024) }]);
      expect((await refused).status()).toBe(400);
      await expect(files.toast('Currently, unsupported file type: application/octet-stream').first()).toBeVisible();
      await expect(files.preview(name)).toHaveCount(0);

      // Opening My files loads the settings dialog's code and asks for the list again: both are
      // answered at once, not after the minute the connection used to wait for the rest of the file.
      const dialog = await shell.openSettings();
      await dialog.getByRole('tab', { name: 'Data controls' }).click();
      const listed = page.waitForResponse((r) => r.url().endsWith('/api/files') && r.request().method() === 'GET', { timeout: 5000 });
      await dialog.getByTestId('manage-my-files').click();
      expect((await listed).status()).toBe(200);
      await expect(page.getByTestId('my-files-empty')).toBeVisible();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('a file uploaded but never sent, whose draft was discarded, is deleted on the next load', async ({ page }) => {
    const { files } = await newSimulatorChat(page);
    await files.attach([textFile('forgotten.txt', 'never sent')]);
    await files.waitForUploads(1);
    const fileId = await files.preview('forgotten.txt').getAttribute('data-file-id');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('filesDraft_new')))
      .toContain(fileId ?? 'missing');
    // The draft goes (another tab sent or cleared it, storage was trimmed...): nothing can send the file.
    await page.evaluate(() => localStorage.removeItem('filesDraft_new'));
    const deletion = page.waitForRequest((r) => r.url().endsWith('/api/files') && r.method() === 'DELETE');
    await page.reload();
    const body = (await deletion).postDataJSON() as { files: { file_id: string }[] };
    expect(body.files.map((f) => f.file_id)).toEqual([fileId]);
    await expect(files.previews).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('filesToDelete'))).toBeNull();
  });

  test('My files lists, searches, sorts and deletes the files', async ({ page }) => {
    const { files } = await newSimulatorChat(page);
    await files.attach([
      textFile('alpha-notes.txt', 'alpha'),
      textFile('beta-report.csv', 'x,y\n1,2\n'.repeat(40), 'text/csv'),
      await pngFile(page, 'gamma.png', 32, 32),
    ]);
    await files.waitForUploads(3);

    const dialog = await new AppShell(page).openSettings();
    await dialog.getByRole('tab', { name: 'Data controls' }).click();
    await dialog.getByTestId('manage-my-files').click();
    const manager = page.getByTestId('my-files-dialog');
    await expect(manager).toBeVisible();
    const names = manager.getByTestId('my-files-name');
    await expect(names).toHaveCount(3);

    await manager.getByTestId('sort-name').click();
    await expect(names).toHaveText(['gamma.png', 'beta-report.csv', 'alpha-notes.txt']);
    await manager.getByTestId('sort-name').click();
    await expect(names).toHaveText(['alpha-notes.txt', 'beta-report.csv', 'gamma.png']);

    await manager.getByTestId('my-files-search').fill('report');
    await expect(names).toHaveText(['beta-report.csv']);
    await manager.getByTestId('my-files-search').fill('nothing like it');
    await expect(manager.getByTestId('my-files-empty')).toHaveText('No files found.');
    await manager.getByTestId('my-files-search').fill('');
    await expect(names).toHaveCount(3);

    // Select all but one, delete after the confirmation.
    await manager.getByTestId('my-files-select-all').check();
    await manager.getByRole('checkbox', { name: 'Select gamma.png' }).uncheck();
    await manager.getByTestId('my-files-delete').click();
    const confirm = page.getByTestId('my-files-delete-dialog');
    await expect(confirm).toContainText('Delete 2 files?');
    await confirm.getByTestId('confirm-action').click();
    await expect(confirm).toBeHidden();
    await expect(names).toHaveText(['gamma.png']);
    // The deleted files left the chat input too; the server lists only the one kept.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(files.previews).toHaveCount(1);
    await expect(files.preview('gamma.png')).toBeVisible();
  });

  test('avatar upload: over 2 MB is refused with its message; a picture updates the user menu', async ({ page }) => {
    await signUpToNewChat(page);
    const shell = new AppShell(page);
    const dialog = await shell.openSettings();
    await dialog.getByRole('tab', { name: 'Account' }).click();
    const picker = dialog.getByTestId('avatar-picker');
    await expect(picker).toBeVisible();
    await expect(dialog.getByTestId('account-email')).toContainText('@example.com');

    const big = { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) };
    await picker.getByTestId('avatar-input').setInputFiles(big);
    await expect(picker.getByTestId('avatar-error')).toHaveText('File size exceeds 2 MB.');

    await picker.getByTestId('avatar-input').setInputFiles(await pngFile(page, 'me.png', 256, 256));
    await expect(picker.getByTestId('avatar-preview')).toBeVisible();
    await picker.getByTestId('avatar-save').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Your profile picture was updated.' })).toBeVisible();
    const menuPicture = shell.userMenuTrigger.locator('img');
    await expect(menuPicture).toHaveAttribute('src', /\/api\/files\/avatar\//);
    await expect(menuPicture).toHaveJSProperty('complete', true);
    expect(await menuPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // It stays after a reload (the user comes back with the new picture).
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(shell.userMenuTrigger.locator('img')).toHaveAttribute('src', /\/api\/files\/avatar\//);
  });
});
