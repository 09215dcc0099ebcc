import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { newAccount } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { ChatPage, CONVERSATION_URL } from '../pages/chat-page';
import { Sidebar } from '../pages/sidebar';
import { seedLongConversation } from '../support/seed';
import { seedConversation, seedManyConversations, type SeedMessage } from '../support/seed-conversations';

const DAY = 24 * 60 * 60 * 1000;
const CHATGPT_EXPORT = fileURLToPath(new URL('../fixtures/chatgpt-branch-export.json', import.meta.url));

/** Registers through the API (the page's cookie jar) and returns the new user's id. */
async function signUp(page: Page): Promise<string> {
  const account = newAccount();
  const res = await page.request.post('/api/auth/register', {
    data: { ...account, confirm_password: account.password },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { user: { id: string } };
  return body.user.id;
}

const exchange = (question: string, answer: string): SeedMessage[] => [
  { text: question, isCreatedByUser: true },
  { text: answer, isCreatedByUser: false },
];

test.describe('conversation management', () => {
  test('lists conversations by date, renames inline, and keeps an unchanged or cancelled title', async ({ page }) => {
    const userId = await signUp(page);
    const now = Date.now();
    seedConversation({
      userId,
      title: 'Gamma ideas',
      messages: exchange('Ideas?', 'Some ideas.'),
      updatedAt: new Date(now - 400 * DAY),
    });
    seedConversation({
      userId,
      title: 'Beta notes',
      messages: exchange('Notes?', 'Some notes.'),
      updatedAt: new Date(new Date().setHours(0, 0, 0, 0) - 6 * 60 * 60 * 1000),
    });
    seedConversation({
      userId,
      title: 'Alpha plan',
      messages: exchange('Plan?', 'A plan.'),
      updatedAt: new Date(now - 60_000),
    });

    const sidebar = new Sidebar(page);
    await new ChatPage(page).goto('new');
    await expect(sidebar.titles()).toHaveText(['Alpha plan', 'Beta notes', 'Gamma ideas']);
    await expect(sidebar.groupHeaders().first()).toHaveText('Today');
    await expect(sidebar.groupHeaders().nth(1)).toHaveText('Yesterday');
    await expect(sidebar.groupHeaders().nth(2)).toHaveText(String(new Date(now - 400 * DAY).getFullYear()));

    // Rename through the menu: Enter saves, at once and after a reload.
    await sidebar.rename('Alpha plan', 'Alpha plan, final');
    await expect(sidebar.row('Alpha plan, final')).toBeVisible();
    await page.reload();
    await expect(sidebar.row('Alpha plan, final')).toBeVisible();

    // Double-click renames too; Escape cancels.
    await sidebar.open('Beta notes');
    await expect(page).toHaveURL(CONVERSATION_URL);
    await sidebar.row('Beta notes').getByTestId('conversation-link').dblclick();
    const input = page.getByTestId('rename-input');
    await expect(input).toBeFocused();
    await input.fill('Something else');
    await input.press('Escape');
    await expect(input).toBeHidden();
    await expect(sidebar.row('Beta notes')).toBeVisible();
    await expect(sidebar.row('Beta notes')).toHaveAttribute('data-active', 'true');

    // A double-click on a conversation that is not open opens it and still renames it.
    await sidebar.row('Gamma ideas').getByTestId('conversation-link').dblclick();
    await expect(input).toBeFocused();
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await page.waitForTimeout(300);
    await expect(input).toBeFocused();
    await input.fill('Gamma ideas, revised');
    await input.press('Enter');
    await expect(sidebar.row('Gamma ideas, revised')).toBeVisible();

    // An emptied title becomes "Untitled".
    await sidebar.rename('Gamma ideas, revised', '   ');
    await expect(sidebar.row('Untitled')).toBeVisible();
  });

  test('duplicates, exports and deletes a conversation', async ({ page }) => {
    const userId = await signUp(page);
    seedConversation({
      userId,
      title: 'Packing list',
      messages: exchange('What should I pack?', 'Socks, charger, passport.'),
    });
    const sidebar = new Sidebar(page);
    const chat = new ChatPage(page);
    await chat.goto('new');

    await sidebar.menu(sidebar.row('Packing list'), 'conversation-duplicate');
    await expect(sidebar.toast('Conversation duplicated')).toBeVisible();
    await expect(page).toHaveURL(CONVERSATION_URL);
    await expect(chat.messageWithText('Socks, charger, passport.')).toBeVisible();
    await expect(sidebar.rows).toHaveCount(2);

    // Export as Markdown downloads a .md file.
    await sidebar.menu(sidebar.rows.first());
    await page.getByTestId('conversation-export').hover();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-md').click();
    expect((await download).suggestedFilename()).toMatch(/\.md$/);

    // Delete asks first, showing the title; the open conversation leaves for /c/new.
    const openId = page.url().split('/c/')[1] ?? '';
    await sidebar.menu(sidebar.rowById(openId), 'conversation-delete');
    const dialog = page.getByTestId('delete-conversation-dialog');
    await expect(dialog).toContainText('Packing list');
    await dialog.getByTestId('confirm-action').click();
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(sidebar.rows).toHaveCount(1);

    // Settings → Data → Delete all chats, after a confirmation.
    const settings = await new AppShell(page).openSettings();
    await settings.getByTestId('settings-tab-data').click();
    await settings.getByTestId('delete-all-chats').click();
    await page.getByTestId('delete-all-dialog').getByTestId('confirm-action').click();
    await expect(sidebar.toast('All chats were deleted')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar.rows).toHaveCount(0);
    await expect(page.getByTestId('conversation-list-empty')).toBeVisible();
  });

  test('archives the open conversation and restores it from Settings', async ({ page }) => {
    const userId = await signUp(page);
    const { conversationId } = seedConversation({
      userId,
      title: 'Old receipts',
      messages: exchange('Where are my receipts?', 'In the blue folder.'),
    });
    seedConversation({
      userId,
      title: 'Keep me',
      messages: exchange('Hi', 'Hello.'),
      updatedAt: new Date(Date.now() - 3 * DAY),
    });
    const sidebar = new Sidebar(page);
    const chat = new ChatPage(page);
    await chat.goto(conversationId);
    await expect(chat.messageWithText('In the blue folder.')).toBeVisible();

    await sidebar.menu(sidebar.row('Old receipts'), 'conversation-archive');
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(sidebar.toast('Chat archived')).toBeVisible();
    await expect(sidebar.row('Old receipts')).toHaveCount(0);
    await expect(sidebar.row('Keep me')).toBeVisible();

    const settings = await new AppShell(page).openSettings();
    await settings.getByTestId('manage-archived').click();
    const archived = page.getByTestId('archived-chats-dialog');
    await expect(archived.getByTestId('archived-title')).toHaveText(['Old receipts']);
    await archived.getByTestId('archived-search').fill('nothing like it');
    await expect(archived).toContainText('No archived chat matches.');
    await archived.getByTestId('archived-search').fill('receipts');
    await expect(archived.getByTestId('archived-title')).toHaveText(['Old receipts']);
    await archived.getByTestId('archived-unarchive').click();
    await expect(archived.getByTestId('archived-title')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(sidebar.row('Old receipts')).toBeVisible();
  });

  test('bookmarks conversations and filters the sidebar by a bookmark', async ({ page }) => {
    const userId = await signUp(page);
    const tax = seedConversation({
      userId,
      title: 'Tax return 2025',
      messages: exchange('Which forms?', 'Form A and form B.'),
    });
    seedConversation({
      userId,
      title: 'Holiday photos',
      messages: exchange('Album names?', 'Summer by the sea.'),
      updatedAt: new Date(Date.now() - 2 * 60_000),
    });
    seedConversation({
      userId,
      title: 'Untagged chat',
      messages: exchange('Hi', 'Hello.'),
      updatedAt: new Date(Date.now() - 3 * 60_000),
    });
    const sidebar = new Sidebar(page);
    await new ChatPage(page).goto(tax.conversationId);

    // A new bookmark from the header, added to the open conversation.
    await page.getByTestId('bookmark-menu-trigger').click();
    await page.getByTestId('bookmark-new').click();
    const dialog = page.getByTestId('bookmark-edit-dialog');
    await dialog.getByTestId('bookmark-tag-input').fill('Saved');
    await expect(dialog.getByText('Tag must be unique.')).toBeVisible();
    await dialog.getByTestId('bookmark-tag-input').fill('Finance');
    await dialog.getByTestId('bookmark-description-input').fill('Money matters');
    await dialog.getByTestId('bookmark-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('bookmark-menu-trigger')).toHaveAttribute('aria-label', 'Bookmarked: Finance');

    // The reserved "Saved" bookmark from a sidebar item's menu.
    await sidebar.menu(sidebar.row('Holiday photos'));
    await page.getByTestId('conversation-bookmarks').hover();
    const saved = page
      .getByTestId('conversation-bookmarks-menu')
      .locator('[data-testid="bookmark-option"][data-tag="Saved"]');
    await saved.click();
    await expect(saved).toHaveAttribute('data-state', 'checked');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await sidebar.filterByBookmark('Finance');
    await expect(sidebar.titles()).toHaveText(['Tax return 2025']);
    await sidebar.filterByBookmark('Saved');
    await expect(sidebar.titles()).toHaveText(['Tax return 2025', 'Holiday photos']);
    await page.getByTestId('bookmark-filter-chips').getByRole('button', { name: 'Stop filtering by Finance' }).click();
    await expect(sidebar.titles()).toHaveText(['Holiday photos']);
    await page.getByTestId('bookmark-filter-chips').getByRole('button', { name: 'Stop filtering by Saved' }).click();
    await expect(sidebar.titles()).toHaveText(['Tax return 2025', 'Holiday photos', 'Untagged chat']);

    // The manager reorders (arrow keys on the grip, like a drag) and the order is kept.
    const settings = await new AppShell(page).openSettings();
    await settings.getByTestId('manage-bookmarks').click();
    const manager = page.getByTestId('bookmarks-manager-dialog');
    const order = manager.getByTestId('bookmark-row');
    await expect(order).toHaveCount(2);
    await expect(order.nth(0)).toHaveAttribute('data-tag', 'Saved');
    await order
      .nth(1)
      .getByRole('button', { name: /Reorder Finance/ })
      .press('ArrowUp');
    await expect(order.nth(0)).toHaveAttribute('data-tag', 'Finance');
    await page.keyboard.press('Escape');
    await settings.getByTestId('manage-bookmarks').click();
    await expect(manager.getByTestId('bookmark-row').nth(0)).toHaveAttribute('data-tag', 'Finance');
    await expect(manager.getByTestId('bookmark-row').nth(0)).toContainText('Money matters');
  });

  test('shares a conversation and opens the link signed out', async ({ page, browser }) => {
    const userId = await signUp(page);
    seedConversation({
      userId,
      title: 'Pesto recipe',
      messages: exchange('How do I make pesto?', 'Blend **basil**, pine nuts, garlic, parmesan and olive oil.'),
    });
    const sidebar = new Sidebar(page);
    await new ChatPage(page).goto('new');

    await sidebar.menu(sidebar.row('Pesto recipe'), 'conversation-share');
    const dialog = page.getByTestId('share-dialog');
    await dialog.getByTestId('share-create').click();
    const urlField = dialog.getByTestId('share-url');
    await expect(urlField).toHaveValue(/\/share\/[A-Za-z0-9_-]+$/);
    await dialog.getByTestId('share-toggle-qr').click();
    await expect(dialog.getByTestId('share-qr').locator('svg')).toHaveAttribute('height', '200');
    const url = await urlField.inputValue();

    const visitor = await browser.newContext();
    try {
      const guest = await visitor.newPage();
      await guest.goto(url);
      await expect(guest.getByTestId('share-title')).toHaveText('Pesto recipe');
      await expect(guest.getByTestId('share-date')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      await expect(guest.getByText('How do I make pesto?')).toBeVisible();
      await expect(guest.locator('strong', { hasText: 'basil' })).toBeVisible();
      await expect(guest).toHaveTitle('Confab | Pesto recipe');
      await expect(guest).toHaveURL(url);

      // Refresh makes a new link; the old one stops working. Delete ends the new one.
      await dialog.getByTestId('share-refresh').click();
      await expect(urlField).not.toHaveValue(url);
      await guest.reload();
      await expect(guest.getByTestId('share-not-found')).toBeVisible();
      const refreshed = await urlField.inputValue();
      await guest.goto(refreshed);
      await expect(guest.getByTestId('share-title')).toHaveText('Pesto recipe');
      await page.keyboard.press('Escape');

      // Settings → Data → Shared links lists it; ticking it and deleting ends the link.
      const settings = await new AppShell(page).openSettings();
      await settings.getByTestId('settings-tab-data').click();
      await settings.getByTestId('manage-shared-links').click();
      const links = page.getByTestId('shared-links-dialog');
      await expect(links.getByTestId('shared-link-title')).toHaveText(['Pesto recipe']);
      await links.getByTestId('shared-links-search').fill('zzz');
      await expect(links.getByTestId('shared-link-title')).toHaveCount(0);
      await links.getByTestId('shared-links-search').fill('pesto');
      await expect(links.getByTestId('shared-link-title')).toHaveText(['Pesto recipe']);
      await links.getByTestId('shared-links-select-all').check();
      await links.getByTestId('shared-links-bulk-delete').click();
      await page.getByTestId('shared-links-delete-dialog').getByTestId('confirm-action').click();
      await expect(new Sidebar(page).toast('Shared link deleted')).toBeVisible();
      await expect(links.getByTestId('shared-link-title')).toHaveCount(0);
      await guest.reload();
      await expect(guest.getByTestId('share-not-found')).toBeVisible();
      await expect(guest.getByTestId('share-not-found').getByRole('link', { name: 'New chat' })).toHaveAttribute(
        'href',
        '/',
      );
    } finally {
      await visitor.close();
    }
  });

  test('finds a word from an old message and opens the conversation at it', async ({ page }) => {
    const userId = await signUp(page);
    const messages: SeedMessage[] = Array.from({ length: 80 }, (_, i) => ({
      text:
        i === 4
          ? 'Tell me about the quokka expedition in Rottnest.'
          : i % 2 === 0
            ? `Question ${i + 1} about the weather`
            : `Answer ${i + 1}: ${'It will be sunny with some clouds. '.repeat(6)}`,
      isCreatedByUser: i % 2 === 0,
    }));
    const long = seedConversation({
      userId,
      title: 'Travel diary',
      messages,
      updatedAt: new Date(Date.now() - 20 * DAY),
    });
    seedConversation({ userId, title: 'Shopping', messages: exchange('Milk?', 'Yes, and eggs.') });
    const sidebar = new Sidebar(page);
    const chat = new ChatPage(page);
    await chat.goto('new');

    await sidebar.search('quokka');
    await expect(page).toHaveURL(/\/search\?q=quokka$/);
    const result = page.getByTestId('search-result');
    await expect(result).toHaveCount(1);
    await expect(result.locator('mark')).toHaveText('quokka');
    await expect(page.getByTestId('search-group')).toContainText('Travel diary');
    // The sidebar lists only the matching conversation while searching.
    await expect(sidebar.titles()).toHaveText(['Travel diary']);

    await result.click();
    await expect(page).toHaveURL(new RegExp(`/c/${long.conversationId}$`));
    const target = chat.messageWithText('quokka expedition');
    await expect(target).toBeInViewport();
    await expect(chat.messageWithText('Answer 80')).toHaveCount(0);

    // Clearing the box while reading keeps the conversation open and lists everything again.
    await sidebar.searchInput.fill('');
    await expect(sidebar.titles()).toHaveText(['Shopping', 'Travel diary']);
    await expect(page).toHaveURL(new RegExp(`/c/${long.conversationId}$`));

    // On the search view, an emptied box goes back to a new chat.
    await sidebar.search('weather');
    await expect(page).toHaveURL(/\/search\?q=weather$/);
    await expect(page.getByTestId('search-group')).toHaveCount(1);
    await sidebar.searchInput.press('Control+a');
    await sidebar.searchInput.press('Backspace');
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(sidebar.titles()).toHaveText(['Shopping', 'Travel diary']);
  });

  test('a search result on an older branch opens that branch at the message', async ({ page }) => {
    const userId = await signUp(page);
    // Message 13 has an older sibling whose reply says "Branch B continues after message 13".
    const seeded = seedLongConversation({ userId, count: 60, title: 'Forked chat', branchAt: 12 });
    const sidebar = new Sidebar(page);
    const chat = new ChatPage(page);
    await chat.goto('new');

    await sidebar.search('continues');
    const result = page.getByTestId('search-result');
    await expect(result).toHaveCount(1);
    await result.click();
    await expect(page).toHaveURL(new RegExp(`/c/${seeded.conversationId}$`));
    const target = chat.messageWithText('Branch B continues after message 13');
    await expect(target).toBeInViewport();
    await expect(chat.messageWithText('Branch B at message 13')).toBeVisible();
    await expect(chat.messageWithText('Answer number 60')).toHaveCount(0);
    // The branch is remembered like a choice by hand: a reload shows it again.
    await page.reload();
    await expect(chat.messageWithText('Branch B continues after message 13')).toBeVisible();
  });

  test('imports a ChatGPT export and shows its branches', async ({ page }) => {
    await signUp(page);
    const sidebar = new Sidebar(page);
    const chat = new ChatPage(page);
    await chat.goto('new');

    const settings = await new AppShell(page).openSettings();
    await settings.getByTestId('settings-tab-data').click();
    // A file that is not .json is refused before any upload.
    await settings
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(sidebar.toast('Choose a .json file to import.')).toBeVisible();
    await settings.getByTestId('import-file-input').setInputFiles(CHATGPT_EXPORT);
    await expect(sidebar.toast('Imported 1 conversation')).toBeVisible();
    await page.keyboard.press('Escape');

    await sidebar.open('Naming the kitten');
    await expect(page).toHaveURL(CONVERSATION_URL);
    const edited = chat.messageWithText('Something shorter, please');
    await expect(edited).toBeVisible();
    await expect(chat.siblingPosition(edited)).toHaveText('2 / 2');
    await expect(chat.messageWithText('Then simply Ash.')).toBeVisible();
    await chat.previousSibling(edited);
    const original = chat.messageWithText('Something more regal, please');
    await expect(original).toBeVisible();
    await expect(chat.siblingPosition(original)).toHaveText('1 / 2');
    await expect(chat.messageWithText('Then Duchess Ashcombe would do nicely.')).toBeVisible();
  });

  test('a bad import file shows a clear error', async ({ page }) => {
    await signUp(page);
    await new ChatPage(page).goto('new');
    const settings = await new AppShell(page).openSettings();
    await settings.getByTestId('settings-tab-data').click();
    await settings
      .getByTestId('import-file-input')
      .setInputFiles({
        name: 'broken.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"not": "a chat export"'),
      });
    await expect(new Sidebar(page).toast(/The file could not be imported/)).toBeVisible();
  });
  test('a finished chat appears at the top of the sidebar', async ({ page }) => {
    const userId = await signUp(page);
    seedConversation({
      userId,
      title: 'Older chat',
      messages: exchange('Hi', 'Hello.'),
      updatedAt: new Date(Date.now() - 5 * 60_000),
    });
    const sidebar = new Sidebar(page);
    const chat = new ChatPage(page);
    await chat.goto('new');
    await expect(sidebar.titles()).toHaveText(['Older chat']);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('Plan a picnic by the river');
    await expect(page).toHaveURL(CONVERSATION_URL);
    await chat.waitForIdle();
    const id = page.url().split('/c/')[1] ?? '';
    await expect(sidebar.rows.first()).toHaveAttribute('data-conversation-id', id);
    await expect(sidebar.rows.first()).toHaveAttribute('data-active', 'true');
    // The generated title replaces "New Chat" once it arrives.
    await expect(sidebar.rows.first().getByTestId('conversation-title')).toHaveText(/Chat about Plan a picnic/, {
      timeout: 15_000,
    });
    await expect(sidebar.rows).toHaveCount(2);
  });

  test('scrolls through a long history, loading pages and keeping few rows in the DOM', async ({ page }) => {
    const userId = await signUp(page);
    seedManyConversations({ userId, count: 600 });
    const sidebar = new Sidebar(page);
    await new ChatPage(page).goto('new');
    await expect(sidebar.rows.first()).toBeVisible();
    const rendered = await sidebar.rows.count();
    expect(rendered).toBeLessThan(60);

    // Scroll to the end until the oldest conversation shows.
    const oldest = sidebar.row('Podcast episode notes (24)');
    for (let i = 0; i < 200 && !(await oldest.isVisible()); i++) {
      await sidebar.list.evaluate((el) => el.scrollBy(0, 3000));
      await page.waitForTimeout(50);
    }
    await expect(oldest).toBeVisible();
    expect(await sidebar.rows.count()).toBeLessThan(60);
    // Older history is grouped by year.
    await expect(sidebar.groupHeaders().last()).toHaveText(/^\d{4}$/);
  });
});
