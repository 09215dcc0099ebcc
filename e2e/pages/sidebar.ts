import { expect, type Locator, type Page } from '@playwright/test';

/** The sidebar's conversation area: search, bookmark filter, the grouped list and its menus. */
export class Sidebar {
  readonly list: Locator;
  readonly rows: Locator;
  readonly searchInput: Locator;
  readonly bookmarkFilter: Locator;
  readonly toasts: Locator;

  constructor(private readonly page: Page) {
    this.list = page.getByTestId('conversation-list');
    this.rows = page.getByTestId('conversation-row');
    this.searchInput = page.getByTestId('search-input');
    this.bookmarkFilter = page.getByTestId('bookmark-filter-trigger');
    this.toasts = page.getByTestId('toast');
  }

  /** The row of a conversation by its exact title. */
  row(title: string): Locator {
    return this.rows.filter({ has: this.page.getByTestId('conversation-title').getByText(title, { exact: true }) });
  }

  rowById(conversationId: string): Locator {
    return this.page.locator(`[data-testid="conversation-row"][data-conversation-id="${conversationId}"]`);
  }

  titles(): Locator {
    return this.list.getByTestId('conversation-title');
  }

  groupHeaders(): Locator {
    return this.list.getByTestId('conversation-group');
  }

  async open(title: string): Promise<void> {
    await this.row(title).getByTestId('conversation-link').click();
  }

  /** Opens a row's "…" menu and picks an item (e.g. 'conversation-rename'). */
  async menu(row: Locator, itemTestId?: string): Promise<Locator> {
    await row.hover();
    await row.getByTestId('conversation-menu-trigger').click();
    const menu = this.page.getByTestId('conversation-menu');
    await expect(menu).toBeVisible();
    if (itemTestId) await menu.getByTestId(itemTestId).click();
    return menu;
  }

  async rename(title: string, next: string): Promise<void> {
    await this.menu(this.row(title), 'conversation-rename');
    const input = this.page.getByTestId('rename-input');
    await expect(input).toBeFocused();
    await input.fill(next);
    await input.press('Enter');
  }

  async search(text: string): Promise<void> {
    await this.searchInput.fill(text);
  }

  toast(text: string | RegExp): Locator {
    return this.toasts.filter({ hasText: text });
  }

  async filterByBookmark(tag: string): Promise<void> {
    await this.bookmarkFilter.click();
    await this.page.locator(`[data-testid="bookmark-filter-option"][data-tag="${tag}"]`).click();
    await this.page.keyboard.press('Escape');
  }
}
