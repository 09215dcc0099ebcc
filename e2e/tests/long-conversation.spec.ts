import { expect, test } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { ChatPage } from '../pages/chat-page';
import { seedLongConversation } from '../support/seed';

const COUNT = 10_000;
/** 0-based index of "Answer number 50", which gets an older sibling ("Branch B"). */
const BRANCH_AT = 49;

test.describe('a 10,000-message conversation', () => {
  test('opens at its end, scrolls to the top and back, and remembers a branch across reloads', async ({ page }) => {
    test.setTimeout(120_000);
    const { userId } = await registerViaApi(page.request);
    const seeded = seedLongConversation({ userId, count: COUNT, branchAt: BRANCH_AT });

    const chat = new ChatPage(page);
    await chat.goto('new');
    const started = Date.now();
    await page.goto(`/c/${seeded.conversationId}`);
    await expect(chat.messageWithText(`Answer number ${COUNT}:`)).toBeVisible({ timeout: 15_000 });
    const openMs = Date.now() - started;
    test.info().annotations.push({ type: 'open-ms', description: String(openMs) });
    expect(openMs).toBeLessThan(5_000);

    // Virtualised: only the rows in view (and a few more) are in the DOM.
    expect(await chat.messages.count()).toBeLessThan(60);

    await chat.scrollToTop();
    await expect(chat.messageWithText(/^Question number 1$/)).toBeVisible();
    await expect(chat.scrollToBottom).toBeVisible();
    await chat.scrollToBottom.click();
    await expect(chat.messageWithText(`Answer number ${COUNT}:`)).toBeVisible();
    await expect(chat.scrollToBottom).toBeHidden();

    // Choose the other branch at message 50.
    await chat.scrollToTop();
    const answer50 = chat.messageWithText('Answer number 50:');
    await chat.scrollDownUntilVisible(answer50);
    await expect(chat.siblingPosition(answer50)).toHaveText('2 / 2');
    await chat.previousSibling(answer50);
    const branchB = chat.messageWithText('Branch B at message 50');
    await expect(chat.siblingPosition(branchB)).toHaveText('1 / 2');
    await expect(chat.messageWithText('Branch B continues after message 50')).toBeVisible();

    await page.reload();
    // The conversation now ends with branch B's short tail.
    await expect(chat.messageWithText('Branch B continues after message 50')).toBeVisible({ timeout: 15_000 });
    await expect(chat.siblingPosition(chat.messageWithText('Branch B at message 50'))).toHaveText('1 / 2');
    await expect(chat.messageWithText(`Answer number ${COUNT}:`)).toHaveCount(0);
  });
});
