import { expect, test, type Page } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { ChatPage } from '../pages/chat-page';
import { seedConversation } from '../support/seed-conversations';

/** Model output an attacker controls (a prompt injection, a hostile import): none of it may run. */
const HOSTILE_REPLY = [
  'Echo: <script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 1">',
  '',
  '[click me](javascript:window.__pwned=1) [data](data:text/html,<script>alert(1)</script>) <javascript:alert(1)>',
  '',
  '$\\href{javascript:window.__pwned=1}{formula}$',
  '',
  `${'- '.repeat(1000)}deepest item`,
  '',
  `${'> '.repeat(1000)}deepest quote`,
  '',
  `${'*'.repeat(16_000)}deepest emphasis${'*'.repeat(16_000)}`,
].join('\n');

/** Fails the test on any dialog, a payload's flag, or a link other than http(s)/mailto. */
async function expectNothingRan(page: Page, dialogs: string[]): Promise<void> {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  const hrefs = await page
    .locator('[data-testid="message"] a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const href of hrefs) expect(href).toMatch(/^(https?:|mailto:)/);
  await expect(
    page.locator('[data-testid="message"] :is(script, iframe, object, embed, [onerror], [onload])'),
  ).toHaveCount(0);
}

test.describe('hostile content', () => {
  test('a reply with scripts, unsafe links and markdown nested 1000 deep renders as text, in the chat and on its shared page', async ({
    page,
    browser,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const { userId } = await registerViaApi(page.request);
    const { conversationId } = seedConversation({
      userId,
      title: '<img src=x onerror="window.__pwned = 1">',
      messages: [
        { text: 'Repeat after me', isCreatedByUser: true },
        { text: HOSTILE_REPLY, isCreatedByUser: false },
      ],
    });
    const chat = new ChatPage(page);
    await chat.goto(conversationId);
    const reply = chat.assistantMessages.last();
    // Nested a thousand levels deep, the page used to crash once the markdown renderer (a lazy
    // chunk: until then the text shows as typed) overflowed the stack.
    await expect(reply.locator('.markdown blockquote').first()).toBeVisible();
    await expect(reply).toContainText('deepest item');
    await expect(reply).toContainText('deepest quote');
    // 8,000 nested emphases froze the tab for half a minute before they were capped.
    await expect(reply).toContainText('deepest emphasis');
    await expect(reply).toContainText('click me');
    await expect(page).toHaveTitle(/<img src=x onerror/);
    expect(await reply.locator('ul').count()).toBeLessThanOrEqual(12);
    expect(await reply.locator('blockquote').count()).toBeLessThanOrEqual(24);
    // The flattened quote stays inside the message column.
    const column = await reply.boundingBox();
    const quote = await reply.getByText('deepest quote').boundingBox();
    expect(quote && column && quote.x + quote.width <= column.x + column.width + 1).toBe(true);
    await expectNothingRan(page, dialogs);

    const shareId = await page.evaluate(async (id) => {
      const { token } = (await (
        await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' })
      ).json()) as { token: string };
      const res = await fetch(`/api/share/${id}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      return ((await res.json()) as { shareId: string }).shareId;
    }, conversationId);

    const visitor = await browser.newContext();
    try {
      const guest = await visitor.newPage();
      const guestDialogs: string[] = [];
      guest.on('dialog', (dialog) => {
        guestDialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await guest.goto(`/share/${shareId}`);
      await expect(guest.getByTestId('share-title')).toHaveText('<img src=x onerror="window.__pwned = 1">');
      const shared = guest.locator('[data-testid="message"]').last();
      await expect(shared.locator('.markdown blockquote').first()).toBeVisible();
      await expect(shared).toContainText('deepest item');
      await expect(shared).toContainText('deepest emphasis');
      await expectNothingRan(guest, guestDialogs);
    } finally {
      await visitor.close();
    }
  });
});
