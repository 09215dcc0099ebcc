import { expect } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';
import { RegisterPage } from '../pages/register-page';
import { newAccount } from '../pages/accounts';
import { TermsModal } from '../pages/terms-modal';
import { accountTest as test } from '../support/account-server';

const terms = {
  title: 'Terms of the e2e instance',
  content: '## Rules\n\nBe kind to the **simulator**.',
};

test.use({ accountServer: { terms } });

test('a new user sees the terms: Decline signs out, Accept opens the chat and is remembered', async ({ page }) => {
  const account = newAccount();
  const register = new RegisterPage(page);
  const shell = new AppShell(page);
  const modal = new TermsModal(page, terms.title);

  await register.goto();
  await register.register(account);
  await expect(page).toHaveURL(/\/c\/new$/, { timeout: 8_000 });
  await modal.expectShown();
  await expect(modal.dialog).toContainText('Be kind to the simulator.');
  await expect(modal.dialog.getByRole('heading', { name: 'Rules' })).toBeVisible();

  // The modal cannot be dismissed: Escape leaves it open.
  await page.keyboard.press('Escape');
  await expect(modal.dialog).toBeVisible();

  await modal.decline.click();
  await expect(page).toHaveURL(/\/login\?redirect=false$/);
  const login = new LoginPage(page);
  await expect(login.heading).toBeVisible();
  // Signed out for real: the refresh cookie is gone.
  await page.goto('/c/new');
  await expect(page).toHaveURL(/\/login$/);

  await login.login(account.email, account.password);
  await modal.expectShown();
  await modal.accept.click();
  await expect(modal.dialog).toBeHidden();
  await shell.expectSignedIn(account.name);

  await page.reload();
  await shell.expectSignedIn(account.name);
  await page.waitForTimeout(500);
  await expect(modal.dialog).toHaveCount(0);
});
