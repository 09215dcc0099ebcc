import { expect, test, type Page, type Request } from '@playwright/test';
import { CONVERSATION_URL, signUpToNewChat } from '../pages/chat-page';

/** A plain chat posted with tools on goes to LibreChat's agents chat under its endpoint. */
const isToolsChat = (r: Request) => r.method() === 'POST' && /\/api\/agents\/chat\/custom$/.test(r.url());

async function openTools(page: Page) {
  await page.getByTestId('tools-button').click();
  await expect(page.getByTestId('tools-menu')).toBeVisible();
}

/**
 * Issue 37 item 5: per-chat tools for a plain model chat (LibreChat's ephemeral agent): the
 * composer's Tools menu turns them on, the send carries them as `ephemeralAgent`, and the last
 * used come back in a reload and a new chat, less those the user may no longer use.
 */
test.describe('chat tools', () => {
  test('a toggled tool is sent with the chat, remembered, and turned off from its badge', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    const codeBadge = page.getByTestId('tool-badge-execute_code');
    await expect(codeBadge).toHaveCount(0);

    await openTools(page);
    const codeSwitch = page.getByTestId('tool-switch-execute_code');
    await expect(codeSwitch).toHaveAttribute('role', 'menuitemcheckbox');
    await expect(codeSwitch).toHaveAttribute('aria-checked', 'false');
    await codeSwitch.click();
    // The menu stays open for the next switch.
    await expect(codeSwitch).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(codeBadge).toContainText('Run code');

    const asked = page.waitForRequest(isToolsChat);
    await chat.send('Hello with tools');
    expect((await asked).postDataJSON()).toMatchObject({ ephemeralAgent: { mcp: [], execute_code: true } });
    await expect(page).toHaveURL(CONVERSATION_URL);
    await chat.waitForIdle();
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Hello with tools');

    // The conversation keeps its tools through a reload; a new chat starts with the last used.
    await page.reload();
    await expect(codeBadge).toBeVisible();
    await chat.goto('new');
    await expect(codeBadge).toBeVisible();

    await page.getByTestId('tool-badge-remove-execute_code').click();
    await expect(codeBadge).toHaveCount(0);
    await page.reload();
    await expect(chat.input).toBeVisible();
    await expect(page.getByTestId('tools-button')).toBeVisible();
    await expect(codeBadge).toHaveCount(0);
  });

  test('a remembered tool the user may no longer use is dropped silently; the others are offered', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    // Remembered from before: an MCP server since removed from the config, one still there, file search.
    await page.evaluate(() => {
      localStorage.setItem('LAST_MCP_new', JSON.stringify(['retired-server', 'e2e-tools']));
      localStorage.setItem('LAST_FILE_SEARCH_TOGGLE_new', 'true');
    });
    await page.reload();
    await expect(page.getByTestId('tool-badge-file_search')).toBeVisible();
    await expect(page.getByTestId('tool-badge-mcp-e2e-tools')).toBeVisible();
    await expect(page.getByTestId('tool-badge-mcp-retired-server')).toHaveCount(0);
    await openTools(page);
    await expect(page.getByTestId('tool-switch-mcp-e2e-tools')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('tool-switch-mcp-retired-server')).toHaveCount(0);
    await page.keyboard.press('Escape');

    const asked = page.waitForRequest(isToolsChat);
    await chat.send('[[tool:file_search]]');
    expect((await asked).postDataJSON().ephemeralAgent).toEqual({
      mcp: ['e2e-tools'],
      execute_code: false,
      file_search: true,
    });
    await chat.waitForIdle();
    // The scripted model found file_search among the tools it was offered, and called it.
    await expect(chat.textOf(chat.lastAssistant())).toContainText('The tool answered:');
  });
});
