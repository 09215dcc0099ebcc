import { expect } from '@playwright/test';
import { newAccount } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';
import { RegisterPage } from '../pages/register-page';
import { accountTest as test } from '../support/account-server';

// Mail configured and unverified sign-in refused: a new account must open the mailed link first.
test.use({ accountServer: { mail: { allowUnverifiedLogin: false } } });

test('a new account verifies its address through the mailed link before it can sign in', async ({ page, server }) => {
  const account = newAccount();
  const register = new RegisterPage(page);
  const login = new LoginPage(page);
  const shell = new AppShell(page);

  const registeredAt = Date.now();
  await register.goto();
  await register.register(account);
  const checkEmail = page.getByTestId('registration-check-email');
  await expect(checkEmail).toBeVisible();
  await expect(checkEmail.getByTestId('registration-check-email-address')).toHaveText(account.email);
  const mail = await server.mail!.waitForMail(account.email, { subject: /verif/i, after: registeredAt });

  // Before the link is opened the password alone is refused with the 422 that offers a resend.
  await login.goto();
  await login.login(account.email, account.password);
  await expect(login.error).toBeVisible();
  await expect(login.error).toContainText('Your email address has not been verified yet.');
  const resentAt = Date.now();
  await login.error.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(login.error).toContainText('a new verification email is on its way');
  const resent = await server.mail!.waitForMail(account.email, { subject: /verif/i, after: resentAt });

  for (const link of [mail.link, resent.link]) {
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(server.url);
    expect(url.pathname).toBe('/verify');
  }

  await page.goto(resent.link!);
  await expect(page.getByTestId('verify-state')).toHaveAttribute('data-state', 'success');
  // The countdown goes on; signed out, that ends at the login page.
  await expect(page).toHaveURL(/\/(login|c\/new)$/, { timeout: 8_000 });

  await login.goto();
  await login.login(account.email, account.password);
  await shell.expectSignedIn(account.name);
});
