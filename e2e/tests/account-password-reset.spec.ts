import { expect } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { registerAccount } from '../pages/account-registration';
import { LoginPage } from '../pages/login-page';
import { ForgotPasswordPage, ResetPasswordPage } from '../pages/password-reset';
import { accountTest as test } from '../support/account-server';

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
    await expect(page.getByRole('link', { name: 'Reset password now' })).toHaveCount(0);

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
});
