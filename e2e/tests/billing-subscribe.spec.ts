import { expect } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { BalanceMenu, PlansDialog, SubscriptionSuccessDialog, TestCheckout } from '../pages/billing';
import { billingTest as test } from '../support/billing-server';

test.use({ billing: { startBalance: 20_000 } });

test('a new user sees the paywall, subscribes in test mode, returns to the success dialog and has the credits', async ({
  page,
}) => {
  await registerViaApi(page.request);
  // Every address the page had, history changes included: the return's parameters are read, then removed.
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  await page.goto('/c/new');

  // The paywall: three plans side by side, the second the popular one, prices without decimals.
  const plans = new PlansDialog(page);
  await plans.expectOpen('paywall');
  await expect(plans.dialog).toContainText('Choose your plan');
  await expect(plans.cards).toHaveCount(3);
  await expect(plans.cards.nth(0)).toHaveAttribute('data-testid', 'plan-card-price_basic');
  await expect(plans.cards.nth(1)).toHaveAttribute('data-testid', 'plan-card-price_pro');
  await expect(plans.cards.nth(2)).toHaveAttribute('data-testid', 'plan-card-price_team');
  await expect(plans.popularBadge).toHaveCount(1);
  await expect(plans.card('price_pro').getByTestId('plan-popular-badge')).toHaveText('Most popular');
  await expect(plans.cards.getByTestId('plan-price')).toHaveText(['$9', '$19', '$49']);
  await expect(plans.cards.getByTestId('plan-credits')).toHaveText([
    '1,000,000 credits per month',
    '5,000,000 credits per month',
    '20,000,000 credits per month',
  ]);
  await expect(plans.dialog).toContainText('Test mode: no payment is taken.');
  // Side by side on a desktop: one row.
  const tops = await plans.cards.evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(40);

  // The test checkout: clearly labelled, the plan's price on the Pay button.
  await plans.subscribeButton('price_pro').click();
  await expect(page).toHaveURL(/\/checkout\/test\/[^/?]+$/);
  const checkout = new TestCheckout(page);
  await expect(checkout.testModeBanner).toContainText('Test mode');
  await expect(checkout.root).toContainText('Subscribe to Pro');
  await expect(checkout.price).toHaveText('$19');
  await expect(checkout.pay).toHaveText('Pay $19');
  await checkout.pay.click();

  // Back on /c/new: the success dialog, and the parameters it came with are gone.
  const success = new SubscriptionSuccessDialog(page);
  await expect(success.dialog).toBeVisible();
  await expect(success.body).toHaveText('Your Pro plan is active, and 5,000,000 credits were added to your balance.');
  await expect(page).toHaveURL(/\/c\/new$/);
  expect(
    urls.some((u) => /\/c\/new\?subscription=success&session_id=[^&]+$/.test(u)),
    urls.join('\n'),
  ).toBe(true);
  await success.continue.click();
  await expect(success.dialog).toBeHidden();
  await page.waitForTimeout(500);
  await expect(plans.dialog).toBeHidden();

  // The balance: the start balance plus the plan's credits, two decimals.
  const balance = new BalanceMenu(page);
  await balance.expectBalance('Balance: 5,020,000.00');

  // The history lists both: the start balance and the subscription's credit.
  await balance.openHistory();
  await expect(balance.historyRows).toHaveCount(2);
  await expect(balance.rowOfKind('start').getByTestId('transaction-credits')).toHaveText('+20,000.00');
  await expect(balance.rowOfKind('subscription').getByTestId('transaction-credits')).toHaveText('+5,000,000.00');

  // A reload neither shows the success dialog again nor the paywall (the user is subscribed).
  await page.reload();
  await expect(page.getByTestId('landing-greeting')).toBeVisible();
  await page.waitForTimeout(750);
  await expect(success.dialog).toBeHidden();
  await expect(plans.dialog).toBeHidden();
});

test('leaving the test checkout returns to the incomplete dialog, charges nothing, and the plans are there again', async ({
  page,
}) => {
  await registerViaApi(page.request);
  await page.goto('/c/new');
  const plans = new PlansDialog(page);
  await plans.expectOpen('paywall');
  await plans.subscribeButton('price_basic').click();
  const checkout = new TestCheckout(page);
  await expect(checkout.pay).toHaveText('Pay $9');
  await checkout.cancel.click();

  const incomplete = page.getByTestId('subscription-incomplete-dialog');
  await expect(incomplete).toBeVisible();
  await expect(incomplete).toContainText('Subscription not completed');
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(plans.dialog).toBeHidden();
  await incomplete.getByTestId('subscription-incomplete-plans').click();
  await plans.expectOpen();
  await expect(plans.subscribeButton('price_basic')).toBeEnabled();
  await plans.close();
  await new BalanceMenu(page).expectBalance('Balance: 20,000.00');
});

test('on a phone the plans stack in one column and the last one can be chosen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page.request);
  await page.goto('/c/new');
  const plans = new PlansDialog(page);
  await plans.expectOpen('paywall');
  const boxes = await plans.cards.evaluateAll((cards) =>
    cards.map((c) => {
      const r = c.getBoundingClientRect();
      return { top: r.top, left: r.left, right: r.right };
    }),
  );
  expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.top);
  expect(boxes[2]!.top).toBeGreaterThan(boxes[1]!.top);
  for (const box of boxes) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
  }
  await plans.subscribeButton('price_team').scrollIntoViewIfNeeded();
  await plans.subscribeButton('price_team').click();
  await expect(new TestCheckout(page).pay).toHaveText('Pay $49');
});
