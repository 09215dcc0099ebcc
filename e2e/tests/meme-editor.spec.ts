/**
 * The meme editor (issue 39) in the browser, on a meme the Meme maker's scripted model made
 * (`[[memes]]`): open it from the reply, drag a box, change its text, font and colour, add a box,
 * undo, save; the edited meme joins the reply right after the original (which stays), survives a
 * reload and downloads as a 1080×1920 JPEG. The same by keyboard alone, and on a 390×844 touch
 * screen with a finger.
 */
import { MEME_IMAGE, MEME_PATHS, type CaptionBox, type MemeEditResponse } from '@confab/shared';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUpToNewChat, type ChatPage } from '../pages/chat-page';
import { MemeEditor } from '../pages/meme-editor';
import { accessToken, MemeGrid, openMemeMakerChat, storedToolCalls } from '../pages/memes';
import { MEME_GRID_CALLS } from '../support/scripted-replies';

/** Rendering the memes (and the edit) takes a few seconds on a busy machine. */
const RENDER_TIMEOUT = 45_000;
const YELLOW = '#ffd60a';

async function makeMemes(page: Page): Promise<{ chat: ChatPage; grid: MemeGrid }> {
  const chat = await openMemeMakerChat(page);
  await chat.send('Four memes about meetings [[memes]]');
  const grid = new MemeGrid(page, chat.lastAssistant());
  await grid.waitUntilDrawn(MEME_GRID_CALLS.length, RENDER_TIMEOUT);
  await chat.waitForIdle(RENDER_TIMEOUT);
  return { chat, grid };
}

/** Every meme slot of the reply, across its grids, in order. */
const replySlots = (chat: ChatPage) => chat.lastAssistant().getByTestId('meme-slot');

/** Runs `save` and answers the edit the server stored. */
async function saveEdit(page: Page, save: () => Promise<void>): Promise<MemeEditResponse> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(MEME_PATHS.edits) && r.request().method() === 'POST', {
      timeout: RENDER_TIMEOUT,
    }),
    save(),
  ]);
  expect(response.status()).toBe(201);
  return (await response.json()) as MemeEditResponse;
}

/** The boxes of a stored create_meme_image call. */
async function storedBoxes(page: Page, toolCallId: string): Promise<CaptionBox[]> {
  const call = (await storedToolCalls(page, await accessToken(page))).find((c) => c.id === toolCallId);
  expect(call, 'the edited call is stored').toBeTruthy();
  const args = (typeof call!.args === 'string' ? JSON.parse(call!.args) : call!.args) as {
    captionsBoxes: CaptionBox[];
  };
  return args.captionsBoxes;
}

/** The edited meme sits right after the original in the reply, and is drawn. */
async function expectAfterOriginal(chat: ChatPage, originalId: string, editedId: string): Promise<Locator> {
  const slots = replySlots(chat);
  await expect(slots).toHaveCount(MEME_GRID_CALLS.length + 1, { timeout: RENDER_TIMEOUT });
  const ids = await slots.evaluateAll((els) => els.map((el) => el.getAttribute('data-tool-call-id')));
  expect(ids.indexOf(editedId)).toBe(ids.indexOf(originalId) + 1);
  const slot = chat.lastAssistant().locator(`[data-testid="meme-slot"][data-tool-call-id="${editedId}"]`);
  await expect(slot.getByTestId('meme-canvas')).toHaveAttribute('data-phase', 'ready', { timeout: RENDER_TIMEOUT });
  return slot;
}

test.describe('meme editor', () => {
  test('pointer: drag, text, font, colour, add and undo, save; the copy follows the original, reloads and downloads', async ({
    page,
  }) => {
    const { chat, grid } = await makeMemes(page);
    const original = grid.slot(0);
    const originalId = (await original.getAttribute('data-tool-call-id'))!;
    const originalBoxes = MEME_GRID_CALLS[0]!.captionsBoxes.length;
    const editor = new MemeEditor(page);
    await editor.openFrom(original);
    await expect(editor.boxes).toHaveCount(originalBoxes);

    const before = await editor.geometry(0);
    await editor.dragBox(0, 0, 60);
    await expect.poll(async () => (await editor.geometry(0)).y).toBeGreaterThan(before.y + 100);
    const dragged = await editor.geometry(0);

    await editor.box(0).click();
    await editor.text.fill('EDITED BY HAND 🎉');
    await editor.font('marker').click();
    await editor.textColor(YELLOW).click();
    await expect(editor.box(0)).toHaveAttribute('aria-label', /EDITED BY HAND/);

    await editor.addBox.click();
    await expect(editor.boxes).toHaveCount(originalBoxes + 1);
    await editor.undo.click();
    await expect(editor.boxes).toHaveCount(originalBoxes);
    await editor.redo.click();
    await expect(editor.boxes).toHaveCount(originalBoxes + 1);
    await page.keyboard.press('Control+z');
    await expect(editor.boxes).toHaveCount(originalBoxes);

    const saved = await saveEdit(page, () => editor.save.click());
    await expect(editor.root).toBeHidden();
    const edited = await expectAfterOriginal(chat, originalId, saved.toolCallId);

    const boxes = await storedBoxes(page, saved.toolCallId);
    expect(boxes).toHaveLength(originalBoxes);
    expect(boxes[0]).toMatchObject({ caption: 'EDITED BY HAND 🎉', font: 'marker', fontColor: YELLOW });
    expect(Math.round(boxes[0]!.y)).toBe(dragged.y);
    // The original is kept as it was.
    const kept = await storedBoxes(page, originalId);
    expect(kept[0]!.caption).toBe(MEME_GRID_CALLS[0]!.captionsBoxes[0]!.caption);

    await page.reload();
    await expectAfterOriginal(chat, originalId, saved.toolCallId);
    const [download] = await Promise.all([page.waitForEvent('download'), edited.getByTestId('meme-download').click()]);
    const meta = await sharp(await download.path()).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: MEME_IMAGE.width, height: MEME_IMAGE.height });
  });

  test('keyboard alone: reach a box, move it, edit its text in place, style it, add a box, undo, save', async ({
    page,
  }) => {
    const { chat, grid } = await makeMemes(page);
    const originalId = (await grid.slot(1).getAttribute('data-tool-call-id'))!;
    const originalBoxes = MEME_GRID_CALLS[1]!.captionsBoxes.length;
    const editor = new MemeEditor(page);
    // The slot's actions are in the page's Tab order: Enter expands the meme, its Edit opens the editor.
    await editor.tabTo(grid.slot(1).getByTestId('meme-expand'), 200);
    await page.keyboard.press('Enter');
    await editor.tabTo(page.getByTestId('meme-dialog-edit'));
    await page.keyboard.press('Enter');
    await editor.waitUntilReady();

    await editor.tabTo(editor.box(0));
    await expect(editor.box(0)).toBeFocused();
    const before = await editor.geometry(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect
      .poll(async () => (await editor.geometry(0)).y)
      .toBe(Math.min(before.y + 48, MEME_IMAGE.height - before.h));
    const moved = await editor.geometry(0);

    await page.keyboard.press('Enter');
    const inPlace = editor.root.getByTestId('meme-editor-inplace-text');
    await expect(inPlace).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('TYPED IN PLACE');
    await page.keyboard.press('Escape');
    await expect(inPlace).toHaveCount(0);
    await expect(editor.box(0)).toBeFocused();
    await expect(editor.root).toBeVisible();

    await editor.tabTo(editor.font('comic'));
    await page.keyboard.press('Space');
    await expect(editor.font('comic')).toHaveAttribute('aria-checked', 'true');
    await editor.tabTo(editor.textColor(YELLOW));
    await page.keyboard.press('Enter');
    await editor.tabTo(editor.addBox);
    await page.keyboard.press('Enter');
    await expect(editor.boxes).toHaveCount(originalBoxes + 1);
    await page.keyboard.press('ControlOrMeta+z');
    await expect(editor.boxes).toHaveCount(originalBoxes);

    await editor.tabTo(editor.save);
    const saved = await saveEdit(page, () => page.keyboard.press('Enter'));
    await expect(editor.root).toBeHidden();
    await expectAfterOriginal(chat, originalId, saved.toolCallId);
    const boxes = await storedBoxes(page, saved.toolCallId);
    expect(boxes).toHaveLength(originalBoxes);
    expect(boxes[0]).toMatchObject({ caption: 'TYPED IN PLACE', font: 'comic', fontColor: YELLOW });
    expect(Math.round(boxes[0]!.y)).toBe(moved.y);
  });

  test('closing with changes asks first; keeping them stays in the editor, discarding stores nothing', async ({
    page,
  }) => {
    const { chat, grid } = await makeMemes(page);
    const editor = new MemeEditor(page);
    await editor.openFrom(grid.slot(0));
    await editor.text.fill('never saved');
    await page.keyboard.press('Escape');
    const confirm = editor.root.getByTestId('meme-editor-discard');
    await expect(confirm).toBeVisible();
    await confirm.getByTestId('meme-editor-keep-editing').click();
    await expect(editor.text).toHaveValue('never saved');
    await editor.cancel.click();
    await confirm.getByTestId('meme-editor-discard-confirm').click();
    await expect(editor.root).toBeHidden();
    await expect(replySlots(chat)).toHaveCount(MEME_GRID_CALLS.length);
  });

  test('from the gallery: edit a template and the meme joins the end of the conversation', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.send('hello');
    await expect(chat.messages).toHaveCount(2);
    await chat.waitForIdle();
    await page.getByTestId('meme-gallery-button').click();
    const gallery = page.getByTestId('meme-gallery');
    await gallery.getByTestId('meme-template-edit').first().click();
    const editor = new MemeEditor(page);
    await editor.waitUntilReady();
    if ((await editor.boxes.count()) === 0) await editor.addBox.click();
    await editor.box(0).click();
    await editor.text.fill('FROM THE GALLERY');
    const saved = await saveEdit(page, () => editor.save.click());
    await expect(editor.root).toBeHidden();
    await expect(gallery).toBeHidden();

    await expect(chat.messages).toHaveCount(3);
    const slot = chat.messages.last().locator(`[data-testid="meme-slot"][data-tool-call-id="${saved.toolCallId}"]`);
    await expect(slot.getByTestId('meme-canvas')).toHaveAttribute('data-phase', 'ready', { timeout: RENDER_TIMEOUT });
    expect((await storedBoxes(page, saved.toolCallId))[0]?.caption).toBe('FROM THE GALLERY');
    await page.reload();
    await expect(slot.getByTestId('meme-canvas')).toHaveAttribute('data-phase', 'ready', { timeout: RENDER_TIMEOUT });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('touch: drag a box with a finger, change its text, add a box, save', async ({ page }) => {
      const { chat, grid } = await makeMemes(page);
      const original = grid.slot(0);
      const originalId = (await original.getAttribute('data-tool-call-id'))!;
      const originalBoxes = MEME_GRID_CALLS[0]!.captionsBoxes.length;
      await original.getByTestId('meme-expand').tap();
      await page.getByTestId('meme-dialog-edit').tap();
      const editor = new MemeEditor(page);
      await editor.waitUntilReady();
      // Full screen on a phone.
      const area = await editor.root.boundingBox();
      expect(area).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });

      const before = await editor.geometry(0);
      await editor.touchDragBox(0, 0, 40);
      await expect.poll(async () => (await editor.geometry(0)).y).toBeGreaterThan(before.y + 100);
      const dragged = await editor.geometry(0);

      await editor.text.tap();
      await editor.text.fill('THUMB EDIT');
      await editor.addBox.tap();
      await expect(editor.boxes).toHaveCount(originalBoxes + 1);

      const saved = await saveEdit(page, () => editor.save.tap());
      await expect(editor.root).toBeHidden();
      await expectAfterOriginal(chat, originalId, saved.toolCallId);
      const boxes = await storedBoxes(page, saved.toolCallId);
      expect(boxes).toHaveLength(originalBoxes + 1);
      expect(boxes[0]).toMatchObject({ caption: 'THUMB EDIT' });
      expect(Math.round(boxes[0]!.y)).toBe(dragged.y);
    });
  });
});
