import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { ChatPage, CONVERSATION_URL } from '../pages/chat-page';
import { Sidebar } from '../pages/sidebar';
import { seedLongConversation } from '../support/seed';
import { exchange, seedConversation, type SeedMessage } from '../support/seed-conversations';

const DAY = 24 * 60 * 60 * 1000;
const CHATGPT_EXPORT = fileURLToPath(new URL('../fixtures/chatgpt-branch-export.json', import.meta.url));

test.describe('conversation management: search and import', () => {
  test('finds a word from an old message and opens the conversation at it', async ({ page }) => {
    const userId = (await registerViaApi(page.request)).userId;
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
    const userId = (await registerViaApi(page.request)).userId;
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
    await registerViaApi(page.request);
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
    await registerViaApi(page.request);
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
});
