import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** The two-factor setup dialog: setup → QR → verify → backup codes → enabled (SPEC 4), or its disable mode. */
export class TwoFactorDialog {
  readonly dialog: Locator;
  readonly start: Locator;
  readonly secret: Locator;
  readonly next: Locator;
  readonly code: Locator;
  readonly backupCode: Locator;
  readonly toggleBackup: Locator;
  readonly verify: Locator;
  readonly backupCodes: Locator;
  readonly download: Locator;
  readonly complete: Locator;
  readonly done: Locator;
  readonly submit: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByTestId('twofa-dialog');
    this.start = this.dialog.getByRole('button', { name: 'Get started' });
    this.secret = this.dialog.getByTestId('totp-secret');
    this.next = this.dialog.getByRole('button', { name: 'Next' });
    this.code = this.dialog.getByLabel('Authentication code');
    this.backupCode = this.dialog.getByLabel('Backup code');
    this.toggleBackup = this.dialog.getByRole('button', { name: 'Use a backup code instead' });
    this.verify = this.dialog.getByRole('button', { name: 'Verify' });
    this.backupCodes = this.dialog.getByTestId('backup-code');
    this.download = this.dialog.getByRole('button', { name: 'Download' });
    this.complete = this.dialog.getByRole('button', { name: 'Complete' });
    this.done = this.dialog.getByRole('button', { name: 'Done' });
    this.submit = this.dialog.getByTestId('twofa-submit');
  }

  /** Saves backup-codes.txt; returns the file's name and text. */
  async downloadBackupCodes(): Promise<{ fileName: string; text: string }> {
    const downloaded = this.page.waitForEvent('download');
    await this.download.click();
    const download = await downloaded;
    const path = await download.path();
    return { fileName: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }
}

/** Settings → Account: who is signed in and the account's security (issue 22). */
export class AccountSettings {
  readonly twoFactor: {
    section: Locator;
    enable: Locator;
    disable: Locator;
    statusOn: Locator;
    remaining: Locator;
    dialog: TwoFactorDialog;
  };
  readonly passkeys: {
    section: Locator;
    add: Locator;
    rows: Locator;
    empty: Locator;
    addDialog: Locator;
    removeDialog: Locator;
  };
  readonly deletion: { open: Locator; dialog: Locator; email: Locator; confirm: Locator };

  constructor(
    private readonly page: Page,
    readonly dialog: Locator,
  ) {
    const twoFactor = dialog.getByTestId('two-factor-section');
    this.twoFactor = {
      section: twoFactor,
      enable: twoFactor.getByRole('button', { name: 'Enable' }),
      disable: twoFactor.getByRole('button', { name: 'Disable' }),
      statusOn: twoFactor.getByTestId('twofa-status-on'),
      remaining: twoFactor.getByTestId('backup-codes-remaining'),
      dialog: new TwoFactorDialog(page),
    };
    const passkeys = dialog.getByTestId('passkeys-section');
    this.passkeys = {
      section: passkeys,
      add: passkeys.getByRole('button', { name: 'Add a passkey' }),
      rows: passkeys.getByTestId('passkey-row'),
      empty: passkeys.getByTestId('passkeys-empty'),
      addDialog: page.getByTestId('add-passkey-dialog'),
      removeDialog: page.getByTestId('remove-passkey-dialog'),
    };
    const deleteDialog = page.getByTestId('delete-account-dialog');
    this.deletion = {
      open: dialog.getByTestId('delete-account-section').getByRole('button', { name: 'Delete account' }),
      dialog: deleteDialog,
      email: deleteDialog.getByLabel('Type your email to confirm'),
      confirm: deleteDialog.getByRole('button', { name: 'Delete my account' }),
    };
  }

  static async open(page: Page): Promise<AccountSettings> {
    const dialog = await new AppShell(page).openSettings();
    await dialog.getByTestId('settings-tab-account').click();
    await expect(dialog.getByTestId('account-email')).toBeVisible();
    return new AccountSettings(page, dialog);
  }

  /** Adds a passkey with the suggested name (the browser's authenticator answers the ceremony). */
  async addPasskey(): Promise<void> {
    await this.passkeys.add.click();
    await expect(this.passkeys.addDialog).toBeVisible();
    await this.passkeys.addDialog.getByRole('button', { name: 'Continue' }).click();
    await expect(this.passkeys.addDialog).toBeHidden();
  }

  async removePasskey(row: Locator): Promise<void> {
    await row.getByRole('button', { name: 'Remove' }).click();
    await expect(this.passkeys.removeDialog).toBeVisible();
    await this.passkeys.removeDialog.getByRole('button', { name: 'Remove' }).click();
    await expect(this.passkeys.removeDialog).toBeHidden();
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}
