import { EXECUTE_CODE_CLOSING, PYTHON_RUN_FILES, PYTHON_RUN_OUTPUT } from '@confab/testkit';
import { expect, test, type Locator } from '@playwright/test';
import { ChatPage, signUpToNewChat } from '../pages/chat-page';
import { accessToken } from '../pages/memes';

/**
 * Issue 37 item 4: an agent's execute_code call shows as LibreChat's code interpreter does. The
 * scripted model (`[[execute-code]]`) calls it with Python that prints and draws; the run is
 * real, in the shared e2e server's local sandbox.
 */

/** The figure has loaded (its bytes came through the authenticated image route) and is not empty. */
async function expectFigureLoaded(figure: Locator): Promise<void> {
  const img = figure.locator('img');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

/** The code as a highlighted Python block, what it printed, its figure and its CSV under it. */
async function expectFinishedCall(call: Locator): Promise<void> {
  await expect(call).toHaveAttribute('data-status', 'done');
  await expect(call.getByTestId('execute-code-title')).toHaveText('Ran Python');
  await expect(call.getByTestId('code-language')).toHaveText('python');
  await expect(call.locator('pre > code .hljs-keyword').first()).toHaveText('import');
  await expect(call.getByTestId('code-run-stdout')).toHaveText(PYTHON_RUN_OUTPUT);
  await expectFigureLoaded(call.getByTestId('code-run-figure'));
  await expect(call.getByTestId('code-run-file')).toContainText(PYTHON_RUN_FILES.table);
}

test('an agent runs Python: code, output and figure live and after a reload; the code toggle is remembered', async ({
  page,
}) => {
  const chat = await signUpToNewChat(page);
  const created = await page.request.post('/api/agents', {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    data: { name: 'Analyst', provider: 'openAI', model: 'gpt-4o-mini', tools: ['execute_code'] },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await page.reload();
  await chat.modelPicker.click();
  await page.locator(`[data-testid="agent-option"][data-agent="${id}"]`).click();
  await expect(page.getByTestId('model-picker-label')).toHaveText('Analyst');

  await chat.send('[[execute-code]] plot the squares');
  const call = chat.lastAssistant().locator('[data-testid="tool-call"][data-tool="execute_code"]');
  // Live: the code as the model writes it, the run in progress, then its output and figure,
  // while the answer after it still streams (the figure came with the `attachment` frame).
  await expect(call).toHaveAttribute('data-status', 'running');
  await expect(call.getByTestId('execute-code-title')).toHaveText('Running Python…');
  await expect(call.locator('pre > code')).toContainText("print('sum of squares:'");
  await expect(call.getByTestId('code-run-stdout')).toHaveText(PYTHON_RUN_OUTPUT, { timeout: 30_000 });
  await expect(call.getByTestId('code-run-figure')).toBeVisible();
  await expect(chat.stopButton).toBeVisible();
  await expectFinishedCall(call);
  await chat.waitForIdle();
  await expect(chat.textOf(chat.lastAssistant())).toContainText(EXECUTE_CODE_CLOSING);

  await page.reload();
  const stored = new ChatPage(page).lastAssistant().locator('[data-testid="tool-call"][data-tool="execute_code"]');
  await expectFinishedCall(stored);

  // Hide the code: the output stays; the choice is LibreChat's `showAnalysisCode`, kept over a reload.
  const toggle = stored.getByTestId('code-toggle');
  await expect(toggle).toHaveAccessibleName('Hide code');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(stored.locator('pre > code')).toHaveCount(0);
  await expect(stored.getByTestId('code-run-stdout')).toHaveText(PYTHON_RUN_OUTPUT);
  expect(await page.evaluate(() => localStorage.getItem('showAnalysisCode'))).toBe('false');
  await page.reload();
  await expect(stored.getByTestId('code-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(stored.getByTestId('code-run-figure')).toBeVisible();
  await expect(stored.locator('pre > code')).toHaveCount(0);
  await stored.getByTestId('code-toggle').click();
  await expect(stored.locator('pre > code')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('showAnalysisCode'))).toBe('true');
});
