import { startOpenAISimulator } from '@confab/testkit';
import { expect, test as base } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { signUpToNewChat } from '../pages/chat-page';
import { startAccountServer, type AccountServer } from '../support/account-server';
import { scriptReply } from '../support/scripted-replies';

/**
 * LibreChat's message limits (issue 40): a send over them is refused with SPEC 8's `concurrent`
 * or `message_limit` error, and the chat shows it as a sentence a person reads, with the numbers.
 * A server of its own turns the limits on: one reply at a time, two messages per 15 minutes.
 */
const test = base.extend<object, { limitsServer: AccountServer }>({
  limitsServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sim = await startOpenAISimulator({ apiKey: 'sk-e2e' });
      sim.setResponder(scriptReply);
      const server = await startAccountServer({
        withoutEndpoints: true,
        env: {
          OPENAI_API_KEY: 'sk-e2e',
          OPENAI_REVERSE_PROXY: sim.url,
          OPENAI_MODELS: 'gpt-4o-mini',
          TITLE_CONVO: 'false',
          LIMIT_CONCURRENT_MESSAGES: 'true',
          CONCURRENT_MESSAGE_MAX: '1',
          LIMIT_MESSAGE_USER: 'true',
          MESSAGE_USER_MAX: '2',
          MESSAGE_USER_WINDOW: '15',
        },
      });
      await use(server);
      await server.close();
      await sim.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ limitsServer }, use) => {
    await use(limitsServer.url);
  },
});

test('a send while another reply is still being written shows "Only 1 message at a time"', async ({ page }) => {
  const chat = await signUpToNewChat(page);
  await chat.send('Count slowly [[slower]]');
  await expect(chat.stopButton).toBeVisible();
  // A second chat, while the first still streams (a page load would rejoin the first): the server refuses it.
  await new AppShell(page).newChat.click();
  await expect(chat.landing).toBeVisible();
  await chat.send('And another thing');
  const error = page.getByTestId('message-error').last();
  await expect(error).toHaveText(
    'Only 1 message at a time. Please allow any other responses to complete before sending another message, or wait one minute.',
  );
  await expect(error).not.toContainText('{');
});

test('a send over the per-user window shows the cap and its window', async ({ page }) => {
  const chat = await signUpToNewChat(page);
  for (const text of ['First question', 'Second question']) {
    await chat.send(text);
    await chat.waitForIdle();
  }
  await chat.send('Third question');
  await expect(page.getByTestId('message-error').last()).toHaveText(
    'You hit the message limit. You have a cap of 2 messages per 15 minutes.',
  );
  await chat.waitForIdle();
});
