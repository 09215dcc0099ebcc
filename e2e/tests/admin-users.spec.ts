import { expect } from '@playwright/test';
import { loginStatus, registerWithSession } from '../pages/account-registration';
import { AdminUsersPage } from '../pages/admin-users';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';
import { accountTest as test } from '../support/account-server';

// A server of its own: the first account registered on it is its administrator.
test.use({ accountServer: { extraConfig: 'balance:\n  enabled: true\n  startBalance: 1000\n' } });

test('an administrator finds a user, bans and unbans them, grants credits and sees the ledger row', async ({
  page,
  request,
}) => {
  const { account: admin } = await registerWithSession(request, { name: 'Ada Admin' });
  const { account: user } = await registerWithSession(request, { name: 'Bob Banned' });
  const login = new LoginPage(page);
  await login.goto();
  await login.login(admin.email, admin.password);
  await new AppShell(page).expectSignedIn(admin.name);

  const users = new AdminUsersPage(page);
  await users.goto();
  await users.find('bob banned', user.email);
  await users.open(user.email);

  await users.ban('Spamming the shared prompts');
  expect(await loginStatus(request, user.email, user.password)).toBe(403);
  await users.unban();
  expect(await loginStatus(request, user.email, user.password)).toBe(200);

  await expect(users.balance).toHaveText('1,000');
  await users.grant(750, 'Pilot team');
  await expect(users.balance).toHaveText('1,750');
  const row = users.ledgerRows.first();
  await expect(row).toHaveAttribute('data-kind', 'admin_grant');
  await expect(row).toContainText('Pilot team');
  await expect(row).toContainText('+750.00');

  // On a phone the list is cards, and nothing scrolls sideways.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await users.search.fill('');
  await expect(users.cards).toBeVisible();
  await expect(users.table).toBeHidden();
  await expect(users.entry(user.email)).toBeVisible();
  await expect(users.entry(admin.email)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
