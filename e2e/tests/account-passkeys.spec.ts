import { expect } from '@playwright/test';
import { registerWithSession } from '../pages/account-registration';
import { AccountSettings } from '../pages/account-settings';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';
import { enableThroughApi, TwoFactorLoginPage } from '../pages/two-factor';
import { addVirtualAuthenticator } from '../pages/virtual-authenticator';
import { accountTest as test } from '../support/account-server';

test.use({ accountServer: {} });

test('a passkey added in Settings signs in without an email, and once removed it no longer does', async ({
  page,
  request,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const { account } = await registerWithSession(request);
  const login = new LoginPage(page);
  const shell = new AppShell(page);
  const signInWithPasskey = page.getByRole('button', { name: 'Sign in with a passkey' });

  await login.goto();
  await login.login(account.email, account.password);
  await shell.expectSignedIn(account.name);

  const settings = await AccountSettings.open(page);
  await expect(settings.passkeys.empty).toBeVisible();
  await settings.addPasskey();
  await expect(settings.passkeys.rows).toHaveCount(1);
  await expect(settings.passkeys.rows.first().getByTestId('passkey-last-used')).toHaveText('Never used');
  const credentials = await authenticator.credentials();
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.rpId).toBe('localhost');
  await settings.close();

  await shell.logout();
  await expect(login.heading).toBeVisible();
  await expect(login.email).toHaveValue('');
  await signInWithPasskey.click();
  await shell.expectSignedIn(account.name);

  const again = await AccountSettings.open(page);
  await expect(again.passkeys.rows).toHaveCount(1);
  await expect(again.passkeys.rows.first().getByTestId('passkey-last-used')).toContainText('Last used');
  await again.removePasskey(again.passkeys.rows.first());
  await expect(again.passkeys.rows).toHaveCount(0);
  await expect(again.passkeys.empty).toBeVisible();
  await again.close();

  // The authenticator still holds the key, but the server no longer knows it.
  await shell.logout();
  await expect(login.heading).toBeVisible();
  await signInWithPasskey.click();
  await expect(page.getByTestId('passkey-sign-in-error')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('with two-factor on, a passkey finishes a password sign-in on /login/2fa, and alone it is both factors', async ({
  page,
  request,
}) => {
  await addVirtualAuthenticator(page);
  const { account, token } = await registerWithSession(request);
  const login = new LoginPage(page);
  const shell = new AppShell(page);
  await login.goto();
  await login.login(account.email, account.password);
  await shell.expectSignedIn(account.name);
  const settings = await AccountSettings.open(page);
  await settings.addPasskey();
  await expect(settings.passkeys.rows).toHaveCount(1);
  await settings.close();
  await enableThroughApi(request, token);

  await shell.logout();
  await login.login(account.email, account.password);
  const twoFactor = new TwoFactorLoginPage(page);
  await twoFactor.expectShown();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await shell.expectSignedIn(account.name);

  // A passkey that verified its user needs no code: "Sign in with a passkey" goes straight in.
  await shell.logout();
  await expect(login.heading).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await shell.expectSignedIn(account.name);
});
