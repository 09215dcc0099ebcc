import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { ChatPage, CONVERSATION_URL } from '../pages/chat-page';
import { accessToken } from '../pages/memes';
import { Sidebar } from '../pages/sidebar';
import { exchange, seedConversation } from '../support/seed-conversations';
import { chooseOption } from '../support/select';

/**
 * Issue 35: Settings on a phone, the not-found page, and toasts that are replaced in place,
 * offer Undo and keep off the composer. One signed-in user for the whole file.
 */
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let context: BrowserContext;
let page: Page;
let userId: string;

test.beforeAll(async ({ browser }, testInfo) => {
  context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: DESKTOP });
  page = await context.newPage();
  userId = (await registerViaApi(page.request)).userId;
});

test.afterAll(async () => {
  await context.close();
});

/** The stored conversation, or the status the server refused it with. */
async function fetchStored(id: string): Promise<{ status: number; isArchived?: boolean }> {
  const res = await page.request.get(`/api/convos/${id}`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  return res.ok() ? { status: res.status(), ...((await res.json()) as { isArchived?: boolean }) } : { status: res.status() };
}

function seed(title: string): string {
  return seedConversation({ userId, title, messages: exchange(`About ${title}?`, `Notes on ${title}.`) }).conversationId;
}

test('settings on a phone: full screen, every section reachable, the app’s own selects, languages by their own names', async () => {
  await page.setViewportSize(PHONE);
  await new ChatPage(page).goto('new');
  await page.getByTestId('open-sidebar').click();
  const dialog = await new AppShell(page).openSettings();
  expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, ...PHONE });

  // Each section is a row of one list (nothing scrolls sideways), opening a page with a way back.
  const sections = [
    ['general', dialog.getByLabel('Theme')],
    ['chat', dialog.getByLabel('Font size')],
    ['speech', dialog.getByTestId('speech-settings')],
    ['data', dialog.getByTestId('import-button')],
    ['account', dialog.getByTestId('avatar-picker')],
  ] as const;
  for (const [id, control] of sections) {
    const entry = dialog.getByTestId(`settings-tab-${id}`);
    await expect(entry).toBeInViewport({ ratio: 1 });
    await entry.click();
    const section = dialog.getByTestId(`settings-page-${id}`);
    await expect(control).toBeVisible();
    expect(await section.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // No platform pop-up anywhere in Settings.
    await expect(dialog.locator('select')).toHaveCount(0);
    await dialog.getByTestId('settings-back').click();
  }

  // The theme list is the app's own (a listbox of options), and it works.
  await dialog.getByTestId('settings-tab-general').click();
  const theme = dialog.getByLabel('Theme');
  await expect(theme).toHaveRole('combobox');
  await chooseOption(theme, 'dark');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await chooseOption(theme, 'light');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

  // Languages by their own names, within the screen.
  await dialog.getByLabel('Language').click();
  const languages = page.getByRole('listbox');
  for (const name of ['Deutsch', 'עברית', '日本語', 'Français']) {
    await expect(languages.getByRole('option', { name, exact: true })).toHaveCount(1);
  }
  const box = await languages.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  await page.keyboard.press('Escape');
  await expect(languages).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('an unknown address shows the not-found page in the app, with the way back to the chats', async () => {
  await page.setViewportSize(DESKTOP);
  for (const path of ['/nope', '/c/new/not-a-route']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('error-page')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Back to chats' }).click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(new AppShell(page).greeting).toBeVisible();
});

test('a crash still gets the error page with its stack and log', async () => {
  // A lazy part missing from the server, with the one reload of a stale tab already spent.
  await page.route(/\/assets\/general-settings-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.evaluate(() => sessionStorage.setItem('confab:stale-chunk-reload-at', String(Date.now())));
  await new AppShell(page).openUserMenu();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByTestId('error-page')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download error log' })).toBeVisible();
  await expect(page.getByTestId('error-stack')).toBeVisible();
  await page.unrouteAll();
  await page.evaluate(() => sessionStorage.removeItem('confab:stale-chunk-reload-at'));
});

test('a progress toast is replaced by its result, not stacked beside it', async () => {
  seed('Packing list');
  const sidebar = new Sidebar(page);
  await new ChatPage(page).goto('new');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/convos/duplicate', async (route) => {
    await held;
    await route.continue();
  });

  await sidebar.menu(sidebar.row('Packing list'), 'conversation-duplicate');
  const progress = sidebar.toast('Duplicating');
  await expect(progress).toHaveAttribute('data-status', 'loading');
  const node = await progress.elementHandle();
  release();
  await expect(sidebar.toasts).toHaveText(['Conversation duplicated']);
  await expect(sidebar.toasts.first()).toHaveAttribute('data-status', 'success');
  // The same toast changed in place.
  expect(await node?.evaluate((el) => el.isConnected && el.textContent)).toBe('Conversation duplicated');
  await page.unrouteAll();
  await expect(page).toHaveURL(CONVERSATION_URL);
});

test('delete offers Undo, which keeps the chat; without it the chat is gone from the server', async () => {
  const keptId = seed('Keep me after all');
  const goneId = seed('Really delete me');
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && new URL(r.url()).pathname === '/api/convos') deletes.push(r.postData() ?? '');
  });
  const sidebar = new Sidebar(page);
  const chat = new ChatPage(page);
  await chat.goto(keptId);

  // Undo: the open chat leaves for /c/new and comes back, and nothing was sent to the server.
  await sidebar.menu(sidebar.row('Keep me after all'), 'conversation-delete');
  await page.getByTestId('delete-conversation-dialog').getByTestId('confirm-action').click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(sidebar.row('Keep me after all')).toHaveCount(0);
  await sidebar.toast('Chat deleted').getByRole('button', { name: 'Undo' }).click();
  await expect(sidebar.toast('Chat restored')).toBeVisible();
  await expect(sidebar.row('Keep me after all')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/c/${keptId}$`));
  await expect(chat.messageWithText('Notes on Keep me after all.')).toBeVisible();

  // No Undo: the DELETE goes when the toast does.
  await sidebar.menu(sidebar.row('Really delete me'), 'conversation-delete');
  await page.getByTestId('delete-conversation-dialog').getByTestId('confirm-action').click();
  const toast = sidebar.toast('Chat deleted');
  await expect(toast).toBeVisible();
  await expect(sidebar.row('Really delete me')).toHaveCount(0);
  expect((await fetchStored(goneId)).status).toBe(200);
  await expect(toast).toBeHidden({ timeout: 15_000 });
  await expect.poll(async () => (await fetchStored(goneId)).status).toBe(404);
  expect((await fetchStored(keptId)).status).toBe(200);
  expect(deletes).toHaveLength(1);
  expect(deletes[0]).toContain(goneId);
  await page.reload();
  await expect(sidebar.row('Keep me after all')).toBeVisible();
  await expect(sidebar.row('Really delete me')).toHaveCount(0);
});

test('archive offers Undo, which unarchives', async () => {
  const id = seed('Archive me maybe');
  const sidebar = new Sidebar(page);
  const chat = new ChatPage(page);
  await chat.goto(id);
  await sidebar.menu(sidebar.row('Archive me maybe'), 'conversation-archive');
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(sidebar.row('Archive me maybe')).toHaveCount(0);
  await expect.poll(async () => (await fetchStored(id)).isArchived).toBe(true);

  await sidebar.toast('Chat archived').getByRole('button', { name: 'Undo' }).click();
  await expect(sidebar.toast('Chat restored from the archive')).toBeVisible();
  await expect(sidebar.toasts).toHaveCount(1);
  await expect(sidebar.row('Archive me maybe')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/c/${id}$`));
  expect((await fetchStored(id)).isArchived).toBe(false);
});

test('on a phone a toast keeps clear of the send button', async () => {
  seed('Phone toast');
  await page.setViewportSize(PHONE);
  const chat = new ChatPage(page);
  await chat.goto('new');
  const sidebar = new Sidebar(page);
  await page.getByTestId('open-sidebar').click();
  await sidebar.menu(sidebar.row('Phone toast'), 'conversation-duplicate');
  const toast = sidebar.toast('Conversation duplicated');
  await expect(toast).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(chat.sendButton).toBeVisible();
  const [toastBox, sendBox] = [await toast.boundingBox(), await chat.sendButton.boundingBox()];
  expect(toastBox && sendBox).toBeTruthy();
  if (!toastBox || !sendBox) return;
  expect(toastBox.x).toBeGreaterThanOrEqual(0);
  expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(PHONE.width);
  const overlaps =
    toastBox.x < sendBox.x + sendBox.width &&
    sendBox.x < toastBox.x + toastBox.width &&
    toastBox.y < sendBox.y + sendBox.height &&
    sendBox.y < toastBox.y + toastBox.height;
  expect(overlaps).toBe(false);
});
