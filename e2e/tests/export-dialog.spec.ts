import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { ChatPage } from '../pages/chat-page';
import { HeaderMenu } from '../pages/header-menu';
import { Sidebar } from '../pages/sidebar';
import { seedLongConversation } from '../support/seed';

const TITLE = 'Export me';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface ExportedMessage {
  messageId: string;
  parentMessageId: string;
  text: string;
  children?: ExportedMessage[];
}

/** Picks a type (and options) in the open dialog, exports, and returns the file's name and bytes. */
async function exportAs(
  page: Page,
  dialog: Locator,
  type: string,
  options: { allBranches?: boolean; isRecursive?: boolean } = {},
): Promise<{ name: string; body: Buffer }> {
  await dialog.getByLabel('Type').selectOption(type);
  if (options.allBranches !== undefined)
    await dialog.getByTestId('export-all-branches').setChecked(options.allBranches);
  if (options.isRecursive !== undefined) await dialog.getByTestId('export-recursive').setChecked(options.isRecursive);
  const download = page.waitForEvent('download');
  await dialog.getByTestId('export-submit').click();
  const file = await download;
  await expect(dialog).toBeHidden();
  return { name: file.suggestedFilename(), body: await readFile((await file.path()) ?? '') };
}

test.describe('export dialog', () => {
  test('exports every format, the branches option changes the count, and the JSON imports back', async ({ page }) => {
    const userId = (await registerViaApi(page.request)).userId;
    // Four messages shown; message 2 has an older sibling with a reply of its own: six in all.
    const seeded = seedLongConversation({ userId, count: 4, branchAt: 1, title: TITLE });
    const chat = new ChatPage(page);
    const sidebar = new Sidebar(page);
    await chat.goto(seeded.conversationId);
    await expect(chat.messageWithText('Question number 3')).toBeVisible();

    // From the header: labelled, the file name from the title.
    const header = page.getByTestId('header-export');
    const dialog = page.getByRole('dialog', { name: 'Export conversation' });
    await header.click();
    await expect(dialog.getByLabel('File name')).toHaveValue(TITLE);
    // Recursive applies to JSON only.
    await dialog.getByLabel('Type').selectOption('csv');
    await expect(dialog.getByTestId('export-recursive')).toBeDisabled();
    await expect(dialog.getByTestId('export-include-options')).toBeDisabled();

    const csvVisible = await exportAs(page, dialog, 'csv', { allBranches: false });
    expect(csvVisible.name).toBe(`${TITLE}.csv`);
    const csvRows = csvVisible.body.toString('utf8').trimEnd().split('\r\n');
    expect(csvRows[0]).toBe('sender,text,isCreatedByUser,error,unfinished,messageId,parentMessageId,createdAt');
    expect(csvRows.slice(1).map((row) => row.split(',')[1])).toEqual([
      'Question number 1',
      expect.stringMatching(/^Answer number 2/),
      'Question number 3',
      expect.stringMatching(/^Answer number 4/),
    ]);
    await header.click();
    const csvAll = await exportAs(page, dialog, 'csv', { allBranches: true });
    expect(csvAll.body.toString('utf8').trimEnd().split('\r\n')).toHaveLength(1 + 6);

    // Markdown and plain text hold the visible texts, not the other branch.
    await header.click();
    const md = await exportAs(page, dialog, 'md', { allBranches: false });
    expect(md.name).toBe(`${TITLE}.md`);
    expect(md.body.toString('utf8')).toContain(`# ${TITLE}`);
    expect(md.body.toString('utf8')).toContain('**User**\n\nQuestion number 3');
    expect(md.body.toString('utf8')).not.toContain('Branch B');
    await header.click();
    const txt = await exportAs(page, dialog, 'txt');
    expect(txt.body.toString('utf8')).toContain('User:\nQuestion number 1');
    expect(txt.body.toString('utf8')).toContain('Answer number 4');

    // JSON as a tree (LibreChat's default) holds the visible chain.
    await header.click();
    const tree = JSON.parse((await exportAs(page, dialog, 'json', { isRecursive: true })).body.toString('utf8'));
    expect(tree).toMatchObject({
      conversationId: seeded.conversationId,
      title: TITLE,
      recursive: true,
      branches: false,
    });
    const chain: string[] = [];
    for (let node = tree.messagesTree[0] as ExportedMessage | undefined; node; node = node.children?.[0])
      chain.push(node.text);
    expect(chain).toHaveLength(4);

    // JSON flat with every branch: six messages, and the parameters.
    await header.click();
    const flat = await exportAs(page, dialog, 'json', { isRecursive: false, allBranches: true });
    const file = JSON.parse(flat.body.toString('utf8'));
    expect(file.messages).toHaveLength(6);
    expect(file.options).toMatchObject({ model: 'gpt-4o-mini' });

    // PNG: a picture of the conversation.
    await header.click();
    const png = await exportAs(page, dialog, 'png');
    expect(png.name).toBe(`${TITLE}.png`);
    expect(png.body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.body.length).toBeGreaterThan(1000);

    // The JSON imports back (Settings → Data) as a new conversation with the same messages.
    const settings = await new AppShell(page).openSettings();
    await settings.getByTestId('settings-tab-data').click();
    await settings
      .getByTestId('import-file-input')
      .setInputFiles({ name: flat.name, mimeType: 'application/json', buffer: flat.body });
    await expect(sidebar.toast('Imported 1 conversation')).toBeVisible();
    await page.keyboard.press('Escape');
    const copies = sidebar.row(TITLE);
    await expect(copies).toHaveCount(2);
    const imported = copies.and(page.locator(`:not([data-conversation-id="${seeded.conversationId}"])`));

    // Exported again from the sidebar menu, the copy holds the same texts under the same shape.
    await sidebar.menu(imported, 'conversation-export');
    await expect(dialog.getByLabel('File name')).toHaveValue(TITLE);
    const again = JSON.parse(
      (await exportAs(page, dialog, 'json', { isRecursive: false, allBranches: true })).body.toString('utf8'),
    );
    expect(again.conversationId).not.toBe(seeded.conversationId);
    const texts = (messages: ExportedMessage[]) => messages.map((m) => m.text).sort();
    expect(texts(again.messages)).toEqual(texts(file.messages));
    const roots = (messages: ExportedMessage[]) =>
      messages.filter((m) => !messages.some((p) => p.messageId === m.parentMessageId));
    expect(roots(again.messages)).toHaveLength(1);
  });

  test('fits a phone screen and returns focus to the header menu that opened it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    const userId = (await registerViaApi(page.request)).userId;
    const seeded = seedLongConversation({ userId, count: 2, title: TITLE });
    const chat = new ChatPage(page);
    await chat.goto(seeded.conversationId);
    await expect(chat.messageWithText('Question number 1')).toBeVisible();

    // On a phone the header's actions are in its "⋯" menu.
    const menu = new HeaderMenu(page);
    await menu.choose('header-menu-export');
    const dialog = page.getByRole('dialog', { name: 'Export conversation' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await expect(dialog.getByTestId('export-submit')).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menu.trigger).toBeFocused();
  });
});
