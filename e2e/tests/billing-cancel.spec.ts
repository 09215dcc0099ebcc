import { expect } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import {
  BalanceMenu,
  PlansDialog,
  SubscriptionSettingsTab,
  SubscriptionSuccessDialog,
  TestPortal,
  subscribeInTestMode,
} from '../pages/billing';
import { billingTest as test } from '../support/billing-server';

test.use({ billing: { startBalance: 20_000 } });

test('cancelling in the portal shows the cancelled state in Settings, and the user can subscribe again', async ({
  page,
}) => {
  await registerViaApi(page.request);
  await page.goto('/c/new');
  const plans = new PlansDialog(page);
  const success = new SubscriptionSuccessDialog(page);
  await plans.expectOpen('paywall');
  await subscribeInTestMode(page, 'price_basic');
  await success.continue.click();
  await expect(success.dialog).toBeHidden();

  // Settings → Subscription: the active plan; the plans offer no second subscription.
  const settings = new SubscriptionSettingsTab(page);
  await settings.open();
  await expect(settings.planName).toHaveText('Basic');
  await expect(settings.status).toHaveText('Active');
  await expect(settings.status).toHaveAttribute('data-tone', 'active');
  await expect(settings.price).toContainText('$9/month');
  await expect(settings.subscribe).toHaveCount(0);

  // Manage → the test portal → Cancel subscription → back in Settings → Subscription.
  await settings.manage.click();
  await expect(page).toHaveURL(/\/checkout\/test\/portal$/);
  const portal = new TestPortal(page);
  await expect(portal.testModeBanner).toContainText('Test mode');
  await expect(portal.plan).toHaveText('Basic');
  await portal.cancelSubscription.click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(settings.panel).toBeVisible();
  await expect(settings.status).toHaveText('Cancelled');
  await expect(settings.status).toHaveAttribute('data-tone', 'cancelled');
  await expect(settings.planName).toHaveText('Basic');
  await expect(settings.subscribe).toHaveText('Subscribe again');
  // Nothing stacked over Settings on the way back (the portal's return is not a paywall load).
  await expect(plans.dialog).toBeHidden();

  // Subscribe again: every plan can be chosen, none is "Current".
  await settings.subscribe.click();
  await plans.expectOpen('settings');
  for (const id of ['price_basic', 'price_pro', 'price_team']) {
    await expect(plans.subscribeButton(id)).toBeEnabled();
    await expect(plans.subscribeButton(id)).toHaveText('Subscribe');
  }
  await subscribeInTestMode(page, 'price_team');
  await expect(success.body).toContainText('Team');
  await success.continue.click();

  await settings.open();
  await expect(settings.planName).toHaveText('Team');
  await expect(settings.status).toHaveText('Active');
  await page.keyboard.press('Escape');
  // The first plan's credits stayed after the cancellation; the second plan's were added.
  await new BalanceMenu(page).expectBalance('Balance: 21,020,000.00');
});
