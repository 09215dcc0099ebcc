import { expect, test } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { ChatPage } from '../pages/chat-page';
import { Sidebar } from '../pages/sidebar';
import { exchange, seedConversation } from '../support/seed-conversations';

test.describe('conversation management: bookmarks and sharing', () => {
  test('bookmarks conversations and filters the sidebar by a bookmark', async ({ page }) => {
    const userId = (await registerViaApi(page.request)).userId;
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

    // Its "New bookmark" dialog opens ready to type, and Escape goes back to the button.
    await manager.getByTestId('bookmarks-manager-new').click();
    await expect(page.getByTestId('bookmark-edit-dialog').getByTestId('bookmark-tag-input')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('bookmark-edit-dialog')).toBeHidden();
    await expect(manager.getByTestId('bookmarks-manager-new')).toBeFocused();
  });

  test('shares a conversation and opens the link signed out', async ({ page, browser }) => {
    const userId = (await registerViaApi(page.request)).userId;
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

});
