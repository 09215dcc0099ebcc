import { expect } from '@playwright/test';
import { registerWithSession } from '../pages/account-registration';
import { AccountSettings } from '../pages/account-settings';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';
import { currentStep, enableThroughApi, freshTotpCode, totpCode, TwoFactorLoginPage } from '../pages/two-factor';
import { accountTest as test } from '../support/account-server';

test.describe('two-factor sign-in', () => {
  test('enable in Settings (code from the shown key, backup codes downloaded), then sign in with a code and with a backup code', async ({
    page,
    request,
  }) => {
    // One code per 30-second step: the second code-based step may wait for the next one.
    test.setTimeout(120_000);
    const { account } = await registerWithSession(request);
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    const twoFactor = new TwoFactorLoginPage(page);
    await login.goto();
    await login.login(account.email, account.password);
    await shell.expectSignedIn(account.name);

    const settings = await AccountSettings.open(page);
    await expect(settings.twoFactor.statusOn).toHaveCount(0);
    await settings.twoFactor.enable.click();
    const dialog = settings.twoFactor.dialog;
    await expect(dialog.dialog).toBeVisible();
    await dialog.start.click();
    await expect(dialog.dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await dialog.secret.textContent())?.replace(/\s+/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await dialog.next.click();

    await dialog.code.fill('12345');
    await expect(dialog.verify).toBeDisabled();
    const enabledAt = currentStep();
    await dialog.code.fill(await totpCode(secret, enabledAt));
    await dialog.verify.click();

    // The codes must be saved before Complete is offered.
    await expect(dialog.backupCodes).toHaveCount(10);
    const codes = (await dialog.backupCodes.allTextContents()).map((c) => c.trim());
    for (const code of codes) expect(code).toHaveLength(8);
    await expect(dialog.complete).toBeDisabled();
    const file = await dialog.downloadBackupCodes();
    expect(file.fileName).toBe('backup-codes.txt');
    for (const code of codes) expect(file.text).toContain(code);
    await expect(dialog.complete).toBeEnabled();
    await dialog.complete.click();
    await dialog.done.click();
    await expect(dialog.dialog).toBeHidden();
    await expect(settings.twoFactor.statusOn).toBeVisible();
    await expect(settings.twoFactor.remaining).toHaveAttribute('data-count', '10');
    await settings.close();

    // Sign in with a code from the app: a step later than the one that confirmed the setup.
    await shell.logout();
    await login.login(account.email, account.password);
    await twoFactor.expectShown();
    await twoFactor.enterCode('000000' === (await totpCode(secret)) ? '111111' : '000000');
    await expect(twoFactor.error).toBeVisible();
    const { code } = await freshTotpCode(secret, enabledAt);
    await twoFactor.code.fill(code);
    await twoFactor.verify.click();
    await shell.expectSignedIn(account.name);

    // And with a backup code.
    await shell.logout();
    await login.login(account.email, account.password);
    await twoFactor.expectShown();
    await twoFactor.enterBackupCode(codes[3]!);
    await shell.expectSignedIn(account.name);

    // Disabling asks for a factor too: another backup code. Then the password alone signs in.
    const again = await AccountSettings.open(page);
    await expect(again.twoFactor.remaining).toHaveAttribute('data-count', '9');
    await again.twoFactor.disable.click();
    await again.twoFactor.dialog.toggleBackup.click();
    await again.twoFactor.dialog.backupCode.fill(codes[4]!);
    await again.twoFactor.dialog.submit.click();
    await expect(again.twoFactor.dialog.dialog).toBeHidden();
    await expect(again.twoFactor.statusOn).toHaveCount(0);
    await again.close();
    await shell.logout();
    await login.login(account.email, account.password);
    await shell.expectSignedIn(account.name);
  });

  test('closing the setup on its backup-codes step rolls it back: the password alone still signs in', async ({
    page,
    request,
  }) => {
    const { account } = await registerWithSession(request);
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.goto();
    await login.login(account.email, account.password);
    await shell.expectSignedIn(account.name);

    const settings = await AccountSettings.open(page);
    await settings.twoFactor.enable.click();
    const dialog = settings.twoFactor.dialog;
    await dialog.start.click();
    const secret = (await dialog.secret.textContent())?.replace(/\s+/g, '') ?? '';
    await dialog.next.click();
    await dialog.code.fill(await totpCode(secret));
    await dialog.verify.click();
    await expect(dialog.backupCodes).toHaveCount(10);
    // Closed before the codes were saved: nobody holds them, so two-factor must not stay on.
    await page.keyboard.press('Escape');
    await expect(dialog.dialog).toBeHidden();
    await expect(settings.twoFactor.enable).toBeVisible();
    await expect(settings.twoFactor.statusOn).toHaveCount(0);
    await settings.close();

    await shell.logout();
    await login.login(account.email, account.password);
    await shell.expectSignedIn(account.name);
  });

  test('a wrong code shows the error and stays; a backup code signs in once, then it is spent', async ({
    page,
    request,
  }) => {
    const { account, token } = await registerWithSession(request);
    const { backupCodes } = await enableThroughApi(request, token);
    expect(backupCodes).toHaveLength(10);

    const login = new LoginPage(page);
    const twoFactor = new TwoFactorLoginPage(page);
    const shell = new AppShell(page);
    await login.goto();
    await login.login(account.email, account.password);
    await twoFactor.expectShown();

    // Shorter input is ignored (SPEC 5): Verify stays off until all six digits are there.
    await twoFactor.code.fill('12345');
    await expect(twoFactor.verify).toBeDisabled();
    await twoFactor.enterCode('000000');
    await expect(twoFactor.error).toBeVisible();
    await expect(twoFactor.error).not.toBeEmpty();
    await expect(page).toHaveURL(/\/login\/2fa/);

    await twoFactor.enterBackupCode(backupCodes[0]!);
    await shell.expectSignedIn(account.name);

    await shell.logout();
    await login.login(account.email, account.password);
    await twoFactor.expectShown();
    await twoFactor.enterBackupCode(backupCodes[0]!);
    await expect(twoFactor.error).toBeVisible();
    await expect(page).toHaveURL(/\/login\/2fa/);
    await twoFactor.backupCode.fill(backupCodes[1]!);
    await twoFactor.verify.click();
    await shell.expectSignedIn(account.name);
  });
});
