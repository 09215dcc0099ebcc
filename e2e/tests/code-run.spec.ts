import { expect, test as base, type Locator, type Page } from '@playwright/test';
import {
  PYTHON_RUN_FILES,
  PYTHON_RUN_OUTPUT,
  scriptReply,
  startCodeInterpreterFake,
  startOpenAISimulator,
  type CodeInterpreterFake,
} from '@confab/testkit';
import { registerViaApi } from '../pages/accounts';
import { ChatPage } from '../pages/chat-page';
import { startAccountServer } from '../support/account-server';

/**
 * Issue 37: Run on a code block of a reply. The shared e2e server runs code in the local sandbox;
 * the user_provided case needs LIBRECHAT_CODE_API_KEY=user_provided, so it gets a server of its own
 * in front of the testkit's Code Interpreter API fake.
 */

/** A user's message with a code block of its own (never runnable) that asks for the scripted Python reply. */
const ASK = '[[run-python]] plot the squares\n```python\nprint("mine")\n```';

async function askForPython(page: Page): Promise<{ chat: ChatPage; block: Locator }> {
  const chat = new ChatPage(page);
  await chat.goto('new');
  await chat.selectModel('Simulator', 'sim-fast');
  await chat.send(ASK);
  await chat.waitForIdle();
  // The user's own code block has Copy but no Run.
  const own = chat.userMessages.last().getByTestId('code-block');
  await expect(own.getByTestId('copy-code')).toBeVisible();
  await expect(own.getByTestId('run-code')).toHaveCount(0);
  const block = chat.lastAssistant().getByTestId('code-block');
  await expect(block.getByTestId('code-language')).toHaveText('python');
  return { chat, block };
}

/** The figure has loaded (its bytes came through the authenticated image route) and is not empty. */
async function expectFigureLoaded(figure: Locator): Promise<void> {
  const img = figure.locator('img');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

base('Run a Python block: output, figure and file under it, again after a reload', async ({ page }) => {
  await registerViaApi(page.request);
  const { block } = await askForPython(page);
  const run = block.getByTestId('run-code');
  await expect(run).toHaveAccessibleName('Run code');

  await run.click();
  const output = block.getByTestId('code-run-output');
  await expect(output.getByTestId('code-run-stdout')).toHaveText(PYTHON_RUN_OUTPUT, { timeout: 30_000 });
  await expect(output).toHaveAttribute('data-state', 'done');
  await expect(run).toBeEnabled();
  await expectFigureLoaded(output.getByTestId('code-run-figure'));
  await expect(output.getByTestId('code-run-file')).toContainText(PYTHON_RUN_FILES.table);

  // Kept with the message: the same output after a reload.
  await page.reload();
  const again = new ChatPage(page).lastAssistant().getByTestId('code-run-output');
  await expect(again.getByTestId('code-run-stdout')).toHaveText(PYTHON_RUN_OUTPUT);
  await expectFigureLoaded(again.getByTestId('code-run-figure'));
  await expect(again.getByTestId('code-run-file')).toContainText(PYTHON_RUN_FILES.table);
});

const CODE_API_KEY = 'ci-e2e-user-key';
/** 1x1 PNG: what the fake service says the run drew. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const remoteTest = base.extend<object, { remote: { url: string; fake: CodeInterpreterFake } }>({
  remote: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sim = await startOpenAISimulator({ apiKey: 'sk-e2e' });
      sim.setResponder(scriptReply);
      const fake = await startCodeInterpreterFake({ apiKeys: [CODE_API_KEY] });
      fake.respond = () => ({
        stdout: `${PYTHON_RUN_OUTPUT}\n`,
        write: { [PYTHON_RUN_FILES.figure]: PIXEL_PNG, [PYTHON_RUN_FILES.table]: 'x,y\n0,0\n' },
      });
      const server = await startAccountServer({
        withoutEndpoints: true,
        env: { LIBRECHAT_CODE_API_KEY: 'user_provided', LIBRECHAT_CODE_BASEURL: fake.url },
        extraConfig: [
          'endpoints:',
          '  custom:',
          '    - name: Simulator',
          '      apiKey: sk-e2e',
          `      baseURL: ${sim.url}`,
          '      models:',
          '        default: [sim-fast]',
        ].join('\n'),
      });
      await use({ url: server.url, fake });
      await Promise.allSettled([server.close(), fake.close(), sim.close()]);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ remote }, use) => {
    await use(remote.url);
  },
});

remoteTest(
  'with the Code API set to user_provided, Run asks for the key first, then runs; the key can be revoked',
  async ({ page, remote }) => {
    await registerViaApi(page.request);
    const { block } = await askForPython(page);

    await block.getByTestId('run-code').click();
    const dialog = page.getByTestId('code-api-key-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('code-key-status')).toHaveAttribute('data-state', 'none');
    await expect(dialog.getByRole('link', { name: 'Get an API key' })).toBeVisible();
    expect(remote.fake.requests).toHaveLength(0);

    // SPEC 5: the key is required.
    await dialog.getByTestId('code-key-submit').click();
    await expect(dialog.getByRole('alert')).toHaveText('The Code API key is required');

    await dialog.getByLabel('API key', { exact: true }).fill(CODE_API_KEY);
    await dialog.getByTestId('code-key-submit').click();
    await expect(dialog).toBeHidden();
    const output = block.getByTestId('code-run-output');
    await expect(output.getByTestId('code-run-stdout')).toHaveText(PYTHON_RUN_OUTPUT, { timeout: 20_000 });
    await expect(output.getByTestId('code-run-figure')).toBeVisible();
    expect(remote.fake.requests.some((r) => r.path === '/exec' && r.apiKey === CODE_API_KEY)).toBe(true);

    // Installed: the key button opens the same dialog, where Revoke forgets it.
    await block.getByTestId('code-key-button').click();
    await expect(dialog.getByTestId('code-key-status')).toHaveAttribute('data-state', 'installed');
    await dialog.getByTestId('code-key-revoke').click();
    await expect(dialog.getByTestId('code-key-status')).toHaveAttribute('data-state', 'none');
  },
);
