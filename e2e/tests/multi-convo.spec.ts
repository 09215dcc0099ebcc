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
 * stored as siblings under the one user message.
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
    await expect(columns).toHaveCount(0, { timeout: 30_000 });
    await chat.waitForIdle();
    await expect(page.getByTestId('multi-convo-stop')).toHaveCount(0);

    const conversationId = idOf(page.url());
    const messages = await storedMessages(page, conversationId);
    const users = messages.filter((m) => m.isCreatedByUser);
    expect(users).toHaveLength(1);
    const replies = messages.filter((m) => !m.isCreatedByUser);
    expect(replies).toHaveLength(2);
    expect(replies.every((m) => m.parentMessageId === users[0]?.messageId && !m.unfinished)).toBe(true);
    expect(replies.map((m) => m.model).sort()).toEqual(['sim-fast', 'sim-smart']);

    // The × takes the added model away: the next send asks the header's model alone.
    await page.getByTestId('remove-added-model').click();
    await expect(added).toHaveCount(0);
    await expect(page.getByTestId('add-model-button')).toBeVisible();
  });

  test("regenerating the added model's reply asks that reply's model, not the header's", async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await addModel(page, 'sim-smart');
    await chat.send('compare otters');
    await expect(page).toHaveURL(CONVERSATION_URL, { timeout: 30_000 });
    await expect(page.getByTestId('side-by-side-replies')).toHaveCount(0, { timeout: 30_000 });
    await chat.waitForIdle();
    const conversationId = idOf(page.url());
    const replyOf = async (model: string) =>
      (await storedMessages(page, conversationId)).find((m) => !m.isCreatedByUser && m.model === model);
    const addedReply = await replyOf('sim-smart');
    const firstReply = await replyOf('sim-fast');
    expect(addedReply && firstReply).toBeTruthy();

    // Once both are done the branch shows one reply; the sibling switch shows the other.
    const reply = chat.lastAssistant();
    await expect(chat.siblingPosition(reply)).toBeVisible();
    if ((await reply.getAttribute('data-message-id')) !== addedReply?.messageId) await chat.previousSibling(reply);
    await expect(reply).toHaveAttribute('data-message-id', addedReply?.messageId ?? '');

    const asks = recordAsks(page);
    await chat.regenerate(reply);
    await chat.waitForIdle();
    await expect.poll(() => asks.length).toBe(1);
    expect(asks[0]).toMatchObject({ endpoint: 'Simulator', model: 'sim-smart' });
    await expect
      .poll(async () => (await storedMessages(page, conversationId)).filter((m) => m.model === 'sim-smart').length)
      .toBe(2);
    // The header still asks its own model.
    await expect(page.getByTestId('model-picker-label').first()).toHaveText('sim-fast');

    // The header's reply is asked again of the header's model.
    const shown = chat.lastAssistant();
    await expect(chat.siblingPosition(shown)).toHaveText(/3/);
    for (let i = 0; i < 2 && (await shown.getAttribute('data-message-id')) !== firstReply?.messageId; i++)
      await chat.previousSibling(shown);
    await expect(shown).toHaveAttribute('data-message-id', firstReply?.messageId ?? '');
    await chat.regenerate(shown);
    await chat.waitForIdle();
    await expect.poll(() => asks.length).toBe(2);
    expect(asks[1]).toMatchObject({ endpoint: 'Simulator', model: 'sim-fast' });
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
    await expect(page.getByTestId('side-by-side-replies')).toHaveCount(0, { timeout: 30_000 });
    await chat.waitForIdle();
    const replies = (await storedMessages(page, conversationId)).filter(
      (m) => !m.isCreatedByUser && m.text.includes('word1 '),
    );
    expect(replies.map((m) => m.model).sort()).toEqual(['sim-fast', 'sim-smart']);
    expect(replies.every((m) => !m.unfinished && m.text.endsWith('word60'))).toBe(true);
  });
});
