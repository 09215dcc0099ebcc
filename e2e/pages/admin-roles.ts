import { expect, type Locator, type Page } from '@playwright/test';

/** Admin → Roles: a tab per role, a row per feature, a switch per permission type. */
export class AdminRolesPage {
  readonly root: Locator;
  readonly forcedBadges: Locator;
  readonly adminAreaNote: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('admin-roles-page');
    this.forcedBadges = page.getByTestId('role-feature-forced');
    this.adminAreaNote = page.getByTestId('role-admin-area-note');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/roles');
    await expect(this.root).toBeVisible();
  }

  async chooseRole(role: 'USER' | 'ADMIN'): Promise<void> {
    const tab = this.page.getByTestId(`role-tab-${role}`);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(this.page.getByTestId(`role-features-${role}`)).toBeVisible();
  }

  feature(feature: string): Locator {
    return this.page.getByTestId(`role-feature-${feature}`);
  }

  permission(feature: string, type: 'USE' | 'CREATE' | 'SHARED_GLOBAL'): Locator {
    return this.page.getByTestId(`role-permission-${feature}-${type}`);
  }

  /** Flips a switch and waits until the server has stored it. */
  async set(feature: string, type: 'USE' | 'CREATE' | 'SHARED_GLOBAL', isOn: boolean): Promise<void> {
    const toggle = this.permission(feature, type);
    await expect(toggle).toHaveAttribute('aria-checked', String(!isOn));
    const saved = this.page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/api/roles/'));
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', String(isOn));
    expect((await saved).status()).toBe(200);
  }
}
