import { expect, test, type Page } from '@playwright/test';
import type { Message } from '@confab/shared';
import { AppShell } from '../pages/app-shell';
import { CONVERSATION_URL, signUpToNewChat } from '../pages/chat-page';
import { accessToken } from '../pages/memes';
import { Sidebar } from '../pages/sidebar';

const idOf = (url: string) => url.split('/c/')[1]?.split(/[?#]/)[0] ?? '';

/** The header's "+", then the added selector's model. */
async function addModel(page: Page, model: string): Promise<void> {
  await page.getByTestId('add-model-button').click();
  const added = page.getByTestId('added-model-selector');
  await added.getByTestId('model-picker').click();
  await page.locator(`[data-testid="model-option"][data-endpoint="Simulator"][data-model="${model}"]`).click();
  await expect(added.getByTestId('model-picker-label')).toHaveText(model);
}

async function storedMessages(page: Page, conversationId: string): Promise<Message[]> {
  const response = await page.request.get(`/api/messages/${conversationId}`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Message[];
}

/** The columns of the (one) question sent to two models on screen. */
const column = (page: Page, index: 0 | 1) => page.getByTestId(`multi-convo-column-${index}`);

/** Both columns' streams have ended (each column has its own stop while it streams). */
async function waitForBothColumns(page: Page, chat: { waitForIdle(timeout?: number): Promise<void> }): Promise<void> {
  await chat.waitForIdle(30_000);
  await expect(page.getByTestId('multi-convo-stop')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * The two replies shown side by side, the first column's on the left (beside it on a desktop
 * screen), each a finished reply with its own actions.
 */
async function expectSideBySide(page: Page, firstReplyId: string, addedReplyId: string): Promise<void> {
  const [left, right] = [column(page, 0), column(page, 1)];
  await expect(page.getByTestId('side-by-side-replies')).toHaveCount(1);
  await expect(left).toHaveAttribute('data-message-id', firstReplyId);
  await expect(right).toHaveAttribute('data-message-id', addedReplyId);
  for (const side of [left, right]) {
    await expect(side.getByTestId('message-text')).toBeVisible();
    await expect(side.getByTestId('regenerate')).toBeVisible();
    await expect(side.getByTestId('copy-message')).toBeVisible();
    await expect(side.getByTestId('multi-convo-stop')).toHaveCount(0);
  }
  const [leftBox, rightBox] = [await left.boundingBox(), await right.boundingBox()];
  expect(rightBox?.x).toBeGreaterThan((leftBox?.x ?? 0) + (leftBox?.width ?? 0) - 1);
  expect(Math.abs((rightBox?.y ?? 0) - (leftBox?.y ?? 0))).toBeLessThan(5);
}

/** The bodies of the asks the page sends from now on. */
function recordAsks(page: Page): Record<string, unknown>[] {
  const asks: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/ask\//.test(r.url())) asks.push(r.postDataJSON() as Record<string, unknown>);
  });
  return asks;
}

/**
 * Issue 27 point 5: the header's "+" adds a second model; one question then goes to both, as
 * LibreChat's two asks, and both replies stream side by side, each with its own stop, and are
 * stored as siblings under the one user message. Issue 34 point 2: they stay side by side once
 * done, after a reload and when the conversation is opened again (the added reply is stored with
 * LibreChat's `addedConvo`), each with its own actions and its own sibling switch.
 */
test.describe('multi-conversation', () => {
  test('a + comparison streams two replies side by side and both are stored', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');

    await addModel(page, 'sim-smart');
    const added = page.getByTestId('added-model-selector');

    const asks = recordAsks(page);
    await chat.send('compare wombats [[slow]]');

    const columns = page.getByTestId('side-by-side-replies');
    const left = page.getByTestId('multi-convo-column-0');
    const right = page.getByTestId('multi-convo-column-1');
    await expect(columns).toBeVisible();
    // Both stream at once, each with its own stop, in two columns on a desktop screen.
    await expect(left.getByTestId('multi-convo-stop')).toBeVisible();
    await expect(right.getByTestId('multi-convo-stop')).toBeVisible();
    await expect(left.getByTestId('message-text')).toContainText('word1');
    await expect(right.getByTestId('message-text')).toContainText('word1');
    const [leftBox, rightBox] = [await left.boundingBox(), await right.boundingBox()];
    expect(rightBox?.x).toBeGreaterThan((leftBox?.x ?? 0) + (leftBox?.width ?? 0) - 1);
    expect(Math.abs((rightBox?.y ?? 0) - (leftBox?.y ?? 0))).toBeLessThan(5);

    expect(asks).toHaveLength(2);
    const [first, second] = asks.sort((a, b) => String(a.messageId).localeCompare(String(b.messageId)));
    expect(first).toMatchObject({ model: 'sim-fast', messageId: expect.stringMatching(/__0$/) });
    expect(second).toMatchObject({ model: 'sim-smart', messageId: expect.stringMatching(/__1$/) });
    expect(String(first?.overrideConvoId)).toMatch(/__0$/);

    await expect(page).toHaveURL(CONVERSATION_URL, { timeout: 30_000 });
    await waitForBothColumns(page, chat);

    const conversationId = idOf(page.url());
    const messages = await storedMessages(page, conversationId);
    const users = messages.filter((m) => m.isCreatedByUser);
    expect(users).toHaveLength(1);
    const replies = messages.filter((m) => !m.isCreatedByUser);
    expect(replies).toHaveLength(2);
    expect(replies.every((m) => m.parentMessageId === users[0]?.messageId && !m.unfinished)).toBe(true);
    expect(replies.map((m) => m.model).sort()).toEqual(['sim-fast', 'sim-smart']);
    const firstReply = replies.find((m) => m.model === 'sim-fast');
    const addedReply = replies.find((m) => m.model === 'sim-smart');
    expect(addedReply?.addedConvo).toBe(true);
    expect(firstReply).not.toHaveProperty('addedConvo');
    const [firstId, addedId] = [firstReply?.messageId ?? '', addedReply?.messageId ?? ''];

    // Both finished replies stay side by side, with no "2 / 2" folding one away.
    await expectSideBySide(page, firstId, addedId);
    await expect(page.getByTestId('sibling-position')).toHaveCount(0);

    // The × takes the added model away: the next send asks the header's model alone.
    await page.getByTestId('remove-added-model').click();
    await expect(added).toHaveCount(0);
    await expect(page.getByTestId('add-model-button')).toBeVisible();

    // After a reload, and opened again from the sidebar, they are still side by side.
    await page.reload();
    await expectSideBySide(page, firstId, addedId);
    await new AppShell(page).newChat.click();
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(columns).toHaveCount(0);
    await new Sidebar(page).rowById(conversationId).getByTestId('conversation-link').click();
    await expect(page).toHaveURL(new RegExp(`/c/${conversationId}$`));
    await expectSideBySide(page, firstId, addedId);

    // A follow-up goes on from the first column's reply; the comparison stays side by side above it.
    await chat.send('and then?');
    await chat.waitForIdle();
    await expect.poll(async () => (await storedMessages(page, conversationId)).length).toBe(5);
    const followUp = (await storedMessages(page, conversationId)).find((m) => m.text === 'and then?');
    expect(followUp?.parentMessageId).toBe(firstId);
    await expectSideBySide(page, firstId, addedId);
    await expect(chat.lastAssistant()).not.toHaveAttribute('data-message-id', addedId);
  });

  test('each column regenerates with its own model, keeps its own sibling switch, and both stay side by side', async ({
    page,
  }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await addModel(page, 'sim-smart');
    await chat.send('compare otters');
    await expect(page).toHaveURL(CONVERSATION_URL, { timeout: 30_000 });
    await waitForBothColumns(page, chat);
    const conversationId = idOf(page.url());
    const repliesOf = async (model: string) =>
      (await storedMessages(page, conversationId)).filter((m) => !m.isCreatedByUser && m.model === model);
    const [firstReply] = await repliesOf('sim-fast');
    const [addedReply] = await repliesOf('sim-smart');
    const [firstId, addedId] = [firstReply?.messageId ?? '', addedReply?.messageId ?? ''];
    await expectSideBySide(page, firstId, addedId);
    const [left, right] = [column(page, 0), column(page, 1)];

    // The added column asks its own model again, in its column (LibreChat's `__1` id names it).
    const asks = recordAsks(page);
    await chat.regenerate(right);
    await expect.poll(() => asks.length).toBe(1);
    expect(asks[0]).toMatchObject({ endpoint: 'Simulator', model: 'sim-smart', isRegenerate: true });
    expect(String(asks[0]?.messageId)).toMatch(/__1$/);
    await waitForBothColumns(page, chat);
    await expect.poll(async () => (await repliesOf('sim-smart')).length).toBe(2);
    const addedAgain = (await repliesOf('sim-smart')).find((m) => m.messageId !== addedId);
    expect(addedAgain?.addedConvo).toBe(true);
    // Side by side still: the new reply in the added column, which has its own "2 / 2"; the first
    // column is as it was, with no switch of its own.
    await expectSideBySide(page, firstId, addedAgain?.messageId ?? '');
    await expect(right.getByTestId('sibling-position')).toHaveText('2 / 2');
    await expect(left.getByTestId('sibling-position')).toHaveCount(0);
    // The header still asks its own model.
    await expect(page.getByTestId('model-picker-label').first()).toHaveText('sim-fast');

    // The first column is asked again of the header's model, in its column.
    await chat.regenerate(left);
    await expect.poll(() => asks.length).toBe(2);
    expect(asks[1]).toMatchObject({ endpoint: 'Simulator', model: 'sim-fast' });
    expect(String(asks[1]?.messageId)).not.toMatch(/__\d$/);
    await waitForBothColumns(page, chat);
    await expect.poll(async () => (await repliesOf('sim-fast')).length).toBe(2);
    const firstAgain = (await repliesOf('sim-fast')).find((m) => m.messageId !== firstId);
    expect(firstAgain).not.toHaveProperty('addedConvo');
    await expectSideBySide(page, firstAgain?.messageId ?? '', addedAgain?.messageId ?? '');
    await expect(left.getByTestId('sibling-position')).toHaveText('2 / 2');
    await expect(right.getByTestId('sibling-position')).toHaveText('2 / 2');

    // Each switch moves its own column only, and the choice outlasts a reload.
    await chat.previousSibling(right);
    await expectSideBySide(page, firstAgain?.messageId ?? '', addedId);
    await expect(right.getByTestId('sibling-position')).toHaveText('1 / 2');
    await page.reload();
    await expectSideBySide(page, firstAgain?.messageId ?? '', addedId);
    await chat.previousSibling(left);
    await expectSideBySide(page, firstId, addedId);

    // The added column's first reply, regenerated after the reload, still asks its own model.
    await chat.regenerate(right);
    await expect.poll(() => asks.length).toBe(3);
    expect(asks[2]).toMatchObject({ model: 'sim-smart' });
    expect(String(asks[2]?.messageId)).toMatch(/__1$/);
    await waitForBothColumns(page, chat);
    await expect(right.getByTestId('sibling-position')).toHaveText('3 / 3');
    await expect(left).toHaveAttribute('data-message-id', firstId);

    // Cards mode still shows the fork's siblings two at a time; turned off, the columns are back.
    await left.getByTestId('cards-toggle').click();
    await expect(page.getByTestId('sibling-cards')).toBeVisible();
    await expect(page.getByTestId('side-by-side-replies')).toHaveCount(0);
    await page.getByTestId('sibling-cards').getByTestId('cards-toggle').click();
    await expect(page.getByTestId('side-by-side-replies')).toBeVisible();
    await expect(right.getByTestId('cards-toggle')).toHaveCount(0);

    // Nothing lost or duplicated: one question, two first-column replies, three added ones.
    const stored = await storedMessages(page, conversationId);
    expect(stored.filter((m) => m.isCreatedByUser)).toHaveLength(1);
    expect(new Set(stored.map((m) => m.messageId)).size).toBe(stored.length);
    expect(stored.filter((m) => !m.isCreatedByUser).map((m) => [m.model, m.addedConvo ?? false]).sort()).toEqual([
      ['sim-fast', false],
      ['sim-fast', false],
      ['sim-smart', true],
      ['sim-smart', true],
      ['sim-smart', true],
    ]);
  });

  test('the added model belongs to its conversation: a new chat or another conversation starts without it', async ({
    page,
  }) => {
    const chat = await signUpToNewChat(page);
    const shell = new AppShell(page);
    const sidebar = new Sidebar(page);
    const added = page.getByTestId('added-model-selector');
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('the first chat');
    await expect(page).toHaveURL(CONVERSATION_URL, { timeout: 30_000 });
    await chat.waitForIdle();
    const first = idOf(page.url());
    await addModel(page, 'sim-smart');

    // LibreChat resets the added model on a new chat: its send asks the header's model alone.
    await shell.newChat.click();
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(page.getByTestId('add-model-button')).toBeVisible();
    await expect(added).toHaveCount(0);
    const asks = recordAsks(page);
    await chat.send('the second chat');
    await expect(page).toHaveURL(CONVERSATION_URL, { timeout: 30_000 });
    await chat.waitForIdle();
    const second = idOf(page.url());
    expect(asks).toHaveLength(1);
    expect(String(asks[0]?.messageId ?? '')).not.toMatch(/__\d$/);

    // Back in the first conversation, in the same tab, its added model is there again...
    await sidebar.rowById(first).getByTestId('conversation-link').click();
    await expect(page).toHaveURL(new RegExp(`/c/${first}$`));
    await expect(added.getByTestId('model-picker-label')).toHaveText('sim-smart');
    // ...and opening another conversation does not bring it along.
    await sidebar.rowById(second).getByTestId('conversation-link').click();
    await expect(page).toHaveURL(new RegExp(`/c/${second}$`));
    await expect(page.getByTestId('add-model-button')).toBeVisible();
    await expect(added).toHaveCount(0);
  });

  test('a reload while both columns stream rejoins both, side by side, each to its end', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('a first question');
    await expect(page).toHaveURL(CONVERSATION_URL, { timeout: 30_000 });
    await chat.waitForIdle();
    const conversationId = idOf(page.url());
    await addModel(page, 'sim-smart');

    // Slow enough to be still streaming once the reloaded page has found both jobs.
    await chat.send('[[slower]] race on');
    const left = page.getByTestId('multi-convo-column-0');
    const right = page.getByTestId('multi-convo-column-1');
    await expect(left.getByTestId('message-text')).toContainText('word5');
    await expect(right.getByTestId('message-text')).toContainText('word5');
    await page.reload();

    await expect(page.getByTestId('side-by-side-replies')).toBeVisible();
    await expect(left.getByTestId('multi-convo-stop')).toBeVisible();
    await expect(right.getByTestId('multi-convo-stop')).toBeVisible();
    // Each column goes on growing from its own stream (the view ends as the last reply does, so
    // the whole reply is read from what was stored).
    await expect(left.getByTestId('message-text')).toContainText('word50', { timeout: 30_000 });
    await expect(right.getByTestId('message-text')).toContainText('word50', { timeout: 30_000 });
    await waitForBothColumns(page, chat);
    const replies = (await storedMessages(page, conversationId)).filter(
      (m) => !m.isCreatedByUser && m.text.includes('word1 '),
    );
    expect(replies.map((m) => m.model).sort()).toEqual(['sim-fast', 'sim-smart']);
    expect(replies.every((m) => !m.unfinished && m.text.endsWith('word60'))).toBe(true);
    // Done, they stay side by side, each in its column.
    const byModel = (model: string) => replies.find((m) => m.model === model)?.messageId ?? '';
    await expectSideBySide(page, byModel('sim-fast'), byModel('sim-smart'));
  });
});
