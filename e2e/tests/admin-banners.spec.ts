import { expect, type Page } from '@playwright/test';
import { registerWithSession } from '../pages/account-registration';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/login-page';
import { accountTest as test } from '../support/account-server';

// A server of its own: its first account is the administrator.
test.use({ accountServer: {} });

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(email, password);
  await new AppShell(page).expectSignedIn();
}

test('an administrator publishes a banner that a user sees, dismisses, and sees again once it is edited', async ({
  page,
  request,
  browser,
  server,
}) => {
  const { account: admin } = await registerWithSession(request, { name: 'Admin Person' });
  const userContext = await browser.newContext({ baseURL: server.url });
  const { account: user } = await registerWithSession(userContext.request, { name: 'Plain User' });

  await signIn(page, admin.email, admin.password);
  await page.goto('/admin/banners');
  await expect(page.getByTestId('admin-banners-empty')).toBeVisible();
  await page.getByTestId('banner-create').click();
  const dialog = page.getByTestId('banner-dialog');
  await dialog.getByTestId('banner-save').click();
  await expect(dialog.getByText('Write a message.')).toBeVisible();
  await dialog.getByLabel('Message').fill('Maintenance **tonight** at 22:00. [Status](https://status.example.com)');
  // The live preview renders the markdown as the app will.
  await expect(dialog.getByTestId('banner-preview').locator('strong')).toHaveText('tonight');
  await dialog.getByTestId('banner-public').click();
  await dialog.getByTestId('banner-save').click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('banner-card');
  await expect(card).toHaveAttribute('data-status', 'live');
  await expect(card).toContainText('Also on sign-in pages');

  // A visitor sees the public banner on the sign-in page.
  const visitor = await browser.newPage({ baseURL: server.url });
  await visitor.goto('/login');
  await expect(visitor.getByTestId('banner')).toContainText('Maintenance tonight at 22:00.');
  await visitor.close();

  // The user sees it over the chat, with its link, and dismisses it: it stays dismissed.
  // The registration signed this browser in (its refresh cookie is in the context).
  const userPage = await userContext.newPage();
  await userPage.goto('/c/new');
  await new AppShell(userPage).expectSignedIn(user.name);
  const banner = userPage.getByTestId('banner');
  await expect(banner).toContainText('Maintenance tonight at 22:00.');
  await expect(banner.getByRole('link', { name: 'Status' })).toHaveAttribute('href', 'https://status.example.com');
  await banner.getByTestId('banner-dismiss').click();
  await expect(banner).toBeHidden();
  await userPage.reload();
  await expect(userPage.getByTestId('app-header')).toBeVisible();
  await expect(banner).toBeHidden();

  // The administrator edits it: it shows again.
  await card.getByTestId('banner-edit').click();
  await dialog.getByLabel('Message').fill('Maintenance moved to **Sunday**.');
  await dialog.getByTestId('banner-save').click();
  await expect(dialog).toBeHidden();
  await userPage.reload();
  await expect(banner).toContainText('Maintenance moved to Sunday.');

  // Deleted: gone for everyone.
  await card.getByTestId('banner-delete').click();
  await page.getByTestId('banner-delete-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('admin-banners-empty')).toBeVisible();
  await userPage.reload();
  await expect(userPage.getByTestId('app-header')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await userContext.close();
});
