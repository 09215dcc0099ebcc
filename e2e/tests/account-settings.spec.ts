import { expect, type Browser, type Page } from '@playwright/test';
import { registerWithSession } from '../pages/account-registration';
import { AccountSettings } from '../pages/account-settings';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';
import { accountTest as test } from '../support/account-server';

// Mail is configured (the email change mails a link), sign-in does not wait for verification.
test.use({ accountServer: { mail: { allowUnverifiedLogin: true } } });

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Another browser (its own cookies) signed in to the same account. */
async function signInElsewhere(browser: Browser, baseURL: string, userAgent: string, account: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.login(account.email, account.password);
  await new AppShell(page).expectSignedIn();
  return page;
}

async function expectSignedOut(page: Page): Promise<void> {
  await page.goto('/c/new');
  await expect(page).toHaveURL(/\/login$/);
}

test('Settings → Account: edit the name, end a session from the list, change the password and the email', async ({
  page,
  request,
  browser,
  server,
}) => {
  const { account } = await registerWithSession(request);
  const login = new LoginPage(page);
  await login.goto();
  await login.login(account.email, account.password);
  await new AppShell(page).expectSignedIn(account.name);
  const laptop = await signInElsewhere(browser, server.url, FIREFOX_ON_LINUX, account);
  const phone = await signInElsewhere(browser, server.url, SAFARI_ON_IPHONE, account);

  const settings = await AccountSettings.open(page);
  const { dialog } = settings;

  // The name, checked as the server checks it.
  await dialog.getByTestId('account-name-edit').click();
  const profile = page.getByTestId('edit-profile-dialog');
  await profile.getByLabel('Name', { exact: true }).fill('Al');
  await profile.getByLabel('Username').click();
  await expect(profile.getByText('Name must be at least 3 characters')).toBeVisible();
  await profile.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await profile.getByLabel('Username').fill('grace');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile).toBeHidden();
  await expect(dialog.getByTestId('account-name')).toHaveText('Grace Hopper');
  await expect(dialog.getByTestId('account-username')).toHaveText('grace');

  // Four sign-ins (the registration's own included); ending the phone's from the list signs it out.
  const sessions = dialog.getByTestId('session-row');
  await expect(sessions).toHaveCount(4);
  await expect(dialog.locator('[data-testid="session-row"][data-current="true"]')).toContainText('This device');
  await expect(sessions.filter({ hasText: 'Firefox on Linux' })).toHaveCount(1);
  await sessions.filter({ hasText: 'Safari on iOS' }).getByRole('button', { name: 'Sign out' }).click();
  await page.getByTestId('session-end-confirm').getByRole('button', { name: 'Sign out' }).click();
  await expect(sessions).toHaveCount(3);
  await expect(sessions.filter({ hasText: 'Safari on iOS' })).toHaveCount(0);
  await expectSignedOut(phone);
  await expect(laptop.getByTestId('app-header')).toBeVisible();

  // A wrong current password is refused and changes nothing; the right one signs the laptop out.
  await dialog.getByTestId('account-password-change').click();
  const change = page.getByTestId('change-password-dialog');
  await change.getByLabel('Current password').fill('not my password');
  await change.getByLabel('New password', { exact: true }).fill('an even better secret');
  await change.getByLabel('Confirm new password').fill('an even better secret');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('change-password-error')).toHaveText('The current password is incorrect.');
  await change.getByLabel('Current password').fill(account.password);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change).toBeHidden();
  await expect(sessions).toHaveCount(1);
  await expectSignedOut(laptop);
  await expect(dialog.getByTestId('account-email')).toBeVisible();

  // The email changes only once the link mailed to the new address is opened.
  const newEmail = `moved.${Date.now().toString(36)}@example.com`;
  const since = Date.now();
  await dialog.getByTestId('account-email-change').click();
  const email = page.getByTestId('change-email-dialog');
  await email.getByLabel('New email address').fill(newEmail);
  await email.getByLabel('Current password').fill('an even better secret');
  await email.getByRole('button', { name: 'Send link' }).click();
  await expect(email).toBeHidden();
  await expect(dialog.getByTestId('account-pending-email')).toContainText(newEmail);
  await expect(dialog.getByTestId('account-email')).toHaveText(account.email);
  const mail = await server.mail!.waitForMail(newEmail, { after: since, subject: /new email/i });
  await page.goto(mail.link!);
  await expect(page.getByTestId('verify-state')).toHaveAttribute('data-state', 'success');
  const reopened = await AccountSettings.open(page);
  await expect(reopened.dialog.getByTestId('account-email')).toHaveText(newEmail);
  await expect(reopened.dialog.getByTestId('account-pending-email')).toHaveCount(0);
});
