import { expect, test, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { signUpToNewChat } from '../pages/chat-page';
import { accessToken, conversationIdOf } from '../pages/memes';

interface StoredMessage {
  messageId: string;
  isCreatedByUser: boolean;
  model: string | null;
}

async function storedMessages(page: Page): Promise<StoredMessage[]> {
  const id = await conversationIdOf(page);
  const res = await page.request.get(`/api/messages/${id}`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as StoredMessage[];
}

const popover = (page: Page) => page.getByTestId('mention-popover');
const options = (page: Page) => page.getByTestId('mention-option');

test.describe('the @ command and cards mode', () => {
  test('"@sim-sm" and Enter switch the next send to sim-smart and leave no "@query" behind', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');

    await chat.input.pressSequentially('@sim-sm');
    await expect(popover(page)).toBeVisible();
    await expect(options(page)).toHaveCount(1);
    await expect(options(page).first()).toHaveAttribute('data-key', 'model:Simulator:sim-smart');
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    await chat.input.press('Enter');

    await expect(popover(page)).toBeHidden();
    await expect(chat.input).toHaveValue('');
    await expect(chat.input).toBeFocused();
    await expect(page.getByTestId('model-picker-label')).toHaveText('sim-smart');

    const asked = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/ask/'));
    await chat.send('Which model answers?');
    expect((await asked).postDataJSON()).toMatchObject({ model: 'sim-smart', text: 'Which model answers?' });
    await chat.waitForIdle();
    const reply = (await storedMessages(page)).find((m) => !m.isCreatedByUser);
    expect(reply?.model).toBe('sim-smart');
  });

  test('Escape closes the list until that "@" goes; arrows move; the Commands setting turns it off', async ({
    page,
  }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');

    await chat.input.pressSequentially('@sim');
    await expect(options(page)).not.toHaveCount(0);
    const count = await options(page).count();
    expect(count).toBeGreaterThan(1);
    await chat.input.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await chat.input.press('ArrowUp');
    await chat.input.press('ArrowUp');
    await expect(options(page).nth(count - 1)).toHaveAttribute('aria-selected', 'true');

    await chat.input.press('Escape');
    await expect(popover(page)).toBeHidden();
    await expect(chat.input).toHaveValue('@sim');
    await chat.input.pressSequentially('-f');
    await expect(popover(page)).toBeHidden();
    // A new "@" after a space opens it again; a click chooses.
    await chat.input.pressSequentially(' @');
    await expect(popover(page)).toBeVisible();
    await page.locator('[data-testid="mention-option"][data-key="model:Simulator:sim-smart"]').click();
    await expect(chat.input).toHaveValue('@sim-f ');
    await expect(page.getByTestId('model-picker-label')).toHaveText('sim-smart');

    // Settings → Commands → "@ command" off: an "@" is just text.
    const dialog = await new AppShell(page).openSettings();
    await dialog.getByTestId('settings-tab-commands').click();
    const toggle = dialog.getByTestId('settings-switch-atCommand');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
    await chat.input.fill('');
    await chat.input.pressSequentially('@sim');
    await expect(popover(page)).toBeHidden();
  });

  test('cards mode shows two replies side by side; clicking the other makes it the shown branch', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('Two answers, please');
    await chat.waitForIdle();
    await chat.regenerate(chat.lastAssistant());
    await chat.waitForIdle();
    await expect(chat.siblingPosition(chat.lastAssistant())).toHaveText('2 / 2');
    expect((await storedMessages(page)).filter((m) => !m.isCreatedByUser)).toHaveLength(2);
    const shownId = await chat.lastAssistant().getAttribute('data-message-id');

    await chat.lastAssistant().hover();
    await chat.lastAssistant().getByTestId('cards-toggle').click();
    const cards = page.getByTestId('sibling-card');
    await expect(cards).toHaveCount(2);
    await expect(page.locator('[data-testid="sibling-card"][data-shown]')).toHaveAttribute(
      'data-message-id',
      shownId ?? '',
    );
    const other = page.locator('[data-testid="sibling-card"]:not([data-shown])');
    const otherId = await other.getAttribute('data-message-id');
    expect(otherId).not.toBe(shownId);

    await other.click();
    await expect(page.locator('[data-testid="sibling-card"][data-shown]')).toHaveAttribute(
      'data-message-id',
      otherId ?? '',
    );
    await expect(page.locator(`[data-testid="sibling-card"][data-message-id="${otherId}"]`)).toHaveAttribute(
      'aria-current',
      'true',
    );

    // Back to one reply: the branch now runs through the card clicked.
    await page.getByTestId('sibling-cards').getByTestId('cards-toggle').click();
    await expect(cards).toHaveCount(0);
    await expect(chat.lastAssistant()).toHaveAttribute('data-message-id', otherId ?? '');
    await expect(chat.siblingPosition(chat.lastAssistant())).toHaveText('1 / 2');
  });
});
