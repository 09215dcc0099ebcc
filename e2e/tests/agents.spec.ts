import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import Database from 'better-sqlite3';
import { newAccount, registerViaApi } from '../pages/accounts';
import { AgentBuilder, toolCalls } from '../pages/agent-builder';
import { ChatPage, CONVERSATION_URL, signUpToNewChat } from '../pages/chat-page';
import { pngFile } from '../pages/files-panel';
import { accessToken, conversationIdOf, MEME_AGENT_ID } from '../pages/memes';
import { ModelSelector } from '../pages/model-selector';
import { e2eDataDir } from '../support/seed';

/** A fresh account made ADMIN straight in the database; answers its bearer token. */
async function newAdminToken(request: APIRequestContext): Promise<string> {
  const account = newAccount({ name: 'Admin' });
  const res = await request.post('/api/auth/register', { data: { ...account, confirm_password: account.password } });
  expect(res.ok()).toBe(true);
  const { token, user } = (await res.json()) as { token: string; user: { id: string } };
  const db = new Database(join(e2eDataDir(), 'confab.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare(`update users set role = 'ADMIN' where id = ?`).run(user.id);
  db.close();
  return token;
}

async function setUserAgentsUse(request: APIRequestContext, token: string, isAllowed: boolean): Promise<void> {
  const res = await request.put('/api/roles/USER/agents', {
    data: { USE: isAllowed },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
}

/** The e2e server's MCP server (start-e2e-server.ts): slow_echo answers after about 5 s. */
const SLOW_ECHO = 'slow_echo_mcp_e2e-tools';

test.describe('agents', () => {
  test('build an agent with an MCP tool, chat, watch the tool call run and finish, reload in the middle of one', async ({
    page,
  }) => {
    const chat = await signUpToNewChat(page);
    const builder = new AgentBuilder(page);

    // The agents entry of the selector opens the builder on a new agent.
    await builder.openNewFromSelector();
    await builder.name.fill('Echo agent');
    await builder.description.fill('Repeats things, slowly');
    await builder.instructions.fill('Use the slow_echo tool when asked.');
    await builder.provider.selectOption('openAI');
    await builder.model.selectOption('gpt-4o-mini');
    await builder.addTool(SLOW_ECHO);
    await expect(builder.panel.getByTestId('agent-tool')).toContainText('MCP · e2e-tools');
    await builder.addStarter('Say hello [[tool:slow_echo]]');
    await builder.save.click();

    // Created, and chosen for the chat: the selector names it, the landing introduces it.
    await expect(page.getByTestId('model-picker-label')).toHaveText('Echo agent');
    await expect(page.getByTestId('agent-hero')).toContainText('Repeats things, slowly');
    // An avatar, uploaded once the agent exists, shows in the builder, the landing and the selector.
    await builder.panel.getByTestId('agent-avatar-input').setInputFiles(await pngFile(page, 'bot.png', 96, 96));
    await expect(builder.panel.getByTestId('agent-avatar-image')).toBeVisible();
    await expect(page.getByTestId('agent-hero').getByTestId('agent-avatar-image')).toBeVisible();
    await page.getByTestId('model-picker').click();
    const option = page.locator('[data-testid="agent-option"]').filter({ hasText: 'Echo agent' });
    await expect(option.getByTestId('agent-avatar-image')).toBeVisible();
    await page.keyboard.press('Escape');
    await builder.panel.getByTestId('agent-panel-close').click();
    await expect(builder.panel).toBeHidden();

    // A conversation starter sends itself; the model calls the tool, which runs for about 5 s.
    await page.getByTestId('conversation-starter').filter({ hasText: 'Say hello' }).click();
    const reply = chat.lastAssistant();
    const call = toolCalls(reply).first();
    await expect(call).toHaveAttribute('data-status', 'running');
    await expect(call).toHaveAttribute('data-tool', SLOW_ECHO);
    await expect(call.getByTestId('tool-call-server')).toHaveText('from e2e-tools');
    await expect(call.getByRole('status')).toBeVisible();
    await expect(call).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
    await expect(chat.textOf(reply)).toContainText('The tool answered: slow echo: hello');
    await chat.waitForIdle();
    await expect(page).toHaveURL(CONVERSATION_URL);

    // Arguments and output open on demand, the arguments as pretty JSON.
    await call.getByTestId('tool-call-toggle').click();
    await expect(call.getByTestId('tool-call-args')).toHaveText('{\n  "text": "hello"\n}');
    await expect(call.getByTestId('tool-call-output')).toContainText('slow echo: hello');

    // A reload in the middle of the tool call rejoins the run: still running, then done.
    await chat.send('Once more [[tool:slow_echo]]');
    const second = toolCalls(chat.lastAssistant()).first();
    await expect(chat.userMessages).toHaveCount(2);
    await expect(second).toHaveAttribute('data-status', 'running');
    await page.reload();
    const rejoined = toolCalls(chat.lastAssistant()).first();
    await expect(rejoined).toHaveAttribute('data-status', 'running');
    await expect(rejoined).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
    await expect(chat.textOf(chat.lastAssistant())).toContainText('The tool answered: slow echo: hello');
    await chat.waitForIdle();

    // Stored: after another reload both calls show done with their output.
    await page.reload();
    await expect(page.locator('[data-testid="tool-call"][data-status="done"]')).toHaveCount(2);
    await expect(page.locator('[data-testid="tool-call"][data-status="error"]')).toHaveCount(0);
  });

  test('no agent without a name; the Meme maker is built in, read-only and not among My Agents', async ({ page }) => {
    await signUpToNewChat(page);
    const builder = new AgentBuilder(page);
    const created: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/agents') created.push(r.url());
    });

    // Everything but a name: Save says what is missing beside the field, and sends nothing.
    await builder.openNewFromSelector();
    await builder.instructions.fill('Answer in haiku.');
    await expect(builder.model).not.toHaveValue('');
    // The tools picker describes each tool for a person, not with the model's instructions.
    await builder.panel.getByTestId('add-tools').click();
    const memeTool = builder.toolsDialog.locator('[data-testid="tool-option"][data-tool="create_meme_image"]');
    await expect(memeTool).toContainText('Puts captions on a template');
    await expect(memeTool).not.toContainText('canvas');
    await builder.toolsDialog.getByTestId('tools-done').click();
    await builder.save.click();
    const nameError = builder.panel.getByTestId('agent-name-error');
    await expect(nameError).toHaveText('Give the agent a name.');
    await expect(builder.name).toHaveAttribute('aria-invalid', 'true');
    await expect(builder.name).toBeFocused();
    const agents = await page.request.get('/api/agents', {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(((await agents.json()) as { data: { id: string }[] }).data.map((a) => a.id)).toEqual([MEME_AGENT_ID]);
    expect(created).toEqual([]);
    // A name clears the error.
    await builder.name.fill('Haiku bot');
    await expect(nameError).toHaveCount(0);
    await builder.panel.getByTestId('agent-panel-close').click();

    // In the selector the Meme maker is a built-in agent, apart from the user's own.
    await page.getByTestId('model-picker').click();
    const memeOption = `[data-testid="agent-option"][data-agent="${MEME_AGENT_ID}"]`;
    await expect(page.getByTestId('built-in-agents').locator(memeOption)).toBeVisible();
    await expect(page.getByTestId('model-group-agents').getByTestId('model-group-header')).toContainText('My Agents');
    await expect(page.getByTestId('my-agents').locator(memeOption)).toHaveCount(0);
    await page.locator(memeOption).click();

    // Its builder view says it is built in and offers nothing to change.
    await builder.toggle.click();
    await expect(builder.panel.getByTestId('agent-built-in-notice')).toHaveText(
      'Meme maker is built in. You can use it, but not change it.',
    );
    await expect(builder.panel).not.toContainText('your role');
    await expect(builder.name).toBeDisabled();
    await expect(builder.save).toHaveCount(0);
  });

  test('Plugins in the model selector: an installed plugin runs in the chat, its call shown with the answer', async ({ page }) => {
    await registerViaApi(page.request);
    // Installed from the plugin store (LibreChat's call): a Plugins chat offers it to the model.
    const installed = await page.request.post('/api/user/plugins', {
      data: { pluginKey: SLOW_ECHO, action: 'install' },
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(installed.ok()).toBe(true);
    const chat = new ChatPage(page);
    await chat.goto('new');

    const selector = new ModelSelector(page);
    await selector.open();
    await expect(page.getByTestId('model-group-gptPlugins').getByTestId('deprecated-badge')).toBeVisible();
    await selector.chooseModel('gptPlugins', 'gpt-4o-mini');
    const asked = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/ask/gptPlugins'));
    await chat.send('Say hello [[tool:slow_echo]]');
    expect((await asked).postDataJSON()).toMatchObject({ endpoint: 'gptPlugins', model: 'gpt-4o-mini' });

    const call = toolCalls(chat.lastAssistant()).first();
    await expect(call).toHaveAttribute('data-tool', SLOW_ECHO);
    await expect(call).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
    await expect(chat.textOf(chat.lastAssistant())).toContainText('The tool answered: slow echo: hello');
    await chat.waitForIdle();
    // Kept as a Plugins conversation, its tool call with it.
    const stored = await page.request.get(`/api/convos/${await conversationIdOf(page)}`, {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(await stored.json()).toMatchObject({ endpoint: 'gptPlugins', model: 'gpt-4o-mini' });
    await page.reload();
    await expect(page.locator('[data-testid="tool-call"][data-status="done"]')).toHaveCount(1);
  });

  test('without AGENTS USE the selector lists no agents (and with it back, it does)', async ({ page, playwright }) => {
    const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const token = await newAdminToken(admin);
    await setUserAgentsUse(admin, token, false);
    try {
      await registerViaApi(page.request);
      // The role's permissions must have arrived before "no agents" means anything.
      const roleAnswered = page.waitForResponse((r) => r.url().endsWith('/api/roles/USER') && r.ok());
      await page.goto('/c/new');
      await roleAnswered;
      await page.getByTestId('model-picker').click();
      await expect(page.getByTestId('model-group-openAI')).toBeVisible();
      await expect(page.getByTestId('model-group-agents')).toHaveCount(0);
      await expect(page.getByTestId('menu-create-agent')).toHaveCount(0);
    } finally {
      // The role is shared by every account of the run: put it back.
      await setUserAgentsUse(admin, token, true);
      await admin.dispose();
    }
    // With USE back, the same user finds the agents entry.
    await page.reload();
    await page.getByTestId('model-picker').click();
    await expect(page.getByTestId('model-group-agents')).toBeVisible();
  });
});
