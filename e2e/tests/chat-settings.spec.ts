import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { ChatPage, CONVERSATION_URL } from '../pages/chat-page';
import { exchange, seedConversation } from '../support/seed-conversations';
import { chooseOption } from '../support/select';

/** Opens Settings on one of its tabs. */
async function openSettingsTab(page: Page, tab: 'Chat' | 'General'): Promise<Locator> {
  const dialog = await new AppShell(page).openSettings();
  await dialog.getByRole('tab', { name: tab }).click();
  await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

const openChatSettings = (page: Page) => openSettingsTab(page, 'Chat');

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
    await chooseOption(dialog.getByLabel('Font size'), 'xl');
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
    await expect(dialog.getByLabel('Font size')).toHaveAttribute('data-value', 'xl');
    await closeSettings(page, dialog);
    expect(await fontSizeOf(chat.textOf(chat.messageWithText(/^Question 1$/)))).toBeGreaterThan(baseSize);
  });

  test('user messages render as markdown or as typed, and a conversation opens at its end or its start', async ({
    page,
  }) => {
    const { userId } = await registerViaApi(page.request);
    const typed = 'Make this **bold**\nand keep `$HOME` and $PATH as they are';
    const formatted = seedConversation({ userId, title: 'Formatting', messages: exchange(typed, 'Done.') });
    const long = seedConversation({
      userId,
      title: 'A long read',
      messages: Array.from({ length: 30 }, (_, i) => exchange(`Question ${i + 1}`, `Answer ${i + 1}.`)).flat(),
    });
    const chat = new ChatPage(page);

    // By default the user's text is markdown: bold, code, a line break as typed, `$` literal.
    await chat.goto(formatted.conversationId);
    const bubble = chat.textOf(chat.userMessages.first());
    await expect(bubble.locator('strong')).toHaveText('bold');
    await expect(bubble.locator('code')).toHaveText('$HOME');
    await expect(bubble.locator('br')).toHaveCount(1);
    await expect(bubble.locator('.katex')).toHaveCount(0);
    await expect(bubble).toContainText('and $PATH as they are');

    // A very long message shows as typed (parsing it would stall the page each time it scrolls into view).
    const longPaste = `**a pasted log** ${'line of output\n'.repeat(1_400)}`;
    const pasted = seedConversation({ userId, title: 'Pasted log', messages: exchange(longPaste, 'Read it.') });
    await chat.goto(pasted.conversationId);
    await expect(chat.textOf(chat.userMessages.first())).toContainText('**a pasted log**');
    await expect(chat.textOf(chat.userMessages.first()).locator('strong')).toHaveCount(0);
    await chat.goto(formatted.conversationId);
    await expect(bubble.locator('strong')).toHaveText('bold');

    // Off: exactly as typed.
    let dialog = await openSettingsTab(page, 'General');
    const markdownSwitch = dialog.getByRole('switch', { name: 'Render user messages as markdown' });
    await expect(markdownSwitch).toHaveAttribute('aria-checked', 'true');
    await markdownSwitch.click();
    await closeSettings(page, dialog);
    await expect(bubble.locator('strong')).toHaveCount(0);
    await expect(bubble).toHaveText(typed);

    // By default a conversation opens at its newest message.
    await page.goto(`/c/${long.conversationId}`);
    await expect(chat.messageWithText('Answer 30.')).toBeInViewport();
    await expect(chat.messageWithText(/^Question 1$/)).toHaveCount(0);

    // Auto scroll off: the next conversation opened starts at its first message.
    dialog = await openSettingsTab(page, 'General');
    await dialog.getByRole('switch', { name: 'Auto-scroll to latest message on chat open' }).click();
    await closeSettings(page, dialog);
    await expect(chat.messageWithText('Answer 30.')).toBeInViewport(); // the open one stays put
    await page.reload();
    await expect(chat.messageWithText(/^Question 1$/)).toBeInViewport();
    await expect(chat.messageWithText('Answer 30.')).toHaveCount(0);
    await expect(chat.scrollToBottom).toBeVisible();

    // Both choices survive the reload.
    dialog = await openSettingsTab(page, 'General');
    await expect(dialog.getByRole('switch', { name: 'Render user messages as markdown' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(dialog.getByRole('switch', { name: 'Auto-scroll to latest message on chat open' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });
});
