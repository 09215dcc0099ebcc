import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext } from '@playwright/test';
import { registerWithSession } from '../pages/account-registration';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';
import { currentStep, secretOf, totpCode, TwoFactorLoginPage } from '../pages/two-factor';
import { accountTest as test } from '../support/account-server';

/** Turns two-factor on through LibreChat's API calls, as the dialog does; returns the secret and backup codes. */
async function enableThroughApi(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const enabled = await request.get('/api/auth/2fa/enable', { headers });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  const { otpauthUrl, backupCodes } = (await enabled.json()) as { otpauthUrl: string; backupCodes: string[] };
  const secret = secretOf(otpauthUrl);
  const step = currentStep();
  const confirmed = await request.post('/api/auth/2fa/confirm', {
    headers,
    data: { token: await totpCode(secret, step) },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return { secret, backupCodes, step };
}

test.describe('two-factor sign-in', () => {
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
