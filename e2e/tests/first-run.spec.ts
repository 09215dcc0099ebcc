import { expect, type Page } from '@playwright/test';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { AppShell } from '../pages/app-shell';
import { ChatPage } from '../pages/chat-page';
import { newAccount } from '../pages/accounts';
import { RegisterPage } from '../pages/register-page';
import { accountTest as test } from '../support/account-server';
import { ResponseRecorder, SetupScreen } from '../support/first-run-pages';

/**
 * Issue 25, first run: a server started from an empty data folder with no endpoint at all. The
 * first user (the administrator) is sent to the setup screen, connects an OpenAI-compatible
 * simulator, tests it, and chats with no restart; a second user sees the endpoint and chats too,
 * but no API answer to either of them ever holds the key.
 */

const API_KEY = 'sk-first-run-e2e-0123456789-secret';
const ENDPOINT = 'Sim Local';
const MODELS = ['sim-chat-small', 'sim-chat-large'];
const CHOSEN = 'sim-chat-large';

// An empty config (version only) and no provider variables: nothing to chat with at start.
test.use({
  accountServer: {
    withoutEndpoints: true,
    env: { OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GOOGLE_KEY: '', AZURE_API_KEY: '' },
  },
});

let sim: OpenAISimulator;
test.beforeAll(async () => {
  sim = await startOpenAISimulator({ apiKey: API_KEY, models: MODELS });
  // Streamed chat replies name the model they ran on; the title request gets a short title.
  sim.setResponder((request) =>
    request.stream ? { text: `Simulated reply from ${request.model}.` } : { text: 'First run chat' },
  );
});
test.afterAll(async () => {
  await sim.close();
});

/** The bearer token the page's own API calls carry (the app keeps it in memory only). */
function trackBearer(page: Page): () => string | undefined {
  let bearer: string | undefined;
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header?.startsWith('Bearer ')) bearer = header;
  });
  return () => bearer;
}

async function chatWithEndpoint(page: Page, text: string): Promise<void> {
  const chat = new ChatPage(page);
  await expect(chat.input).toBeVisible();
  await chat.selectModel(ENDPOINT, CHOSEN);
  await chat.send(text);
  await expect(chat.textOf(chat.lastAssistant())).toHaveText(`Simulated reply from ${CHOSEN}.`, { timeout: 20_000 });
  await chat.waitForIdle();
}

test('first run: the administrator connects a simulator and chats; a second user chats but never sees the key', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const adminResponses = new ResponseRecorder(page);
  const setup = new SetupScreen(page);

  await test.step('the first user registers and is sent to the setup screen', async () => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.register(newAccount({ name: 'Grace Admin' }));
    await expect(page).toHaveURL(/\/setup$/, { timeout: 10_000 });
    await expect(setup.root.getByRole('heading', { level: 1 })).toHaveText('Connect a model provider');
  });

  // The second user's own browser, opened while nothing can chat yet.
  const context = await browser.newContext({ baseURL: server.url });
  const userPage = await context.newPage();
  const userResponses = new ResponseRecorder(userPage);
  const bearer = trackBearer(userPage);

  await test.step('a user who is not an administrator is told to ask one, with no way into setup', async () => {
    const register = new RegisterPage(userPage);
    await register.goto();
    await register.register(newAccount({ name: 'Alan User' }));
    await expect(userPage).toHaveURL(/\/c\/new$/, { timeout: 10_000 });
    const notice = userPage.getByTestId('setup-needed-notice');
    await expect(notice).toContainText('an administrator must connect a model provider');
    await expect(notice.getByRole('link')).toHaveCount(0);
    await userPage.goto('/setup');
    await expect(userPage.getByTestId('admin-only')).toContainText('Only administrators');
  });

  await test.step('an OpenAI-compatible endpoint is filled in and its connection tested', async () => {
    await setup.chooseProvider('custom');
    await setup.field('Name').fill(ENDPOINT);
    await setup.field('Base URL').fill(sim.url);
    // A wrong key: the test says the provider refused it, and what to check.
    await setup.field('API key').fill('sk-wrong-key-000000000000');
    await setup.testButton.click();
    await expect(setup.testResult).toContainText('Check the key', { timeout: 15_000 });
    await setup.field('API key').fill(API_KEY);
    await expect(setup.field('API key')).toHaveAttribute('type', 'password');
    await setup.testButton.click();
    await expect(setup.testResult).toBeVisible({ timeout: 15_000 });
    // Fails with the server's own words (e.g. "not built yet") when the test cannot connect.
    await expect(setup.testResult).toContainText(/Connected in \d+ ms/);
    for (const model of MODELS) await expect(setup.modelChoice(model)).toBeVisible();
    expect(sim.requests.some((r) => r.method === 'GET' && r.path === '/v1/models')).toBe(true);
  });

  await test.step('one model is chosen and the endpoint saved, then chats start', async () => {
    await setup.modelChoice(CHOSEN).check();
    await setup.saveButton.click();
    await expect(page.getByText(`${ENDPOINT} added`)).toBeVisible();
    await expect(setup.ready).toContainText(`${ENDPOINT} is ready`);
    await setup.startChatting.click();
    await expect(page).toHaveURL(/\/c\/new$/);
  });

  await test.step('the new endpoint is in the model selector at once and answers', async () => {
    await chatWithEndpoint(page, 'Hello from the administrator');
    const chatRequest = sim.requests.find((r) => r.method === 'POST' && r.path === '/v1/chat/completions');
    expect(chatRequest?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  await test.step('the Admin area lists it with only the last four characters of its key', async () => {
    const shell = new AppShell(page);
    await shell.openUserMenu();
    await page.getByRole('menuitem', { name: 'Admin', exact: true }).click();
    // The Admin area opens on its first section, Users; Endpoints is a tab.
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.getByTestId('admin-nav-endpoints').click();
    await expect(page).toHaveURL(/\/admin\/endpoints$/);
    const row = page.locator(`[data-testid="admin-endpoint"][data-name="${ENDPOINT}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('admin-endpoint-source')).toHaveText('Setup');
    await expect(row.getByTestId('admin-endpoint-key')).toHaveText(`•••• ${API_KEY.slice(-4)}`);
    await expect(row.getByTestId('admin-endpoint-models')).toHaveText('1 model');

    // Editing shows the stored key as its hint only; the field itself stays empty.
    await row.getByTestId('admin-endpoint-edit').click();
    const dialog = page.getByTestId('endpoint-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('API key', { exact: true })).toHaveValue('');
    await expect(dialog).toContainText('Leave empty to keep the saved key');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Adding the same name again: the 409 is shown under the name field.
    await page.getByTestId('admin-endpoint-add').click();
    await expect(dialog).toBeVisible();
    await dialog.locator('[data-testid="provider-option"][data-family="custom"]').click();
    await dialog.getByLabel('Name', { exact: true }).fill(ENDPOINT);
    await dialog.getByLabel('Base URL', { exact: true }).fill(sim.url);
    await dialog.getByTestId('endpoint-save').click();
    const nameField = dialog.getByLabel('Name', { exact: true });
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(nameField).toBeFocused();
    await expect(dialog.getByRole('alert')).toContainText('already added');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the second user now sees the endpoint and chats, but not the Admin area', async () => {
    await userPage.goto('/c/new');
    await expect(userPage.getByTestId('setup-needed-notice')).toHaveCount(0);
    await chatWithEndpoint(userPage, 'Hello from a user');

    await new AppShell(userPage).openUserMenu();
    await expect(userPage.getByRole('menuitem', { name: 'Admin', exact: true })).toHaveCount(0);
    await userPage.keyboard.press('Escape');

    const refused = await userPage.request.get('/api/admin/endpoints', { headers: { authorization: bearer() ?? '' } });
    expect(refused.status()).toBe(403);
    await userPage.goto('/admin/endpoints');
    await expect(userPage.getByTestId('admin-only')).toContainText('Only administrators');

    await userResponses.settled();
    expect(userResponses.bodies.length).toBeGreaterThan(10);
    expect(userResponses.urlsContaining(API_KEY)).toEqual([]);
    await context.close();
  });

  await test.step("no answer the administrator's pages received held the key", async () => {
    await adminResponses.settled();
    // The recorder did see the Admin area's answers (the key's hint among them).
    expect(adminResponses.urlsContaining('"keyLast4"').length).toBeGreaterThan(0);
    expect(adminResponses.urlsContaining(API_KEY)).toEqual([]);
    expect(adminResponses.urlsContaining(API_KEY.slice(3, -4))).toEqual([]);
  });
});
