import { expect, type Locator, type Page } from '@playwright/test';

/** The small-screen chat header's "⋯" menu, which holds the header's actions under 768 px. */
export class HeaderMenu {
  readonly trigger: Locator;
  readonly menu: Locator;

  constructor(private readonly page: Page) {
    this.trigger = page.getByTestId('header-more');
    this.menu = page.getByTestId('header-more-menu');
  }

  async open(): Promise<void> {
    if (!(await this.menu.isVisible())) await this.trigger.click();
    await expect(this.menu).toBeVisible();
  }

  /** An item of the menu by its test id (header-menu-export, header-menu-share...). */
  item(testId: string): Locator {
    return this.menu.getByTestId(testId);
  }

  /** Opens the menu and chooses the item. */
  async choose(testId: string): Promise<void> {
    await this.open();
    await this.item(testId).click();
  }
}
