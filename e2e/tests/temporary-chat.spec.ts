import { expect, test } from '@playwright/test';
import { CONVERSATION_URL, signUpToNewChat, type ChatPage } from '../pages/chat-page';
import { accessToken } from '../pages/memes';
import { Sidebar } from '../pages/sidebar';

const idOf = (url: string) => url.split('/c/')[1]?.split(/[?#]/)[0] ?? '';

/**
 * Issue 27 point 2: the header's "Temporary chat" switch. A temporary chat shows the banner, is
 * stored with an expiry, never shows in the sidebar nor in search, has no bookmark menu, and
 * stays readable at its URL.
 */
test.describe('temporary chat', () => {
  test('a temporary chat stays out of the sidebar and search and is readable at its URL', async ({ page }) => {
    const chat: ChatPage = await signUpToNewChat(page);
    const sidebar = new Sidebar(page);
    const toggle = page.getByTestId('temporary-chat-toggle');
    const banner = page.getByTestId('temporary-chat-banner');

    // An ordinary chat first: it is listed, so the list is known to be up to date later.
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('ordinary wombat question');
    await expect(page).toHaveURL(CONVERSATION_URL);
    await chat.waitForIdle();
    const ordinaryId = idOf(page.url());
    await expect(sidebar.rowById(ordinaryId)).toBeVisible();
    await expect(page.getByTestId('bookmark-menu-trigger')).toBeVisible();
    await expect(banner).toHaveCount(0);

    await chat.goto('new');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(banner).toHaveText(
      "This chat won't be kept: it is not saved in your history and is deleted after 30 days",
    );

    await chat.selectModel('Simulator', 'sim-fast');
    const asked = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/ask\//.test(r.url()));
    await chat.send('temporary wombat question');
    expect((await asked).postDataJSON()).toMatchObject({ isTemporary: true });
    await expect(page).toHaveURL(CONVERSATION_URL);
    await chat.waitForIdle();
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: temporary wombat question');
    const temporaryId = idOf(page.url());
    await expect(banner).toBeVisible();
    await expect(page.getByTestId('bookmark-menu-trigger')).toHaveCount(0);
    // The switch shows the open conversation's state and cannot change it.
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toBeDisabled();

    const stored = await page.request.get(`/api/convos/${temporaryId}`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    });
    const expiresAt = Date.parse(((await stored.json()) as { expiredAt: string }).expiredAt);
    expect(expiresAt).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    await expect(sidebar.rowById(ordinaryId)).toBeVisible();
    await expect(sidebar.rowById(temporaryId)).toHaveCount(0);

    await sidebar.search('wombat');
    await expect(page).toHaveURL(/\/search\?q=wombat$/);
    const results = page.getByTestId('search-result');
    await expect(results.filter({ hasText: 'ordinary wombat question' }).first()).toBeVisible();
    await expect(results.filter({ hasText: 'temporary wombat question' })).toHaveCount(0);
    await expect(sidebar.rowById(temporaryId)).toHaveCount(0);

    // Still readable at its URL after a reload, and still temporary.
    await page.goto(`/c/${temporaryId}`);
    await page.reload();
    await expect(chat.textOf(chat.userMessages.first())).toHaveText('temporary wombat question');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: temporary wombat question');
    await expect(banner).toBeVisible();
    await expect(sidebar.rowById(ordinaryId)).toBeVisible();
    await expect(sidebar.rowById(temporaryId)).toHaveCount(0);
  });
});
