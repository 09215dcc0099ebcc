import { expect, test, type Locator, type Page } from '@playwright/test';
import { AccountSettings } from '../pages/account-settings';
import { registerViaApi } from '../pages/accounts';
import { ChatPage } from '../pages/chat-page';
import { pngFile } from '../pages/files-panel';
import { accessToken, conversationIdOf } from '../pages/memes';

const NAME = 'Grace Hopper';
const QUESTION = 'Who wrote this?';

/** The "Display username in messages" switch, in Settings → Account (SPEC 2), closed again after. */
async function setUsernameDisplay(page: Page, isOn: boolean): Promise<AccountSettings> {
  const account = await AccountSettings.open(page);
  const toggle = account.dialog.getByTestId('settings-switch-UsernameDisplay');
  await expect(toggle).toHaveAttribute('aria-checked', String(!isOn));
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(isOn));
  return account;
}

const authorOf = (message: Locator) => message.getByTestId('message-author');

test.describe('who said what', () => {
  test('the user name and picture top their messages, the model label and icon its replies; the setting shows "You"', async ({
    page,
    browser,
  }) => {
    await registerViaApi(page.request, { name: NAME, username: 'grace_h' });
    const chat = new ChatPage(page);
    await chat.goto('new');
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send(QUESTION);
    await chat.waitForIdle();

    // The user's side: their name and, with no picture yet, their initial.
    const asked = chat.userMessages.last();
    await expect(authorOf(asked)).toHaveText(`${NAME}G`);
    await expect(authorOf(asked).locator('span[aria-hidden]')).toHaveText('G');
    // The reply's side: the endpoint's display label, with its icon.
    const reply = chat.lastAssistant();
    await expect(reply.getByTestId('message-sender')).toHaveText('Simulator');
    await expect(reply.getByTestId('message-sender').locator('span[aria-hidden]')).toBeAttached();
    await expect(reply.getByTestId('message-author')).toHaveCount(0);

    // Off: LibreChat's generic "You"; a picture uploaded now shows beside it at once.
    const account = await setUsernameDisplay(page, false);
    const picker = account.dialog.getByTestId('avatar-picker');
    await picker.getByTestId('avatar-input').setInputFiles(await pngFile(page, 'me.png', 128, 128));
    await picker.getByTestId('avatar-save').click();
    await page.keyboard.press('Escape');
    await expect(authorOf(asked)).toHaveText('You');
    await expect(authorOf(asked).locator('img')).toHaveAttribute('src', /\/api\/files\/avatar\//);

    // Kept across loads under LibreChat's key; on again, the name is back.
    await page.reload();
    await expect(authorOf(chat.userMessages.last())).toHaveText('You');
    expect(await page.evaluate(() => localStorage.getItem('UsernameDisplay'))).toBe('false');
    await setUsernameDisplay(page, true);
    await page.keyboard.press('Escape');
    await expect(authorOf(chat.userMessages.last())).toHaveText(NAME);

    // A shared link keeps the sharer anonymous: no name, no picture.
    const created = await page.request.post(`/api/share/${await conversationIdOf(page)}`, {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(created.ok()).toBe(true);
    const { shareId } = (await created.json()) as { shareId: string };
    const visitor = await browser.newContext();
    try {
      const guest = await visitor.newPage();
      await guest.goto(`/share/${shareId}`);
      await expect(guest.getByTestId('message-text').first()).toHaveText(QUESTION);
      await expect(guest.getByTestId('message-author')).toHaveCount(0);
      await expect(guest.getByText(NAME)).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });
});
