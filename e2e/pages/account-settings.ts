import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** Settings → Account: who is signed in and the account's security (issue 22). */
export class AccountSettings {
  constructor(
    private readonly page: Page,
    readonly dialog: Locator,
  ) {}

  static async open(page: Page): Promise<AccountSettings> {
    const dialog = await new AppShell(page).openSettings();
    await dialog.getByTestId('settings-tab-account').click();
    await expect(dialog.getByTestId('account-email')).toBeVisible();
    return new AccountSettings(page, dialog);
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}
