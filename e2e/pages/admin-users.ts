import { expect, type Locator, type Page } from '@playwright/test';

/** Admin → Users: the searchable list, and the panel of one user with its actions. */
export class AdminUsersPage {
  readonly root: Locator;
  readonly search: Locator;
  readonly count: Locator;
  readonly table: Locator;
  readonly cards: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('admin-users-page');
    this.search = page.getByTestId('admin-users-search');
    this.count = page.getByTestId('admin-users-count');
    this.table = page.getByTestId('admin-users-table');
    this.cards = page.getByTestId('admin-users-cards');
    this.dialog = page.getByTestId('admin-user-dialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/users');
    await expect(this.root).toBeVisible();
  }

  /** The visible row (desktop) or card (phone) of a user. */
  entry(email: string): Locator {
    return this.page.locator(`[data-email="${email}"]`).filter({ visible: true });
  }

  async find(text: string, email: string): Promise<void> {
    await this.search.fill(text);
    await expect(this.count).toHaveText('1 match');
    await expect(this.entry(email)).toBeVisible();
  }

  async open(email: string): Promise<void> {
    await this.entry(email).click();
    await expect(this.dialog).toBeVisible();
  }

  get status(): Locator {
    return this.dialog.getByTestId('admin-user-status').first();
  }

  async ban(reason: string): Promise<void> {
    await this.dialog.getByTestId('admin-user-ban-reason').fill(reason);
    await this.dialog.getByTestId('admin-user-ban-submit').click();
    await expect(this.status).toHaveAttribute('data-status', 'banned');
  }

  async unban(): Promise<void> {
    await this.dialog.getByTestId('admin-user-unban').click();
    await expect(this.status).toHaveAttribute('data-status', 'active');
  }

  async grant(credits: number, reason: string): Promise<void> {
    await this.dialog.getByTestId('admin-user-credits-grant').click();
    await this.dialog.getByTestId('admin-user-credits-amount').fill(String(credits));
    await this.dialog.getByTestId('admin-user-credits-reason').fill(reason);
    await this.dialog.getByTestId('admin-user-credits-submit').click();
  }

  get balance(): Locator {
    return this.dialog.getByTestId('admin-user-credits-balance');
  }

  get ledgerRows(): Locator {
    return this.dialog.getByTestId('admin-user-ledger-row');
  }
}
