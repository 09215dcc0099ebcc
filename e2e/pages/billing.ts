import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell';

/** The plans dialog (SPEC 2 paywall): opened by itself, from Settings, or by a token_balance refusal. */
export class PlansDialog {
  readonly dialog: Locator;
  readonly cards: Locator;
  readonly popularBadge: Locator;
  readonly notNow: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByTestId('plans-dialog');
    this.cards = this.dialog.locator('[data-testid^="plan-card-"]');
    this.popularBadge = this.dialog.getByTestId('plan-popular-badge');
    this.notNow = this.dialog.getByTestId('plans-not-now');
  }

  card(planId: string): Locator {
    return this.dialog.getByTestId(`plan-card-${planId}`);
  }

  subscribeButton(planId: string): Locator {
    return this.dialog.getByTestId(`plan-subscribe-${planId}`);
  }

  async expectOpen(reason?: 'paywall' | 'token_balance' | 'settings'): Promise<void> {
    await expect(this.dialog).toBeVisible();
    if (reason) await expect(this.dialog).toHaveAttribute('data-reason', reason);
  }

  async close(): Promise<void> {
    await this.notNow.click();
    await expect(this.dialog).toBeHidden();
  }
}

/** The app's own checkout (no Stripe key): /checkout/test/:sessionId. */
export class TestCheckout {
  readonly root: Locator;
  readonly testModeBanner: Locator;
  readonly price: Locator;
  readonly pay: Locator;
  readonly cancel: Locator;

  constructor(page: Page) {
    this.root = page.getByTestId('test-checkout-page');
    this.testModeBanner = this.root.getByTestId('test-mode-banner');
    this.price = this.root.getByTestId('test-checkout-price');
    this.pay = this.root.getByTestId('test-checkout-pay');
    this.cancel = this.root.getByTestId('test-checkout-cancel');
  }
}

/** The test mode's billing portal: /checkout/test/portal. */
export class TestPortal {
  readonly root: Locator;
  readonly testModeBanner: Locator;
  readonly plan: Locator;
  readonly cancelSubscription: Locator;
  readonly back: Locator;

  constructor(page: Page) {
    this.root = page.getByTestId('test-portal-page');
    this.testModeBanner = this.root.getByTestId('test-mode-banner');
    this.plan = this.root.getByTestId('test-portal-plan');
    this.cancelSubscription = this.root.getByTestId('test-portal-cancel');
    this.back = this.root.getByTestId('test-portal-back');
  }
}

/** The dialog after `?subscription=success`. */
export class SubscriptionSuccessDialog {
  readonly dialog: Locator;
  readonly body: Locator;
  readonly continue: Locator;

  constructor(page: Page) {
    this.dialog = page.getByTestId('subscription-success-dialog');
    this.body = this.dialog.getByTestId('subscription-success-body');
    this.continue = this.dialog.getByTestId('subscription-success-continue');
  }
}

/** Settings → Subscription. */
export class SubscriptionSettingsTab {
  readonly panel: Locator;
  readonly planName: Locator;
  readonly status: Locator;
  readonly price: Locator;
  readonly subscribe: Locator;
  readonly manage: Locator;

  constructor(private readonly page: Page) {
    this.panel = page.getByTestId('subscription-settings');
    this.planName = this.panel.getByTestId('subscription-plan-name');
    this.status = this.panel.getByTestId('subscription-status');
    this.price = this.panel.getByTestId('subscription-price');
    this.subscribe = this.panel.getByTestId('subscription-subscribe');
    this.manage = this.panel.getByTestId('subscription-manage');
  }

  /** Opens Settings from the user menu and picks the Subscription tab. */
  async open(): Promise<void> {
    const settings = await new AppShell(this.page).openSettings();
    await settings.getByRole('tab', { name: 'Subscription' }).click();
    await expect(this.panel).toBeVisible();
  }
}

/** The balance line of the user menu and the transaction history dialog. */
export class BalanceMenu {
  readonly balance: Locator;
  readonly historyItem: Locator;
  readonly history: Locator;
  readonly historyRows: Locator;

  constructor(private readonly page: Page) {
    this.balance = page.getByTestId('user-menu-balance');
    this.historyItem = page.getByTestId('user-menu-transactions');
    this.history = page.getByTestId('transaction-history-dialog');
    this.historyRows = this.history.getByTestId('transaction-row');
  }

  /** Opens the user menu and waits for the balance line to read `text` (it refetches as the menu opens). */
  async expectBalance(text: string): Promise<void> {
    await new AppShell(this.page).openUserMenu();
    await expect(this.balance).toContainText(text);
  }

  /** With the user menu open: its Transaction history item. */
  async openHistory(): Promise<void> {
    await this.historyItem.click();
    await expect(this.history).toBeVisible();
  }

  /** The history row of a ledger entry kind (start, subscription, spend...). */
  rowOfKind(kind: string): Locator {
    return this.historyRows.filter({ has: this.page.locator(`[data-testid="transaction-kind"][data-kind="${kind}"]`) });
  }
}

/** From the paywall (or any open plans dialog): subscribe to `planId`, pay in test mode, land on the success dialog. */
export async function subscribeInTestMode(page: Page, planId: string): Promise<void> {
  const plans = new PlansDialog(page);
  const checkout = new TestCheckout(page);
  await plans.subscribeButton(planId).click();
  await expect(page).toHaveURL(/\/checkout\/test\/[^/?]+$/);
  await expect(checkout.testModeBanner).toContainText('Test mode');
  await checkout.pay.click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(new SubscriptionSuccessDialog(page).dialog).toBeVisible();
}
