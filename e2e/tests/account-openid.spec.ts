import { expect, type Page } from '@playwright/test';
import type { OidcTestAccount } from '@confab/testkit';
import { AccountSettings } from '../pages/account-settings';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';
import { accountTest as test, startAccountServer } from '../support/account-server';

const grace: OidcTestAccount = {
  sub: 'grace',
  email: 'grace.hopper@example.com',
  email_verified: true,
  name: 'Grace Hopper',
  preferred_username: 'grace',
};

/** The testkit provider's own sign-in form (any password). */
async function signInAtProvider(page: Page, issuer: string, sub: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.href.startsWith(`${issuer}/interaction/`));
  const form = page.locator('form#oidc-login');
  await form.locator('input[name="login"]').fill(sub);
  await form.locator('input[name="password"]').fill('anything');
  await form.getByRole('button', { name: 'Sign in' }).click();
}

const linus: OidcTestAccount = { sub: 'linus', email: 'linus.pauling@example.com', name: 'Linus Pauling' };

test.use({ accountServer: { openid: { accounts: [grace, linus] } } });

test.describe('OpenID sign-in', () => {
  test("the login page's OpenID button → the provider's form → signed in on a new chat", async ({ page, server }) => {
    const login = new LoginPage(page);
    await login.goto();
    const button = page.getByTestId('social-logins').getByRole('link', { name: 'Continue with OpenID' });
    await expect(button).toHaveAttribute('href', `${server.url}/oauth/openid`);
    await button.click();
    await signInAtProvider(page, server.oidc!.issuer, grace.sub);

    const shell = new AppShell(page);
    await shell.expectSignedIn(grace.name);
    await shell.openUserMenu();
    await expect(page.getByTestId('user-menu-email')).toHaveText(grace.email);
    await page.keyboard.press('Escape');

    // A reload keeps the session the callback started.
    await page.reload();
    await shell.expectSignedIn(grace.name);

    // Signing out and in again lands in the same account (no second registration).
    await shell.logout();
    await expect(login.heading).toBeVisible();
    await page.getByRole('link', { name: 'Continue with OpenID' }).click();
    // The provider may remember its session and come straight back; else it asks again.
    await page.waitForURL((url) => url.href.startsWith(server.url) || url.href.startsWith(server.oidc!.issuer));
    if (page.url().startsWith(server.oidc!.issuer)) await signInAtProvider(page, server.oidc!.issuer, grace.sub);
    await shell.expectSignedIn(grace.name);
  });

  test('an OpenID account has no two-factor settings and can create a password, then sign in with it', async ({
    page,
    server,
  }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.goto();
    await page.getByRole('link', { name: 'Continue with OpenID' }).click();
    await signInAtProvider(page, server.oidc!.issuer, linus.sub);
    await shell.expectSignedIn(linus.name);

    const settings = await AccountSettings.open(page);
    // SPEC 6: two-factor is for accounts with a password only.
    await expect(settings.twoFactor.section).toHaveCount(0);
    const section = settings.dialog.getByTestId('create-password-section');
    await section.getByRole('button', { name: 'Create password' }).click();
    const dialog = page.getByTestId('create-password-dialog');
    const password = 'a password of my own';
    await dialog.getByLabel('New password', { exact: true }).fill(password);
    await dialog.getByLabel('Confirm password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Create password' }).click();
    await expect(dialog).toBeHidden();
    await expect(section).toHaveCount(0);
    await settings.close();

    await shell.logout();
    await login.login(linus.email, password);
    await shell.expectSignedIn(linus.name);
  });

  test('without OPENID_AUTO_REDIRECT the login page stays put', async ({ page }) => {
    await page.goto('/login');
    await expect(new LoginPage(page).heading).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an /oauth path of a provider that is not configured answers 404, not the web app', async ({ request }) => {
    const res = await request.get('/oauth/github', { maxRedirects: 0 });
    expect(res.status()).toBe(404);
    expect(await res.text()).not.toContain('id="root"');
  });
});

test.describe('OpenID auto-redirect', () => {
  test('/login goes straight to the provider, ?redirect=false shows the login page', async ({ page }) => {
    // OPENID_AUTO_REDIRECT is a start-up setting: a server of its own for this test.
    const server = await startAccountServer({ openid: { accounts: [grace], autoRedirect: true } });
    try {
      await page.goto(`${server.url}/login`);
      await signInAtProvider(page, server.oidc!.issuer, grace.sub);
      const shell = new AppShell(page);
      await shell.expectSignedIn(grace.name);

      await page.context().clearCookies();
      await page.goto(`${server.url}/login?redirect=false`);
      const login = new LoginPage(page);
      await expect(login.heading).toBeVisible();
      await page.waitForTimeout(500);
      await expect(page).toHaveURL(/\/login\?redirect=false$/);
      await expect(page.getByRole('link', { name: 'Continue with OpenID' })).toBeVisible();
    } finally {
      await server.close();
    }
  });
});
