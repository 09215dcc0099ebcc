import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { signUpToNewChat } from '../pages/chat-page';

/** Opens Settings → Personalization; answers the tab's panel. */
async function openPersonalization(page: Page): Promise<Locator> {
  const settings = await new AppShell(page).openSettings();
  await settings.getByTestId('settings-tab-personalization').click();
  return settings.getByTestId('personalization-settings');
}

const rowOf = (panel: Locator, key: string) => panel.locator(`[data-testid="memory-row"][data-key="${key}"]`);

test.describe('memory (issue 41)', () => {
  test('Settings → Personalization: add, edit, delete and delete all memories; turn memory off and on', async ({
    page,
  }) => {
    await signUpToNewChat(page);
    let panel = await openPersonalization(page);
    await expect(panel.getByTestId('memories-empty')).toBeVisible();

    await panel.getByTestId('memory-add').click();
    await panel.getByLabel('Key', { exact: true }).fill('favourite_colour');
    await panel.getByLabel('Memory', { exact: true }).fill('teal');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(rowOf(panel, 'favourite_colour').getByTestId('memory-value')).toHaveText('teal');

    // A key taken already: the server's 409, said beside the key; Escape leaves the form, not Settings.
    await panel.getByTestId('memory-add').click();
    await panel.getByLabel('Key', { exact: true }).fill('favourite_colour');
    await panel.getByLabel('Memory', { exact: true }).fill('blue');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('alert')).toContainText('A memory with this key already exists');
    await page.keyboard.press('Escape');
    await expect(panel.getByTestId('memory-form')).toBeHidden();
    await expect(panel).toBeVisible();

    // Edit in place: the value, and the key (a rename).
    await rowOf(panel, 'favourite_colour').getByRole('button', { name: 'Edit favourite_colour' }).click();
    await panel.getByLabel('Key', { exact: true }).fill('favourite_color');
    await panel.getByLabel('Memory', { exact: true }).fill('deep teal');
    await page.keyboard.press('Control+Enter');
    await expect(rowOf(panel, 'favourite_color').getByTestId('memory-value')).toHaveText('deep teal');
    await expect(rowOf(panel, 'favourite_colour')).toHaveCount(0);
    await expect(rowOf(panel, 'favourite_color').getByTestId('memory-edit')).toBeFocused();

    // Delete, behind a confirmation (a second memory first: the last one is for "Delete all").
    await panel.getByTestId('memory-add').click();
    await panel.getByLabel('Key', { exact: true }).fill('city');
    await panel.getByLabel('Memory', { exact: true }).fill('Lyon');
    await page.keyboard.press('Control+Enter');
    await rowOf(panel, 'city').getByRole('button', { name: 'Delete city' }).click();
    await page.getByTestId('memory-delete-dialog').getByTestId('confirm-action').click();
    await expect(rowOf(panel, 'city')).toHaveCount(0);
    await expect(panel.getByTestId('memories-count')).toHaveText('1 memory');

    // Delete all, behind a confirmation.
    await panel.getByTestId('memory-delete-all').click();
    const confirm = page.getByTestId('memory-delete-all-dialog');
    await expect(confirm).toContainText('All 1 memory will be deleted');
    await confirm.getByTestId('confirm-action').click();
    await expect(panel.getByTestId('memories-empty')).toBeVisible();

    // The switch is the user's and survives a reload.
    const useMemory = () => panel.getByRole('switch', { name: 'Use memory' });
    await expect(useMemory()).toHaveAttribute('aria-checked', 'true');
    await useMemory().click();
    await expect(useMemory()).toHaveAttribute('aria-checked', 'false');
    await expect(panel.getByRole('status').filter({ hasText: 'Memory is off' })).toBeVisible();
    await page.reload();
    panel = await openPersonalization(page);
    await expect(useMemory()).toHaveAttribute('aria-checked', 'false');
    await useMemory().click();
    await expect(useMemory()).toHaveAttribute('aria-checked', 'true');
  });

  test('a memory saved while a reply is written shows on it, is in Settings, and Undo takes it back', async ({
    page,
  }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('[[remember:favourite_colour=teal]] my favourite colour is teal');
    await chat.waitForIdle();
    const note = chat.lastAssistant().getByTestId('memory-note');
    await expect(note).toContainText('Memory updated: favourite_colour');

    // The key opens Settings → Personalization, where the memory is.
    await note.getByRole('button', { name: 'Open favourite_colour in Settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Settings' }).getByTestId('personalization-settings');
    await expect(rowOf(panel, 'favourite_colour').getByTestId('memory-value')).toHaveText('teal');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await note.getByRole('button', { name: 'Undo saving favourite_colour' }).click();
    await expect(note).toContainText('Undone');
    await openPersonalization(page);
    await expect(panel.getByTestId('memories-empty')).toBeVisible();
  });
});
