import { expect } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { BalanceMenu, PlansDialog } from '../pages/billing';
import { ChatPage, CONVERSATION_URL } from '../pages/chat-page';
import { Sidebar } from '../pages/sidebar';
import { BILLING_MODEL, billingTest as test } from '../support/billing-server';

/**
 * A start balance of 10 credits and 1,000 credits a token: no reply fits, so every message is
 * refused before the provider is asked (SPEC 8 token_balance).
 */
test.use({ billing: { startBalance: 10, rate: { prompt: 1_000, completion: 1_000 } } });

test('a generation refused for balance shows the out-of-credits card and opens the plans once per message', async ({
  page,
}) => {
  await registerViaApi(page.request);
  const chat = new ChatPage(page);
  const plans = new PlansDialog(page);
  const sidebar = new Sidebar(page);
  await chat.goto('new');

  // The paywall opens by itself for a user without a subscription; "Not now" lets them chat.
  await plans.expectOpen('paywall');
  await plans.close();
  await expect(page.getByTestId('model-picker-label')).toHaveText(BILLING_MODEL);

  await chat.send('Tell me a story');
  await expect(page).toHaveURL(CONVERSATION_URL);
  const conversationUrl = page.url();
  const refusal = chat.lastAssistant().getByTestId('token-balance-error');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText("You're out of credits");
  await expect(refusal.getByTestId('token-balance-balance')).toHaveText('10.00');
  await plans.expectOpen('token_balance');
  await expect(plans.cards).toHaveCount(3);

  // Closed, the same message does not open it again: not while it stays on screen, not when the
  // conversation is opened again.
  await plans.close();
  await chat.waitForIdle();
  await page.waitForTimeout(750);
  await expect(plans.dialog).toBeHidden();
  await new AppShell(page).newChat.click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await sidebar.rowById(conversationUrl.split('/').pop()!).getByTestId('conversation-link').click();
  await expect(page).toHaveURL(conversationUrl);
  await expect(chat.lastAssistant().getByTestId('token-balance-error')).toBeVisible();
  await page.waitForTimeout(750);
  await expect(plans.dialog).toBeHidden();

  // A new refused message opens it again; its "See plans" button opens it on demand too.
  await chat.send('And another one');
  await expect(chat.assistantMessages).toHaveCount(2);
  await expect(chat.lastAssistant().getByTestId('token-balance-error')).toBeVisible();
  await plans.expectOpen('token_balance');
  await plans.close();
  await chat.lastAssistant().getByTestId('token-balance-see-plans').click();
  await plans.expectOpen('token_balance');
  await plans.close();

  // Nothing was spent: the refusals cost nothing.
  await new BalanceMenu(page).expectBalance('Balance: 10.00');
});
