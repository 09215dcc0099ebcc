import { expect, test, type Page } from '@playwright/test';
import { newAccount } from '../pages/accounts';
import { AppShell } from '../pages/app-shell';
import { ChatPage, CONVERSATION_URL, signUpToNewChat } from '../pages/chat-page';
import { RegisterPage } from '../pages/register-page';
import { SLOW_WORDS } from '../support/scripted-replies';

const SLOW_REPLY = SLOW_WORDS.join(' ');

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/**
 * Samples the reply's text until it stops streaming: every sample must be a prefix of the full
 * reply (nothing repeated, nothing skipped), and the last one the whole reply.
 */
async function expectStreamsCleanly(page: Page, chat: ChatPage, full: string): Promise<string[]> {
  const samples: string[] = [];
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const reply = chat.lastAssistant();
    if (await reply.count())
      samples.push(
        (
          await chat
            .textOf(reply)
            .innerText()
            .catch(() => '')
        ).trim(),
      );
    const isStreaming = (await page.locator('[data-streaming]').count()) > 0;
    if (!isStreaming && samples.length > 0 && samples.at(-1) === full) break;
    await page.waitForTimeout(50);
  }
  for (const sample of samples) expect(full.startsWith(sample), `"${sample}" is not a prefix of the reply`).toBe(true);
  expect(samples.at(-1)).toBe(full);
  return samples;
}

/**
 * Watches every DOM change from now until a second after the URL leaves /c/new, and answers the
 * fewest message rows seen once the first exchange's two rows were there.
 */
async function countMessagesUntilUrlMoves(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { fewestMessages: number };
    const count = () => document.querySelectorAll('[data-testid="message"]').length;
    // Counted from the moment both rows (the question and its reply) are on screen.
    let hasBoth = false;
    w.fewestMessages = Infinity;
    let movedAt = 0;
    const observer = new MutationObserver(() => {
      const rows = count();
      hasBoth ||= rows === 2;
      if (hasBoth) w.fewestMessages = Math.min(w.fewestMessages, rows);
      if (!movedAt && !location.pathname.endsWith('/new')) movedAt = performance.now();
      if (movedAt && performance.now() - movedAt > 1_000) observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { fewestMessages: number }).fewestMessages);
}

test.describe('chat', () => {
  test('a new user sends, stops, regenerates, edits into a second branch and switches branches', async ({ page }) => {
    const account = newAccount();
    const register = new RegisterPage(page);
    await register.goto();
    await register.register(account);
    await expect(page).toHaveURL(/\/c\/new$/, { timeout: 6_000 });
    await new AppShell(page).expectSignedIn(account.name);

    const chat = new ChatPage(page);
    await expect(chat.landing).toBeVisible();
    await chat.selectModel('Simulator', 'sim-fast');

    // Blank text cannot be sent.
    await expect(chat.sendButton).toBeDisabled();
    await chat.input.fill('   ');
    await expect(chat.sendButton).toBeDisabled();

    // First exchange: the reply streams, then the URL becomes the conversation's, with no frame
    // in which the messages blink out while it moves.
    const fewestWhileMoving = await countMessagesUntilUrlMoves(page);
    await chat.send('  Hello there  ');
    await expect(chat.textOf(chat.userMessages.first())).toHaveText('Hello there');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Hello there');
    await expect(page).toHaveURL(CONVERSATION_URL);
    await chat.waitForIdle();
    expect(await fewestWhileMoving()).toBe(2);
    const conversationUrl = page.url();

    // A slow reply, stopped half-way: the partial answer stays and Continue is offered.
    await chat.send('[[slow]] tell me a story');
    await expect(chat.stopButton).toBeVisible();
    await expect(chat.textOf(chat.lastAssistant())).toContainText('word8');
    await chat.stopButton.click();
    await chat.waitForIdle();
    // The stop button is gone; the keyboard stays in the input, not back at the page's start.
    await expect(chat.input).toBeFocused();
    const stopped = (await chat.textOf(chat.lastAssistant()).innerText()).trim();
    expect(SLOW_REPLY.startsWith(stopped)).toBe(true);
    expect(stopped.length).toBeLessThan(SLOW_REPLY.length);
    await expect(chat.lastAssistant().getByTestId('continue')).toBeVisible();
    await expect(page).toHaveURL(conversationUrl);

    // Regenerate: a second reply, shown as 2 / 2.
    await chat.regenerate(chat.lastAssistant());
    await expect(chat.stopButton).toBeVisible();
    await chat.waitForIdle();
    await expect(chat.textOf(chat.lastAssistant())).toHaveText(SLOW_REPLY);
    await expect(chat.siblingPosition(chat.lastAssistant())).toHaveText('2 / 2');
    await chat.previousSibling(chat.lastAssistant());
    await expect(chat.siblingPosition(chat.lastAssistant())).toHaveText('1 / 2');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText(stopped);
    await chat.nextSibling(chat.lastAssistant());
    await expect(chat.siblingPosition(chat.lastAssistant())).toHaveText('2 / 2');

    // Edit the first question and submit: a second branch from the start.
    await chat.edit(chat.userMessages.first(), 'Hello again');
    await chat.waitForIdle();
    await expect(chat.userMessages).toHaveCount(1);
    await expect(chat.textOf(chat.userMessages.first())).toHaveText('Hello again');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Hello again');
    const firstQuestion = chat.userMessages.first();
    await expect(chat.siblingPosition(firstQuestion)).toHaveText('2 / 2');

    await chat.previousSibling(firstQuestion);
    await expect(chat.siblingPosition(firstQuestion)).toHaveText('1 / 2');
    await expect(chat.textOf(firstQuestion)).toHaveText('Hello there');
    await expect(chat.userMessages).toHaveCount(2);
    await expect(chat.textOf(chat.lastAssistant())).toHaveText(SLOW_REPLY);
    await chat.nextSibling(firstQuestion);
    await expect(chat.siblingPosition(firstQuestion)).toHaveText('2 / 2');
    await expect(chat.userMessages.first().getByTestId('sibling-next')).toBeDisabled();

    // The chosen branch survives a reload.
    await chat.previousSibling(firstQuestion);
    await page.reload();
    await expect(chat.siblingPosition(chat.userMessages.first())).toHaveText('1 / 2');
    await expect(chat.textOf(chat.userMessages.first())).toHaveText('Hello there');
  });

  test('a reload in the middle of a stream picks the reply up with nothing repeated or missing', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('First, a quick one');
    await chat.waitForIdle();
    await expect(page).toHaveURL(CONVERSATION_URL);

    // Slower than [[slow]]: a reload on a busy CI machine once took longer than [[slow]]'s remaining 4 s.
    await chat.send('[[slower]] keep going');
    await expect(chat.textOf(chat.lastAssistant())).toContainText('word10');
    await page.reload();
    await expect(chat.userMessages.last()).toContainText('keep going');
    const samples = await expectStreamsCleanly(page, chat, SLOW_REPLY);
    // It was still streaming after the reload: at least one partial sample was seen.
    expect(samples.some((s) => s.length < SLOW_REPLY.length)).toBe(true);
    await chat.waitForIdle();
  });

  test('a reload of a brand-new chat mid-stream finds the conversation and continues', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('[[slow]] from scratch');
    await expect(chat.textOf(chat.lastAssistant())).toContainText('word6');
    await page.reload();
    await expect(page).toHaveURL(CONVERSATION_URL);
    await expectStreamsCleanly(page, chat, SLOW_REPLY);
  });

  test('markdown: tables, highlighted code with a copy button, math, no raw HTML', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('[[markdown]] <img src=x onerror="window.__pwned=1">');
    await chat.waitForIdle();
    const reply = chat.lastAssistant();
    await expect(reply.locator('table')).toBeVisible();
    await expect(reply.locator('th').first()).toHaveText('Name');
    await expect(reply.getByTestId('code-language')).toHaveText('ts');
    await expect(reply.locator('pre code .hljs-keyword').first()).toBeVisible();
    await expect(reply.locator('.katex').first()).toBeVisible();
    // User text is shown as typed, never as HTML.
    await expect(chat.textOf(chat.userMessages.last())).toContainText('<img src=x');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    const copy = reply.getByTestId('copy-code');
    await copy.click();
    await expect(copy).toHaveText('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const answer: number = 42;');
    await expect(copy).toHaveText('Copy code', { timeout: 4_000 });
  });

  test('reasoning shows in a collapsible Thoughts block', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('[[think]] what is it');
    await chat.waitForIdle();
    const reply = chat.lastAssistant();
    await expect(chat.textOf(reply)).toContainText('Thought it through.');
    await reply.getByTestId('thoughts-toggle').click();
    await expect(reply.getByTestId('thoughts-content')).toHaveText('Considering the question carefully.');
  });

  test('model errors are explained in words', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('[[error:invalid_api_key]]');
    await expect(chat.lastAssistant().getByTestId('message-error')).toContainText('Invalid API key');
    await chat.waitForIdle();
    await chat.send('[[error:content_filter]]');
    await expect(chat.lastAssistant().getByTestId('message-error')).toContainText('flagged by our moderation system');
  });

  test('a reply cut by the token limit can be continued', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('[[length]] write');
    await chat.waitForIdle();
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('This reply was cut');
    await chat.lastAssistant().getByTestId('continue').click();
    await chat.waitForIdle();
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('This reply was cutThis reply was cut');
    await expect(chat.assistantMessages).toHaveCount(1);
  });

  test('save-only edit changes the text in place', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('Original question');
    await chat.waitForIdle();
    await chat.edit(chat.userMessages.first(), 'Corrected question', 'save');
    await expect(chat.textOf(chat.userMessages.first())).toHaveText('Corrected question');
    await expect(chat.userMessages.first().getByTestId('sibling-switch')).toHaveCount(0);
    await page.reload();
    await expect(chat.textOf(chat.userMessages.first())).toHaveText('Corrected question');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Original question');
  });

  test('the URL query fills the input, picks the model and sends', async ({ page }) => {
    await signUpToNewChat(page);
    const chat = new ChatPage(page);
    await page.goto('/c/new?q=Hello%20from%20the%20URL&submit=true&endpoint=Simulator&model=sim-smart&temperature=0.5');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Hello from the URL');
    await expect(page.getByTestId('model-picker-label')).toHaveText('sim-smart');
    await expect(page).toHaveURL(CONVERSATION_URL);
    // What the URL sent is not left behind as a draft to send again (past the 750 ms draft save).
    await page.waitForTimeout(1_000);
    await page.reload();
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Hello from the URL');
    await expect(chat.input).toHaveValue('');

    await page.goto('/c/new?prompt=Just%20fill%20it');
    await expect(chat.input).toHaveValue('Just fill it');
    await expect(page).toHaveURL(/\/c\/new$/);
  });

  test('drafts survive a reload, Shift+Enter breaks the line', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.input.fill('A draft');
    await chat.input.press('Shift+Enter');
    await chat.input.pressSequentially('second line');
    await expect(chat.input).toHaveValue('A draft\nsecond line');
    await page.waitForTimeout(1_000);
    await page.reload();
    await expect(chat.input).toHaveValue('A draft\nsecond line');
  });

  test('a stream that does not open within 5.5 s shows the connection notice until it does', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    // Hold the request back for 6.5 s before it reaches the server.
    await page.route('**/api/ask/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      await route.continue();
    });
    await chat.send('Anyone there?');
    const notice = page.getByTestId('stream-error-notice');
    await expect(notice).toBeHidden();
    await expect(notice).toHaveText('Error connecting to server, try refreshing the page.', { timeout: 7_000 });
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Anyone there?', { timeout: 10_000 });
    await expect(notice).toBeHidden();
  });

  test('a send the server never receives comes back to the input, and Regenerate sends it again', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    const refuseSends = () => page.route('**/api/ask/**', (route) => route.abort('connectionrefused'));

    // In a new chat: Regenerate creates the conversation the failed send could not.
    await refuseSends();
    await chat.send('hi');
    await expect(chat.lastAssistant()).toContainText('Error connecting to server');
    await expect(chat.input).toHaveValue('hi');
    await page.unroute('**/api/ask/**');
    await chat.regenerate(chat.lastAssistant());
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: hi');
    await expect(page).toHaveURL(CONVERSATION_URL);
    await chat.waitForIdle();

    // In a conversation: the text is not stored anywhere yet, so the input holds it again.
    await refuseSends();
    await chat.send('my important question');
    const failed = chat.lastAssistant();
    await expect(failed).toContainText('Error connecting to server');
    await expect(chat.input).toHaveValue('my important question');
    await page.unroute('**/api/ask/**');
    await chat.regenerate(failed);
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: my important question');
    await chat.waitForIdle();
    await expect(chat.input).toHaveValue('');
    await page.reload();
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: my important question');
    await expect(chat.assistantMessages).toHaveCount(2);
    await expect(chat.input).toHaveValue('');
  });

  test('the message box shows when it has the keyboard focus', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    const box = page.getByTestId('chat-box');
    await chat.input.blur();
    await expect(box).toHaveCSS('border-top-color', 'rgb(229, 229, 229)');
    await chat.input.focus();
    // The controls' outline grey (--line-control): 3:1 against the white page, where the resting border is 1.3:1.
    await expect(box).toHaveCSS('border-top-color', 'rgb(143, 143, 143)');
    await page.getByTestId('paste-button').focus();
    await expect(box).toHaveCSS('border-top-color', 'rgb(229, 229, 229)');
  });

  test('stop pressed before the server answers still stops the generation', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await page.route('**/api/ask/custom', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await chat.send('[[slow]] never mind');
    await chat.stopButton.click();
    await chat.waitForIdle();
    await expect(page).toHaveURL(CONVERSATION_URL);
    const text = (await chat.textOf(chat.lastAssistant()).innerText()).trim();
    expect(text.length).toBeLessThan(SLOW_REPLY.length / 2);
    await expect(chat.lastAssistant().getByTestId('continue')).toBeVisible();
  });

  test('an unknown conversation shows the not-found view', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await page.goto('/c/0b1f6a8e-5e0c-4c1e-9a51-8f4f1d0f0000');
    await expect(chat.notFound).toBeVisible();
    await chat.notFound.getByRole('link').click();
    await expect(page).toHaveURL(/\/c\/new$/);
  });
});
