import { expect, test } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { ChatPage, CONVERSATION_URL } from '../pages/chat-page';
import { Sidebar } from '../pages/sidebar';
import { exchange, seedConversation, seedManyConversations } from '../support/seed-conversations';

const DAY = 24 * 60 * 60 * 1000;

test.describe('conversation management', () => {
  test('lists conversations by date, renames inline, and keeps an unchanged or cancelled title', async ({ page }) => {
    const userId = (await registerViaApi(page.request)).userId;
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

  test('with the keyboard, focus comes back to what opened a menu, dialog or rename', async ({ page }) => {
    const userId = (await registerViaApi(page.request)).userId;
    seedConversation({ userId, title: 'Pesto recipe', messages: exchange('Pesto?', 'Basil, pine nuts.') });
    const sidebar = new Sidebar(page);
    await new ChatPage(page).goto('new');
    const row = sidebar.row('Pesto recipe');
    const trigger = row.getByTestId('conversation-menu-trigger');

    // The row's "…" menu: a dialog it opens hands focus back to "…" when it closes.
    for (const item of ['conversation-delete', 'conversation-share']) {
      await trigger.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId(item).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(trigger).toBeFocused();
    }

    // Rename: Escape and Enter both give focus back to the row.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('conversation-rename').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('rename-input')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(row.getByTestId('conversation-link')).toBeFocused();
    await sidebar.rename('Pesto recipe', 'Basil pesto');
    await expect(sidebar.row('Basil pesto').getByTestId('conversation-link')).toBeFocused();

    // Settings, opened from the user menu, and the dialogs it opens in turn.
    const shell = new AppShell(page);
    const settings = await shell.openSettings();
    for (const [tab, button, dialog] of [
      ['general', 'manage-archived', 'archived-chats-dialog'],
      ['general', 'manage-bookmarks', 'bookmarks-manager-dialog'],
      ['data', 'manage-shared-links', 'shared-links-dialog'],
      ['data', 'manage-my-files', 'my-files-dialog'],
      ['data', 'delete-all-chats', 'delete-all-dialog'],
    ] as const) {
      await settings.getByTestId(`settings-tab-${tab}`).click();
      await settings.getByTestId(button).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId(dialog)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId(dialog)).toBeHidden();
      await expect(settings.getByTestId(button)).toBeFocused();
    }
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(shell.userMenuTrigger).toBeFocused();
  });

  test('an Escape pressed the moment a dialog opens over Settings closes only that dialog', async ({ page }) => {
    await registerViaApi(page.request);
    await new ChatPage(page).goto('new');
    const settings = await new AppShell(page).openSettings();
    await expect(settings.getByTestId('manage-bookmarks')).toBeVisible();

    // Escape as soon as the dialog is on the page: before Radix makes it the one Escape closes.
    await page.evaluate(async () => {
      const button = document.querySelector<HTMLElement>('[data-testid="manage-bookmarks"]');
      button?.focus();
      button?.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
      const init = { key: 'Escape', bubbles: true, cancelable: true };
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', init));
    });
    await expect(page.getByTestId('bookmarks-manager-dialog')).toBeHidden();
    await expect(settings).toBeVisible();
    await expect(settings.getByTestId('manage-bookmarks')).toBeFocused();
  });

  test('duplicates, exports and deletes a conversation', async ({ page }) => {
    const userId = (await registerViaApi(page.request)).userId;
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

    // Export as Markdown (the Export dialog) downloads a .md file.
    await sidebar.menu(sidebar.rows.first(), 'conversation-export');
    await page.getByTestId('export-type').selectOption('md');
    const download = page.waitForEvent('download');
    await page.getByTestId('export-submit').click();
    expect((await download).suggestedFilename()).toMatch(/\.md$/);

    // Delete asks first, showing the title; the open conversation leaves for /c/new.
    const openId = page.url().split('/c/')[1] ?? '';
    await sidebar.menu(sidebar.rowById(openId), 'conversation-delete');
    const dialog = page.getByTestId('delete-conversation-dialog');
    await expect(dialog).toContainText('Packing list');
    // Set apart for direction, so a right-to-left title cannot reorder the sentence around it.
    await expect(dialog.locator('strong', { hasText: 'Packing list' })).toHaveCSS('unicode-bidi', 'isolate');
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
    const userId = (await registerViaApi(page.request)).userId;
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

  test('a finished chat appears at the top of the sidebar', async ({ page }) => {
    const userId = (await registerViaApi(page.request)).userId;
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

  test('deleting a chat while its reply streams stops the reply and leaves a fresh chat', async ({ page }) => {
    await registerViaApi(page.request);
    const sidebar = new Sidebar(page);
    const chat = new ChatPage(page);
    await chat.goto('new');
    await chat.selectModel('Simulator', 'sim-fast');

    // A new chat's first reply, still at /c/new: the page must not move to the deleted chat when it ends.
    await chat.send('[[slower]] a long story');
    await expect(sidebar.rows).toHaveCount(1);
    await expect(chat.stopButton).toBeVisible();
    await sidebar.menu(sidebar.rows.first(), 'conversation-delete');
    await page.getByTestId('delete-conversation-dialog').getByTestId('confirm-action').click();
    await expect(sidebar.rows).toHaveCount(0);
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(new AppShell(page).greeting).toBeVisible();
    await expect(chat.stopButton).toBeHidden();
    await page.waitForTimeout(1_500); // past where the stopped reply's end would have moved the page
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(chat.userMessages).toHaveCount(0);

    // A conversation opened at /c/{id} whose reply streams: deleted, the page goes to a new chat.
    await chat.send('first question');
    await expect(page).toHaveURL(CONVERSATION_URL);
    await chat.waitForIdle();
    await chat.send('[[slower]] and a second long story');
    await expect(chat.stopButton).toBeVisible();
    await sidebar.menu(sidebar.rows.first(), 'conversation-delete');
    await page.getByTestId('delete-conversation-dialog').getByTestId('confirm-action').click();
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(sidebar.rows).toHaveCount(0);
    await expect(new AppShell(page).greeting).toBeVisible();
    await expect(page.getByTestId('stream-error-notice')).toHaveCount(0);
  });

  test('scrolls through a long history, loading pages and keeping few rows in the DOM', async ({ page }) => {
    const userId = (await registerViaApi(page.request)).userId;
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

  test('pages through many archived chats in Settings as the table scrolls', async ({ page }) => {
    const userId = (await registerViaApi(page.request)).userId;
    seedManyConversations({ userId, count: 120, archived: true, spanDays: 30 });
    await new ChatPage(page).goto('new');
    const settings = await new AppShell(page).openSettings();
    await settings.getByTestId('manage-archived').click();
    const table = page.getByTestId('archived-chats-dialog').getByTestId('archived-table');
    await expect(table.getByTestId('archived-title').first()).toBeVisible();
    // The first page only, until the table is scrolled; then every page, with few rows in the DOM.
    expect(Number(await table.getAttribute('aria-rowcount'))).toBeLessThan(121);
    const body = table.locator('[role="rowgroup"]').last();
    for (let i = 0; i < 100 && (await table.getAttribute('aria-rowcount')) !== '121'; i++) {
      await body.evaluate((el) => el.scrollBy(0, 2000));
      await page.waitForTimeout(50);
    }
    await expect(table).toHaveAttribute('aria-rowcount', '121');
    expect(await table.getByTestId('archived-title').count()).toBeLessThan(60);
  });
});
