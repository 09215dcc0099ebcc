import { randomUUID } from 'node:crypto';
import { NO_PARENT } from '@confab/shared';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerWithSession } from '../pages/account-registration';
import { AdminRolesPage } from '../pages/admin-roles';
import { signUpToNewChat } from '../pages/chat-page';
import { LoginPage } from '../pages/login-page';
import { accountTest, startAccountServer, type AccountServer } from '../support/account-server';

/**
 * SPEC 6's interface toggles (issue 40): on by default, every control shows; a server whose
 * config turns them all off shows none, and refuses the calls they gate. Admin → Roles turns a
 * feature off for a role, and a signed-in user loses it on the next load, with no new sign-in.
 */

/** The chat page's controls, each named by the toggle that governs it. */
const controls = (page: Page) => ({
  modelSelect: page.getByTestId('model-picker'),
  parameters: page.getByTestId('parameters-toggle'),
  multiConvo: page.getByTestId('add-model-button'),
  temporaryChat: page.getByTestId('temporary-chat-toggle'),
  prompts: page.getByTestId('sidebar-prompts'),
});

test('on by default: the chat shows the model selector, parameters, "+", temporary chat and prompts', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpToNewChat(page);
  for (const [toggle, control] of Object.entries(controls(page))) await expect(control, toggle).toBeVisible();
});

const ALL_OFF = [
  'interface:',
  ...[
    'endpointsMenu',
    'modelSelect',
    'parameters',
    'sidePanel',
    'multiConvo',
    'bookmarks',
    'presets',
    'prompts',
    'agents',
    'temporaryChat',
    'runCode',
  ].map((toggle) => `  ${toggle}: false`),
].join('\n');

/** An ask to the server's one custom endpoint (nobody answers it, but the question is stored first). */
function ask(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  return request.post('/api/ask/custom', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      endpoint: 'Unused',
      model: 'unused-model',
      text: 'hello',
      conversationId: null,
      parentMessageId: NO_PARENT,
      ...body,
    },
  });
}

// The spec's dedicated server (account-server.ts) has every toggle off.
accountTest.use({ accountServer: { extraConfig: ALL_OFF } });

accountTest.describe('every interface toggle off', () => {
  accountTest('hides every control, and the server refuses what they gate', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The first account is the administrator; the second an ordinary user.
    const admin = await registerWithSession(request);
    const user = await registerWithSession(request);

    const login = new LoginPage(page);
    await login.goto();
    await login.login(user.account.email, user.account.password);
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    for (const [toggle, control] of Object.entries(controls(page))) await expect(control, toggle).toHaveCount(0);
    await expect(page.getByTestId('agent-panel-toggle')).toHaveCount(0);
    await expect(page.getByTestId('bookmark-filter')).toHaveCount(0);
    await page.goto('/d/prompts');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByTestId('prompts-page')).toHaveCount(0);

    const auth = { headers: { authorization: `Bearer ${user.token}` } };
    expect((await request.get('/api/tags', auth)).status()).toBe(403);
    expect((await request.get('/api/prompts/groups', auth)).status()).toBe(403);
    expect((await request.get('/api/agents', auth)).status()).toBe(403);
    expect((await ask(request, user.token, { isTemporary: true })).status()).toBe(403);
    const id = randomUUID();
    expect((await ask(request, user.token, { messageId: `${id}__0`, overrideUserMessageId: `${id}__0` })).status()).toBe(403);
    // The Run button's call, on the user's own stored question.
    const stored = await ask(request, user.token, {});
    const created = /"created":true,"message":(\{[^\n]*?\}),"streamId"/.exec(await stored.text());
    const message = JSON.parse(created?.[1] ?? '{}') as { messageId?: string; conversationId?: string };
    expect(message.messageId).toBeTruthy();
    const run = await request.post('/api/agents/tools/execute_code/call', {
      ...auth,
      data: { messageId: message.messageId, conversationId: message.conversationId, lang: 'py', code: "print('x')" },
    });
    expect(run.status()).toBe(403);

    // Admin → Roles says the config forces each of them off, for both roles, and keeps them off.
    await page.context().clearCookies();
    await login.goto();
    await login.login(admin.account.email, admin.account.password);
    await expect(page).toHaveURL(/\/c\/new$/);
    const roles = new AdminRolesPage(page);
    await roles.goto();
    for (const role of ['USER', 'ADMIN'] as const) {
      await roles.chooseRole(role);
      await expect(roles.forcedBadges).toHaveCount(6);
      await expect(roles.permission('RUN_CODE', 'USE')).toBeDisabled();
      await expect(roles.permission('RUN_CODE', 'USE')).toHaveAttribute('aria-checked', 'false');
      await expect(roles.permission('PROMPTS', 'CREATE')).toBeDisabled();
    }
    await expect(roles.adminAreaNote).toBeVisible();
  });
});

test.describe('Admin → Roles', () => {
  let server: AccountServer;
  test.beforeAll(async () => {
    // Its own server with the toggles on (the default), so its first account is the administrator.
    server = await startAccountServer({});
  });
  test.afterAll(async () => server.close());

  test('an administrator turns prompts and "+" off for users; a signed-in user loses them on reload', async ({
    browser,
    playwright,
  }) => {
    const request = await playwright.request.newContext({ baseURL: server.url });
    const admin = await registerWithSession(request);
    const user = await registerWithSession(request);
    const newPage = async () =>
      (await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } })).newPage();

    const userPage = await newPage();
    const userLogin = new LoginPage(userPage);
    await userLogin.goto();
    await userLogin.login(user.account.email, user.account.password);
    await expect(userPage).toHaveURL(/\/c\/new$/);
    await expect(controls(userPage).prompts).toBeVisible();
    await expect(controls(userPage).multiConvo).toBeVisible();

    const page = await newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.login(admin.account.email, admin.account.password);
    await expect(page).toHaveURL(/\/c\/new$/);
    const roles = new AdminRolesPage(page);
    await roles.goto();
    await roles.chooseRole('USER');
    await roles.set('PROMPTS', 'USE', false);
    await expect(roles.permission('PROMPTS', 'CREATE')).toBeDisabled();
    await roles.set('MULTI_CONVO', 'USE', false);
    // Still there after a reload: stored, not only shown.
    await page.reload();
    await roles.chooseRole('USER');
    await expect(roles.permission('PROMPTS', 'USE')).toHaveAttribute('aria-checked', 'false');

    // The user's page, reloaded in the same session: no new sign-in.
    await userPage.reload();
    await expect(userPage).toHaveURL(/\/c\/new$/);
    await expect(userPage.getByTestId('chat-input')).toBeVisible();
    await expect(controls(userPage).prompts).toHaveCount(0);
    await expect(controls(userPage).multiConvo).toHaveCount(0);
    const groups = await request.get('/api/prompts/groups', { headers: { authorization: `Bearer ${user.token}` } });
    expect(groups.status()).toBe(403);

    // The changes are in the audit list, with who made them.
    const audit = await request.get('/api/admin/audit?action=role.permissions', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const { entries } = (await audit.json()) as { entries: { actor: { label: string }; details: { feature: string } }[] };
    expect(entries.map((e) => e.details.feature)).toEqual(['MULTI_CONVO', 'PROMPTS']);
    expect(entries[0]?.actor.label).toBe(admin.account.email);
    await request.dispose();
  });
});
