import { expect, type Locator, type Page } from '@playwright/test';

/** interface.termsOfService.modalAcceptance: the terms a signed-in user must accept (SPEC 4). */
export class TermsModal {
  readonly dialog: Locator;
  readonly accept: Locator;
  readonly decline: Locator;

  constructor(page: Page, title: string) {
    this.dialog = page.getByRole('dialog', { name: title });
    this.accept = this.dialog.getByRole('button', { name: 'Accept' });
    this.decline = this.dialog.getByRole('button', { name: 'Decline' });
  }

  async expectShown(): Promise<void> {
    await expect(this.dialog).toBeVisible();
  }
}
