import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in frame: sidebar, user menu, header and the landing greeting. */
export class AppShell {
  readonly greeting: Locator;
  readonly sidebar: Locator;
  readonly userMenuTrigger: Locator;
  readonly newChat: Locator;
  readonly announcer: Locator;

  constructor(private readonly page: Page) {
    this.greeting = page.getByTestId('landing-greeting');
    this.sidebar = page.getByTestId('sidebar');
    this.userMenuTrigger = page.getByTestId('user-menu-trigger');
    this.newChat = page.getByTestId('nav-new-chat');
    this.announcer = page.getByTestId('live-announcer');
  }

  async expectSignedIn(name?: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/c\/new$/);
    await expect(this.greeting).toBeVisible();
    if (name) await expect(this.greeting).toContainText(name);
  }

  async openUserMenu(): Promise<void> {
    await this.userMenuTrigger.click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  async logout(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
  }

  async openSettings(): Promise<Locator> {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Whether <html> carries the `dark` class. */
  isDark(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.classList.contains('dark'));
  }
}
