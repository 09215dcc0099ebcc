import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { ChatPage } from '../pages/chat-page';

/** The Beta tab's three switches. */
function switches(dialog: Locator) {
  return {
    artifacts: dialog.getByRole('switch', { name: 'Code artifacts' }),
    shadcn: dialog.getByRole('switch', { name: 'Include shadcn/ui instructions' }),
    custom: dialog.getByRole('switch', { name: 'Custom prompt mode' }),
  };
}

/** Sends a message and answers the `artifacts` field its chat request carried (undefined: none). */
async function sentArtifactsMode(page: Page, chat: ChatPage, text: string): Promise<unknown> {
  const request = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/(ask|agents\/chat)\//.test(r.url()));
  await chat.send(text);
  const body = (await request).postDataJSON() as Record<string, unknown>;
  await chat.waitForIdle();
  return body.artifacts;
}

test.describe('Settings → Beta: code artifacts', () => {
  test("the switches follow SPEC 4, are kept under LibreChat's keys, and each request carries the mode", async ({
    page,
  }) => {
    await registerViaApi(page.request);
    const chat = new ChatPage(page);
    await chat.goto('new');
    await chat.selectModel('Simulator', 'sim-fast');
    // Off by default: no mode is sent.
    expect(await sentArtifactsMode(page, chat, 'first')).toBeUndefined();

    const shell = new AppShell(page);
    let dialog = await shell.openSettings();
    await dialog.getByTestId('settings-tab-beta').click();
    let s = switches(dialog);
    await expect(s.artifacts).toHaveAttribute('aria-checked', 'false');
    // Neither dependent switch can be used while artifacts are off.
    await expect(s.shadcn).toBeDisabled();
    await expect(s.custom).toBeDisabled();

    await s.artifacts.click();
    await expect(s.shadcn).toBeEnabled();
    await s.shadcn.click();
    await expect(s.shadcn).toHaveAttribute('aria-checked', 'true');
    // Custom prompt mode turns shadcn/ui off, and disables it.
    await s.custom.click();
    await expect(s.custom).toHaveAttribute('aria-checked', 'true');
    await expect(s.shadcn).toHaveAttribute('aria-checked', 'false');
    await expect(s.shadcn).toBeDisabled();
    await page.keyboard.press('Escape');
    expect(await sentArtifactsMode(page, chat, 'second')).toBe('custom');

    // Kept across a reload, under LibreChat's keys.
    await page.reload();
    await expect(chat.input).toBeVisible();
    const stored = await page.evaluate(() =>
      ['codeArtifacts', 'includeShadcnui', 'customPromptMode'].map((k) => localStorage.getItem(k)),
    );
    expect(stored).toEqual(['true', 'false', 'true']);
    dialog = await shell.openSettings();
    await dialog.getByTestId('settings-tab-beta').click();
    s = switches(dialog);
    await s.custom.click();
    await s.shadcn.click();
    await page.keyboard.press('Escape');
    expect(await sentArtifactsMode(page, chat, 'third')).toBe('shadcnui');

    // Artifacts off turns both others off.
    dialog = await shell.openSettings();
    await dialog.getByTestId('settings-tab-beta').click();
    s = switches(dialog);
    await s.artifacts.click();
    await expect(s.shadcn).toHaveAttribute('aria-checked', 'false');
    await expect(s.custom).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
    expect(await sentArtifactsMode(page, chat, 'fourth')).toBeUndefined();
  });

  test('on a phone, Beta is a page of the settings list', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await registerViaApi(page.request);
    await new ChatPage(page).goto('new');
    await page.getByTestId('open-sidebar').click();
    const dialog = await new AppShell(page).openSettings();
    await dialog.getByTestId('settings-tab-beta').click();
    await expect(dialog.getByTestId('settings-page-beta')).toBeVisible();
    const s = switches(dialog);
    await s.artifacts.click();
    await expect(s.custom).toBeEnabled();
  });
});
