import { WEB_SEARCH_QUERY } from '@confab/testkit';
import { expect, test, type Page, type Request } from '@playwright/test';
import { signUpToNewChat } from '../pages/chat-page';
import { accessToken, conversationIdOf } from '../pages/memes';
import { WEB_SEARCH_PAGES } from '../support/web-search-pages';

const isToolsChat = (r: Request) => r.method() === 'POST' && /\/api\/agents\/chat\/custom$/.test(r.url());

/** What a web-searched reply shows: the call with its query and pages, chips for [1] and [2], the sources. */
async function expectSearchedReply(page: Page) {
  const call = page.locator('[data-testid="tool-call"][data-tool="web_search"]');
  await expect(call.getByTestId('web-search-title')).toHaveText(`Searched the web for “${WEB_SEARCH_QUERY}”`);
  const citations = page.getByTestId('citation');
  await expect(citations).toHaveText(['1', '2']);
  await expect(citations.first()).toHaveAccessibleName(`Source 1: ${WEB_SEARCH_PAGES[0].title}`);
  const sources = page.getByTestId('sources');
  await expect(sources.getByTestId('source')).toHaveCount(WEB_SEARCH_PAGES.length);
  await expect(sources.getByTestId('source').nth(1)).toContainText(WEB_SEARCH_PAGES[1].title);
}

/**
 * Issue 41, web search on screen: turned on in the Tools menu, a reply that searched shows what
 * it searched and read, numbered citations linking to their pages and the sources under it, after
 * a reload and on a shared link too.
 */
test('web search: the query, inline citations and the sources, kept on reload and on a shared link', async ({
  page,
  browser,
}) => {
  // One flow across a reply, a new tab, a reload and a signed-out visit.
  test.slow();
  const chat = await signUpToNewChat(page);
  await chat.selectModel('Simulator', 'sim-fast');
  await page.getByTestId('tools-button').click();
  const toggle = page.getByTestId('tool-switch-web_search');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tool-badge-web_search')).toContainText('Web search');

  const asked = page.waitForRequest(isToolsChat);
  await chat.send('[[web-search]] How hot does water boil up a mountain?');
  expect((await asked).postDataJSON()).toMatchObject({ ephemeralAgent: { web_search: true } });
  await chat.waitForIdle();
  await expectSearchedReply(page);

  // The pages the call read, by site and title.
  const call = page.locator('[data-testid="tool-call"][data-tool="web_search"]');
  await call.getByTestId('web-search-pages-toggle').click();
  await expect(call.getByTestId('web-search-pages').locator('li')).toHaveCount(WEB_SEARCH_PAGES.length);
  await expect(call.getByTestId('web-search-pages')).toContainText(WEB_SEARCH_PAGES[2].title);

  // A chip opens its page in a new tab (the local page server).
  const chip = page.getByTestId('citation').nth(1);
  await expect(chip).toHaveAttribute('rel', 'noopener noreferrer');
  const [opened] = await Promise.all([page.context().waitForEvent('page'), chip.click()]);
  await expect(opened).toHaveURL(new RegExp(`${WEB_SEARCH_PAGES[1].path}$`));
  await expect(opened.locator('h1')).toHaveText(WEB_SEARCH_PAGES[1].title);
  await opened.close();

  await page.reload();
  await expectSearchedReply(page);

  const created = await page.request.post(`/api/share/${await conversationIdOf(page)}`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(created.ok()).toBe(true);
  const { shareId } = (await created.json()) as { shareId: string };
  const visitor = await browser.newContext();
  try {
    const guest = await visitor.newPage();
    await guest.goto(`/share/${shareId}`);
    await expectSearchedReply(guest);
  } finally {
    await visitor.close();
  }
});

/**
 * A provider on each user's own key (the administrator left `serperApiKey` unset): turning web
 * search on asks for the key first, and the switch turns on once it is installed. The server's
 * side of it (the key kept per user, sent to the provider) is web-search-keys.test.ts; here the
 * answers of a keyed server are played to the page.
 */
test('web search on a provider needing the user’s key asks for it before turning on', async ({ page }) => {
  let isInstalled = false;
  const installed: unknown[] = [];
  await page.route('**/api/config', async (route) => {
    const config = await (await route.fetch()).json();
    const webSearch = { enabled: true, provider: 'serper', requiresUserKey: true, keyField: 'SERPER_API_KEY' };
    await route.fulfill({ json: { ...config, webSearch } });
  });
  await page.route('**/api/agents/tools/web_search/auth', (route) =>
    route.fulfill({ json: { authenticated: isInstalled, message: 'user_provided' } }),
  );
  await page.route('**/api/user/plugins', async (route) => {
    installed.push(route.request().postDataJSON());
    isInstalled = true;
    await route.fulfill({ json: { message: 'ok' } });
  });
  const chat = await signUpToNewChat(page);
  await chat.selectModel('Simulator', 'sim-fast');
  await page.getByTestId('tools-button').click();
  const toggle = page.getByTestId('tool-switch-web_search');
  await toggle.click();

  const dialog = page.getByTestId('web-search-key-dialog');
  await expect(dialog).toContainText('Serper');
  await expect(page.getByTestId('tool-badge-web_search')).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Get an API key' })).toHaveAttribute('href', /serper\.dev/);
  // The key is required.
  await dialog.getByTestId('web-search-key-submit').click();
  await expect(dialog.getByRole('alert')).toHaveText('The API key is required');
  await dialog.getByLabel('API key', { exact: true }).fill('serper-key-of-mine');
  await dialog.getByTestId('web-search-key-submit').click();
  await expect(dialog).toBeHidden();
  expect(installed).toHaveLength(1);
  expect(installed[0]).toMatchObject({
    pluginKey: 'web_search',
    action: 'install',
    auth: { SERPER_API_KEY: 'serper-key-of-mine' },
  });
  await expect(page.getByTestId('tool-badge-web_search')).toContainText('Web search');
});
