import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { e2eDataDir } from '../support/seed';

/** The prompts library (/d/prompts): list, editor, versions. */
export class PromptsLibrary {
  readonly list: Locator;
  readonly rows: Locator;
  readonly detail: Locator;
  readonly name: Locator;
  readonly command: Locator;
  readonly text: Locator;
  readonly versionPanel: Locator;
  readonly versions: Locator;

  constructor(private readonly page: Page) {
    this.list = page.getByTestId('prompt-list');
    this.rows = page.getByTestId('prompt-row');
    this.detail = page.getByTestId('prompt-detail');
    this.name = page.getByTestId('prompt-name');
    this.command = page.getByTestId('prompt-command');
    this.text = page.getByTestId('prompt-text');
    this.versionPanel = page.getByTestId('prompt-version-panel');
    this.versions = page.getByTestId('prompt-version');
  }

  async goto(): Promise<void> {
    await this.page.goto('/d/prompts');
    await expect(this.list).toBeVisible();
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByTestId('prompt-row-name').getByText(name, { exact: true }) });
  }

  version(n: number): Locator {
    return this.page.locator(`[data-testid="prompt-version"][data-version="${n}"]`);
  }

  /** Answers the confirmation dialog with its action. */
  async confirm(dialogTestId: string): Promise<void> {
    const dialog = this.page.getByTestId(dialogTestId);
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('confirm-action').click();
    await expect(dialog).toBeHidden();
  }
}

/** Makes an account ADMIN straight in the e2e database (every PROMPTS permission, SHARED_GLOBAL included). */
export function makeAdmin(userId: string): void {
  const db = new Database(join(e2eDataDir(), 'confab.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare(`update users set role = 'ADMIN' where id = ?`).run(userId);
  db.close();
}

/** Sets PROMPTS permissions of the USER role (an admin's token): the role is shared, so put it back after. */
export async function setUserPromptPermissions(
  request: APIRequestContext,
  adminToken: string,
  permissions: Partial<Record<'USE' | 'CREATE' | 'SHARED_GLOBAL', boolean>>,
): Promise<void> {
  const res = await request.put('/api/roles/USER/prompts', {
    data: permissions,
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(res.ok()).toBe(true);
}
