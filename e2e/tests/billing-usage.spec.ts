import { expect } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { BalanceMenu, PlansDialog } from '../pages/billing';
import { ChatPage } from '../pages/chat-page';
import { BILLING_MODEL, billingTest as test } from '../support/billing-server';

// 1 credit a prompt token, 2 a completion token: a reply's price follows from its token counts.
test.use({ billing: { startBalance: 20_000, rate: { prompt: 1, completion: 2 } } });

/** "+20,000.00" or "−23.00" (a true minus sign) as a number. */
function credits(text: string): number {
  return Number(text.replace(/[,\s]/g, '').replace('\u2212', '-'));
}

test('a reply is paid for at the model rates, and the balance is what the history adds up to', async ({ page }) => {
  await registerViaApi(page.request);
  const chat = new ChatPage(page);
  const plans = new PlansDialog(page);
  await chat.goto('new');
  await plans.expectOpen('paywall');
  await plans.close();

  await chat.send('Hello there');
  await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Hello there');
  await chat.waitForIdle();

  const balance = new BalanceMenu(page);
  await balance.expectBalance('Balance:');
  await expect(balance.balance).not.toContainText('20,000.00');
  const shown = credits((await balance.balance.textContent())!.replace('Balance:', ''));
  await balance.openHistory();

  // One usage line for the reply: its prompt and completion tokens at the configured rates.
  const usage = balance.rowOfKind('spend');
  await expect(usage).toHaveCount(1);
  await expect(usage.getByTestId('transaction-model')).toContainText(BILLING_MODEL);
  // The tokens cell: the total, then "3 in · 5 out" on its own line.
  const split = await usage.getByTestId('transaction-tokens').innerText();
  const [, prompt, completion] = /^([\d,]+) in · ([\d,]+) out$/m.exec(split) ?? [];
  expect(prompt && completion, split).toBeTruthy();
  // "Echo: Hello there" is 17 characters: the simulator reports ceil(17 / 4) = 5 completion tokens.
  expect(credits(completion!)).toBe(5);
  const cost = credits(prompt!) * 1 + credits(completion!) * 2;
  await expect(usage.getByTestId('transaction-credits')).toHaveText(`\u2212${cost.toFixed(2)}`);

  // The balance equals the ledger: the start balance less the reply.
  const rows = await balance.historyRows.getByTestId('transaction-credits').allTextContents();
  expect(rows.reduce((sum, row) => sum + credits(row), 0)).toBe(shown);
  expect(shown).toBe(20_000 - cost);
});
