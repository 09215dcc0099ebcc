import { expect, test, type Locator, type Page } from '@playwright/test';
import { CONVERSATION_URL, signUpToNewChat, type ChatPage } from '../pages/chat-page';
import { HeaderMenu } from '../pages/header-menu';

/**
 * Issue 35, items 1 and 2: on a phone the chat header keeps the sidebar toggle, a readable model
 * selector and New chat, with every other header action in one "⋯" menu; the desktop header is
 * as it was. The composer has one layout everywhere (the round send button in the box) and its
 * toolbar does not move when typing starts.
 */

const HEADER_BUTTONS = [
  'temporary-chat-toggle',
  'bookmark-menu-trigger',
  'header-export',
  'header-share',
  'parameters-toggle',
] as const;

/** Whether the selector shows the whole model name (nothing cut off with an ellipsis). */
async function expectModelNameWhole(page: Page, name: string): Promise<void> {
  const label = page.getByTestId('model-picker-label');
  await expect(label).toHaveText(name);
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(label).toBeInViewport({ ratio: 1 });
}

async function sendFirstMessage(page: Page, chat: ChatPage): Promise<void> {
  await chat.send('header question');
  await expect(page).toHaveURL(CONVERSATION_URL);
  await chat.waitForIdle();
}

test.describe('the chat header on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the model name whole, and keeps every other action in the "⋯" menu', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    const menu = new HeaderMenu(page);
    await expectModelNameWhole(page, 'gpt-4o-mini');
    await chat.selectModel('Simulator', 'sim-fast');
    await expectModelNameWhole(page, 'sim-fast');
    await expect(page.getByTestId('open-sidebar')).toBeVisible();
    await expect(page.getByTestId('app-header').getByRole('link', { name: 'New chat' })).toBeVisible();
    await expect(menu.trigger).toHaveAccessibleName('More options');
    for (const testId of HEADER_BUTTONS) await expect(page.getByTestId(testId)).toHaveCount(0);

    // Temporary chat: an on/off item, its state announced; the keyboard reaches it too.
    await menu.open();
    const temporary = page.getByRole('menuitemcheckbox', { name: 'Temporary chat' });
    await expect(temporary).toHaveAttribute('aria-checked', 'false');
    await temporary.click();
    await expect(menu.menu).toBeHidden();
    await expect(page.getByTestId('temporary-chat-banner')).toBeVisible();
    await menu.trigger.focus();
    await page.keyboard.press('Enter');
    await expect(temporary).toBeFocused();
    await expect(temporary).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('temporary-chat-banner')).toHaveCount(0);
    await expect(menu.trigger).toBeFocused();

    // The side panel opens as a sheet and gives the focus back to "⋯" when it closes.
    await menu.choose('header-menu-parameters');
    await expect(page.getByTestId('parameters-panel')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('parameters-panel')).toBeHidden();
    await expect(menu.trigger).toBeFocused();

    // A conversation adds its bookmarks, export and share.
    await sendFirstMessage(page, chat);
    await expectModelNameWhole(page, 'sim-fast');
    for (const testId of HEADER_BUTTONS) await expect(page.getByTestId(testId)).toHaveCount(0);
    await menu.open();
    await expect(menu.menu.getByRole('menuitem')).toHaveText([/^Bookmarks$/, 'Export', 'Share', 'Parameters']);
    await expect(page.getByRole('menuitemcheckbox', { name: 'Temporary chat' })).toBeDisabled();

    // Bookmarks unfold in the menu (a submenu beside it would leave the screen) and toggle.
    const bookmarks = menu.item('header-menu-bookmarks');
    await expect(bookmarks).toHaveAttribute('aria-expanded', 'false');
    await bookmarks.click();
    await expect(bookmarks).toHaveAttribute('aria-expanded', 'true');
    const saved = menu.item('header-menu-bookmarks-menu').locator('[data-testid="bookmark-option"][data-tag="Saved"]');
    await expect(saved).toBeInViewport({ ratio: 1 });
    await saved.click();
    await expect(saved).toHaveAttribute('data-state', 'checked');
    await expect(bookmarks).toHaveText('Bookmarked: Saved');
    await page.keyboard.press('Escape');
    await expect(menu.menu).toBeHidden();

    // Export and share open their dialogs, which give the focus back to "⋯".
    await menu.choose('header-menu-export');
    const exportDialog = page.getByRole('dialog', { name: 'Export conversation' });
    await expect(exportDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(exportDialog).toBeHidden();
    await expect(menu.trigger).toBeFocused();

    await menu.choose('header-menu-share');
    const shareDialog = page.getByTestId('share-dialog');
    await expect(shareDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shareDialog).toBeHidden();
    await expect(menu.trigger).toBeFocused();
  });
});

test.describe('the chat header on a desktop (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('keeps its buttons in the bar, in their order, and no "⋯" menu', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await sendFirstMessage(page, chat);
    await expectModelNameWhole(page, 'sim-fast');
    await expect(page.getByTestId('header-more')).toHaveCount(0);
    await expect(page.getByTestId('add-model-button')).toBeVisible();
    const lefts: number[] = [];
    for (const testId of HEADER_BUTTONS) {
      const button = page.getByTestId('app-header').getByTestId(testId);
      await expect(button).toBeVisible();
      lefts.push((await button.boundingBox())?.x ?? -1);
    }
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
  });
});

/** Where the message box and each of its toolbar's controls are on the page (hidden ones too). */
async function toolbarBoxes(page: Page): Promise<Record<string, DOMRectReadOnly>> {
  const boxes: Record<string, DOMRectReadOnly> = {};
  for (const testId of ['chat-box', 'attach-button', 'meme-gallery-button', 'paste-button', 'send-button']) {
    // Not boundingBox(): it has none for the hidden paste button, whose place is what counts.
    boxes[testId] = await page.getByTestId(testId).evaluate((el) => el.getBoundingClientRect().toJSON());
  }
  return boxes;
}

/** The send button's place inside the message box: its distance to the box's right and bottom edges. */
async function sendButtonPlace(page: Page, box: Locator, send: Locator): Promise<{ right: number; bottom: number }> {
  const [outer, inner] = [await box.boundingBox(), await send.boundingBox()];
  if (!outer || !inner) throw new Error('no box');
  expect(inner.x).toBeGreaterThanOrEqual(outer.x);
  expect(inner.y).toBeGreaterThanOrEqual(outer.y);
  return {
    right: Math.round(outer.x + outer.width - (inner.x + inner.width)),
    bottom: Math.round(outer.y + outer.height - (inner.y + inner.height)),
  };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`the composer at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('has the send button in the box on a new chat and in a conversation; typing moves nothing', async ({
      page,
    }) => {
      const chat = await signUpToNewChat(page);
      const box = page.getByTestId('chat-box');
      await expect(chat.sendButton).toBeDisabled();
      await expect(page.getByTestId('paste-button')).toBeVisible();
      const onNewChat = await sendButtonPlace(page, box, chat.sendButton);
      expect(onNewChat.right).toBeGreaterThanOrEqual(0);
      expect(onNewChat.bottom).toBeGreaterThanOrEqual(0);

      const before = await toolbarBoxes(page);
      await chat.input.pressSequentially('h');
      await expect(chat.sendButton).toBeEnabled();
      // The paste button fades out but keeps its place (SPEC 2: shown while the text is empty).
      await expect(page.getByTestId('paste-button')).toBeHidden();
      expect(await toolbarBoxes(page)).toEqual(before);

      await chat.input.press('Enter');
      await expect(page).toHaveURL(CONVERSATION_URL);
      await chat.waitForIdle();
      // Measured once the conversation's page has settled (its route swaps in as the reply ends).
      await expect(async () => {
        expect(await sendButtonPlace(page, box, chat.sendButton)).toEqual(onNewChat);
      }).toPass({ timeout: 10_000 });
    });
  });
}
