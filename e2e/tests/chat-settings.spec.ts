import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { ChatPage, CONVERSATION_URL } from '../pages/chat-page';
import { exchange, seedConversation } from '../support/seed-conversations';

/** Opens Settings on its Chat tab. */
async function openChatSettings(page: Page): Promise<Locator> {
  const dialog = await new AppShell(page).openSettings();
  await dialog.getByRole('tab', { name: 'Chat' }).click();
  await expect(dialog.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

async function closeSettings(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

function fontSizeOf(element: Locator): Promise<number> {
  return element.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
}

test.describe('chat settings', () => {
  test('enter to send, save drafts, scroll button and font size take effect and survive a reload', async ({ page }) => {
    const { userId } = await registerViaApi(page.request);
    const long = seedConversation({
      userId,
      title: 'A long read',
      messages: Array.from({ length: 30 }, (_, i) =>
        exchange(`Question ${i + 1}`, `Answer ${i + 1}.\n\nA second paragraph.\n\nA third paragraph.`),
      ).flat(),
    });
    const chat = new ChatPage(page);
    await chat.goto('new');
    await chat.selectModel('Simulator', 'sim-fast');

    // Enter to send off: Enter breaks the line, Ctrl+Enter sends.
    let dialog = await openChatSettings(page);
    const enterToSend = dialog.getByRole('switch', { name: 'Enter to send' });
    await expect(enterToSend).toHaveAttribute('aria-checked', 'true');
    await enterToSend.click();
    await expect(enterToSend).toHaveAttribute('aria-checked', 'false');
    await closeSettings(page, dialog);

    await chat.input.fill('first line');
    await chat.input.press('Enter');
    await chat.input.pressSequentially('second line');
    await expect(chat.input).toHaveValue('first line\nsecond line');
    await expect(chat.userMessages).toHaveCount(0);
    await chat.input.press('Control+Enter');
    await expect(chat.textOf(chat.userMessages.first())).toHaveText('first line\nsecond line');
    await expect(chat.input).toHaveValue('');
    await expect(page).toHaveURL(CONVERSATION_URL);
    await chat.waitForIdle();
    const reply = chat.lastAssistant().locator('.markdown');
    await expect(reply).toContainText('Echo: first line');
    const baseSize = await fontSizeOf(reply);

    // Save drafts off, font size extra large.
    dialog = await openChatSettings(page);
    const saveDrafts = dialog.getByRole('switch', { name: 'Save drafts' });
    await saveDrafts.click();
    await expect(saveDrafts).toHaveAttribute('aria-checked', 'false');
    await dialog.getByLabel('Font size').selectOption('xl');
    await closeSettings(page, dialog);
    await expect.poll(() => fontSizeOf(reply)).toBeGreaterThan(baseSize);
    expect(await fontSizeOf(chat.textOf(chat.userMessages.first()))).toBe(await fontSizeOf(reply));

    // A typed draft is not kept (the 750 ms save has long passed when the page reloads).
    await chat.input.fill('a draft that must not stay');
    await page.waitForTimeout(1_000);
    await page.reload();
    await expect(chat.textOf(chat.userMessages.first())).toHaveText('first line\nsecond line');
    await expect(chat.input).toHaveValue('');
    const draftKeys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('textDraft_')));
    expect(draftKeys).toEqual([]);

    // The scroll button shows away from the end, then never once turned off.
    await page.goto(`/c/${long.conversationId}`);
    await expect(chat.messageWithText('Answer 30.')).toBeVisible();
    await chat.scrollToTop();
    await expect(chat.scrollToBottom).toBeVisible();
    dialog = await openChatSettings(page);
    await dialog.getByRole('switch', { name: 'Scroll button' }).click();
    await closeSettings(page, dialog);
    await expect(chat.scrollToBottom).toHaveCount(0);
    await chat.scrollBy(400);
    await expect(chat.scrollToBottom).toHaveCount(0);

    // Every choice survives a reload.
    await page.reload();
    await chat.scrollToTop();
    await expect(chat.messageWithText(/^Question 1$/)).toBeVisible();
    await expect(chat.scrollToBottom).toHaveCount(0);
    dialog = await openChatSettings(page);
    await expect(dialog.getByRole('switch', { name: 'Enter to send' })).toHaveAttribute('aria-checked', 'false');
    await expect(dialog.getByRole('switch', { name: 'Save drafts' })).toHaveAttribute('aria-checked', 'false');
    await expect(dialog.getByRole('switch', { name: 'Scroll button' })).toHaveAttribute('aria-checked', 'false');
    await expect(dialog.getByLabel('Font size')).toHaveValue('xl');
    await closeSettings(page, dialog);
    expect(await fontSizeOf(chat.textOf(chat.messageWithText(/^Question 1$/)))).toBeGreaterThan(baseSize);
  });
});
