import { expect } from '@playwright/test';
import { registerWithSession } from '../pages/account-registration';
import { AccountSettings } from '../pages/account-settings';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';
import { accountTest as test } from '../support/account-server';

test.use({ accountServer: {} });

test('deleting the account takes the typed email, signs out, and the account is gone', async ({ page, request }) => {
  const { account } = await registerWithSession(request);
  const login = new LoginPage(page);
  const shell = new AppShell(page);
  await login.goto();
  await login.login(account.email, account.password);
  await shell.expectSignedIn(account.name);

  const settings = await AccountSettings.open(page);
  const deletion = settings.deletion;
  await deletion.open.click();
  await expect(deletion.dialog).toBeVisible();
  await expect(deletion.confirm).toBeDisabled();
  await deletion.email.fill(`x${account.email}`);
  await expect(deletion.confirm).toBeDisabled();
  await deletion.email.fill(account.email);
  await expect(deletion.confirm).toBeEnabled();
  await deletion.confirm.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(login.heading).toBeVisible();
  // Signed out for real: the refresh cookie no longer opens a chat.
  await page.goto('/c/new');
  await expect(page).toHaveURL(/\/login$/);

  await login.login(account.email, account.password);
  await expect(login.error).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
