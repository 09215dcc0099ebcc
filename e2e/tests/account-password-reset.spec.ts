import { expect } from '@playwright/test';
import { newAccount } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { registerAccount } from '../pages/account-registration';
import { LoginPage } from '../pages/login-page';
import { ForgotPasswordPage, ResetPasswordPage } from '../pages/password-reset';
import { accountTest as test, startAccountServer } from '../support/account-server';

test.use({ accountServer: { mail: { allowUnverifiedLogin: true }, passwordReset: true } });

test.describe('password reset by mail', () => {
  test('forgot password → the mailed link → a new password signs in and the old one no longer does', async ({
    page,
    request,
    server,
  }) => {
    const account = await registerAccount(request);
    const newPassword = 'a brand new passphrase';

    const login = new LoginPage(page);
    await login.goto();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    const forgot = new ForgotPasswordPage(page);
    await expect(forgot.heading).toBeVisible();
    const requestedAt = Date.now();
    await forgot.request(account.email);
    await expect(forgot.sent).toBeVisible();
    // With mail configured the link goes by mail only, never to the page (SPEC 2).
    await expect(page.getByTestId('forgot-link')).toHaveCount(0);
    await expect(forgot.sent).toContainText('If an account with that email exists');

    const mail = await server.mail!.waitForMail(account.email, { subject: /password/i, after: requestedAt });
    expect(mail.link).toBeDefined();
    const link = new URL(mail.link!);
    expect(link.origin).toBe(server.url);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('token')).toBeTruthy();
    expect(link.searchParams.get('userId')).toBeTruthy();
    expect(mail.html).toContain('reset-password');

    await page.goto(mail.link!);
    const reset = new ResetPasswordPage(page);
    await expect(reset.heading).toBeVisible();
    await reset.reset(newPassword);
    await expect(reset.success).toBeVisible();
    await reset.signIn.click();

    // The old password is refused, the new one signs in.
    await expect(login.heading).toBeVisible();
    await login.login(account.email, account.password);
    await expect(login.error).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await login.login(account.email, newPassword);
    await new AppShell(page).expectSignedIn(account.name);

    // The link worked once: opened again, it is refused.
    await page.context().clearCookies();
    await page.goto(mail.link!);
    await reset.reset('yet another passphrase');
    await expect(reset.error).toBeVisible();
  });

  test('an unknown address gets the same answer and no mail', async ({ page, server }) => {
    const forgot = new ForgotPasswordPage(page);
    await forgot.goto();
    const email = `nobody.${Date.now().toString(36)}@example.com`;
    await forgot.request(email);
    await expect(forgot.sent).toBeVisible();
    await expect(server.mail!.waitForMail(email, { timeoutMs: 1_500 })).rejects.toThrow(/No mail/);
  });

  test('without a mail server the reset link is on the page itself, and works', async ({ page }) => {
    // SPEC 2: no email configured, so the answer carries the link. A server of its own.
    const server = await startAccountServer({ passwordReset: true });
    try {
      const registered = await page.request.post(`${server.url}/api/auth/register`, {
        data: { ...newAccount(), confirm_password: 'correct horse battery' },
      });
      expect(registered.ok()).toBe(true);
      const { user } = (await registered.json()) as { user: { email: string; name: string } };
      await page.context().clearCookies();

      await page.goto(`${server.url}/forgot-password`);
      const forgot = new ForgotPasswordPage(page);
      await forgot.request(user.email);
      await expect(page.getByTestId('forgot-link')).toBeVisible();
      await page.getByTestId('forgot-open-link').click();
      const reset = new ResetPasswordPage(page);
      await reset.reset('the password after the link');
      await expect(reset.success).toBeVisible();
      await reset.signIn.click();
      const login = new LoginPage(page);
      await login.login(user.email, 'the password after the link');
      await new AppShell(page).expectSignedIn(user.name);
    } finally {
      await server.close();
    }
  });
});
