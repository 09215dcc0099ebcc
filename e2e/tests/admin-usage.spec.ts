import { expect, test as base } from '@playwright/test';
import { startOpenAISimulator } from '@confab/testkit';
import { registerViaApi } from '../pages/accounts';
import { AdminUsagePage } from '../pages/admin-usage';
import { ChatPage } from '../pages/chat-page';
import { startAccountServer, type AccountServer } from '../support/account-server';
import { scriptReply } from '../support/scripted-replies';

const MODEL = 'sim-usage';

/**
 * A server of its own (its first account is the administrator), with the balance on and one
 * endpoint on a provider simulator that reports its token usage.
 */
const test = base.extend<object, { server: AccountServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sim = await startOpenAISimulator({ apiKey: 'sk-e2e' });
      sim.setResponder(scriptReply);
      const extraConfig = [
        'endpoints:',
        '  custom:',
        '    - name: Simulator',
        '      apiKey: sk-e2e',
        `      baseURL: ${sim.url}`,
        '      models:',
        `        default: [${MODEL}]`,
        '      titleConvo: false',
        `balance: ${JSON.stringify({ enabled: true, startBalance: 1_000_000 })}`,
      ].join('\n');
      const server = await startAccountServer({ extraConfig, withoutEndpoints: true }).catch(async (err: unknown) => {
        await sim.close();
        throw err;
      });
      await use(server);
      await server.close();
      await sim.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

test('the administrator reads a chat in the usage charts and downloads them as CSV', async ({ page }) => {
  const { account } = await registerViaApi(page.request, { name: 'Usage Admin' });
  const chat = new ChatPage(page);
  await chat.goto('new');
  await chat.send('Hello there');
  await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Hello there');
  await chat.waitForIdle();

  const usage = new AdminUsagePage(page);
  await usage.goto();
  await expect(usage.tile('messages')).toHaveText('1');
  await expect(usage.tile('users')).toHaveText('1');
  await expect(usage.tile('tokens')).not.toHaveText('0');
  await expect(usage.tile('credits')).not.toHaveText('0');
  await expect(usage.chartImage).toHaveAttribute('aria-label', /1 in all/);

  // Focused, the chart reads out today (the last day), the day of the chat.
  await usage.chartImage.focus();
  await expect(usage.tooltip).toContainText(/Messages\s*1/);
  await expect(usage.models).toContainText(MODEL);
  await expect(usage.topUsers).toContainText(account.email);

  const csv = await usage.downloadCsv();
  expect(csv.name).toMatch(/^confab-usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csv.text.trimEnd().split('\r\n');
  expect(lines[0]).toBe('section,date,subject,detail,metric,value');
  expect(lines).toContainEqual(expect.stringMatching(/^total,,[\d.-]+,,messages,1$/));
  expect(lines).toContain(`model,,${MODEL},Simulator,replies,1`);
  expect(lines).toContain(`user,,${account.email},Usage Admin,messages,1`);
});
