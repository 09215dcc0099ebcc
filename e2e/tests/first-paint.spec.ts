import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { ChatPage } from '../pages/chat-page';
import { accessToken } from '../pages/memes';
import {
  FIRST_PAINT_RECORDER,
  READ_FIRST_PAINT,
  firstFrameWith,
  rawMarkdownFrames,
  type FirstPaintRecord,
} from '../support/first-paint';
import { MARKDOWN_REPLY } from '../support/scripted-replies';
import { exchange, seedConversation } from '../support/seed-conversations';

/** Issue 35: the cumulative layout shift a load may add up to. */
const CLS_LIMIT = 0.02;

/**
 * Signs a new user in with what makes a first paint busy: a bookmark (the sidebar's bookmark row)
 * and a few conversations in the sidebar.
 */
async function signIn(page: Page): Promise<{ userId: string; token: string }> {
  const { userId } = await registerViaApi(page.request);
  const token = await accessToken(page);
  const tag = await page.request.post('/api/tags', {
    headers: { Authorization: `Bearer ${token}` },
    data: { tag: 'Work' },
  });
  expect(tag.ok()).toBe(true);
  for (const title of ['Lisbon trip', 'Refactor hooks', 'OKR draft'])
    seedConversation({ userId, title, messages: exchange(`About ${title}`, 'Some answer.') });
  return { userId, token };
}

/**
 * Navigates (a full load: cold on a new page, warm after one) and reads the frames once the page
 * has settled: `shown` visible, the network quiet, the fonts in, ten more frames.
 */
async function loadAndSettle(page: Page, path: string, shown: (page: Page) => Locator[]): Promise<FirstPaintRecord> {
  await page.goto(path);
  for (const locator of shown(page)) await expect(locator).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Ten more frames for what the last answers set off.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let frames = 0;
        const next = () => (++frames >= 10 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );
  return (await page.evaluate(READ_FIRST_PAINT)) as FirstPaintRecord;
}

const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];

test.describe('first paint', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(FIRST_PAINT_RECORDER);
  });

  test('a reply with a table, code and math is formatted from the first frame that shows it, cold and warm, and nothing shifts', async ({
    page,
  }) => {
    const { userId } = await signIn(page);
    const { conversationId } = seedConversation({
      userId,
      title: 'Formatted reply',
      messages: exchange('Show me a table, code and math', MARKDOWN_REPLY),
    });
    for (const load of ['cold', 'warm']) {
      const record = await loadAndSettle(page, `/c/${conversationId}`, (p) => [
        new ChatPage(p).lastAssistant().locator('.katex').first(),
      ]);
      expect(firstFrameWith(record, 'alpha'), `${load}: the reply never showed`).not.toBeNull();
      expect(rawMarkdownFrames(record, 'alpha'), `${load}: frames showing markdown as typed`).toEqual([]);
      expect(record.cls, `${load}: ${JSON.stringify(record.shifts)}`).toBeLessThanOrEqual(CLS_LIMIT);
    }
    const reply = new ChatPage(page).lastAssistant();
    await expect(reply.locator('th').first()).toHaveText('Name');
    await expect(reply.locator('pre code .hljs-keyword').first()).toBeVisible();
    await expect(reply.locator('.katex').first()).toBeVisible();
  });

  test("an agent's chat names the agent from the first frame with a name, never another model, and nothing shifts", async ({
    page,
  }) => {
    const { userId, token } = await signIn(page);
    const created = await page.request.post('/api/agents', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'Travel planner', provider: 'openAI', model: 'gpt-4o' },
    });
    expect(created.ok()).toBe(true);
    const agent = (await created.json()) as { id: string };
    const { conversationId } = seedConversation({
      userId,
      title: 'Planned trip',
      endpoint: 'agents',
      model: 'gpt-4o',
      settings: { agent_id: agent.id },
      messages: exchange('Plan a day in Lisbon', 'Start at **Belém**, then take the tram up to Alfama.'),
    });

    const record = await loadAndSettle(page, `/c/${conversationId}`, (p) => [
      new ChatPage(p).lastAssistant().getByText('Alfama'),
      p.getByTestId('model-picker-label').filter({ hasText: 'Travel planner' }),
    ]);
    expect(distinct(record.frames.map((f) => f.label))).toEqual(['Travel planner']);
    const placeholders = distinct(record.frames.map((f) => f.placeholder));
    // Neutral until the agent is known, then its name.
    expect(placeholders.filter((p) => p !== 'Send a message')).toEqual(['Message Travel planner']);
    expect(record.frames.at(-1)?.placeholder).toBe('Message Travel planner');
    expect(record.cls, JSON.stringify(record.shifts)).toBeLessThanOrEqual(CLS_LIMIT);
  });

  test('a new chat shows its model once, as it starts, and nothing shifts', async ({ page }) => {
    await signIn(page);
    const record = await loadAndSettle(page, '/c/new', (p) => [p.getByTestId('model-picker-label')]);
    expect(distinct(record.frames.map((f) => f.label))).toHaveLength(1);
    expect(record.cls, JSON.stringify(record.shifts)).toBeLessThanOrEqual(CLS_LIMIT);
  });
});
