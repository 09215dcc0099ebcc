import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { CONVERSATION_URL, signUpToNewChat, type ChatPage } from '../pages/chat-page';
import { accessToken, conversationIdOf } from '../pages/memes';
import { Sidebar } from '../pages/sidebar';
import { chooseOption } from '../support/select';

type ForkOption = 'directPath' | 'includeBranches' | 'targetLevel';

const Q1 = 'First question';
const Q2 = 'Second question';
const Q3 = 'Third question';
const Q2_EDITED = 'Second, edited';
const Q4 = 'Fourth question';
const echo = (text: string) => `Echo: ${text}`;

/**
 * A conversation with a branch: Q1 → A1 → { Q2 → A2 → Q3 → A3, Q2' → A2' → Q4 → A4 }, the
 * edited branch on screen. Forks are taken from A2', in the middle of what shows.
 */
async function buildBranchedConversation(page: Page): Promise<{ chat: ChatPage; sourceId: string }> {
  const chat = await signUpToNewChat(page);
  await chat.selectModel('Simulator', 'sim-fast');
  for (const question of [Q1, Q2, Q3]) {
    await chat.send(question);
    await chat.waitForIdle();
    await expect(chat.textOf(chat.lastAssistant())).toHaveText(echo(question));
  }
  await chat.edit(chat.userMessages.nth(1), Q2_EDITED);
  await chat.waitForIdle();
  await expect(chat.textOf(chat.lastAssistant())).toHaveText(echo(Q2_EDITED));
  await chat.send(Q4);
  await chat.waitForIdle();
  await expect(chat.textOf(chat.lastAssistant())).toHaveText(echo(Q4));
  await expect(chat.messages).toHaveCount(6);
  return { chat, sourceId: await conversationIdOf(page) };
}

/** The reply the forks start from. */
const forkTarget = (chat: ChatPage) => chat.messageWithText(echo(Q2_EDITED));

/** Clicks a message's Fork action (and an option when the popover asks); returns the new conversation's id. */
async function forkFrom(page: Page, message: Locator, option?: ForkOption): Promise<string> {
  const sourceUrl = page.url();
  await message.hover();
  await message.getByTestId('fork-message').click();
  if (option) await page.getByTestId(`fork-option-${option}`).click();
  await expect(page).not.toHaveURL(sourceUrl);
  await expect(page).toHaveURL(CONVERSATION_URL);
  await expect(page.getByTestId('toast').filter({ hasText: 'Conversation forked' })).toBeVisible();
  return conversationIdOf(page);
}

/** The texts of a conversation's stored messages, sorted (GET /api/messages/:id). */
async function storedTexts(page: Page, conversationId: string): Promise<string[]> {
  const res = await page.request.get(`/api/messages/${conversationId}`, {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { text: string }[]).map((m) => m.text).sort();
}

/** The texts of the messages on screen, in order. */
async function visibleTexts(chat: ChatPage): Promise<string[]> {
  return (await chat.messages.getByTestId('message-text').allInnerTexts()).map((text) => text.trim());
}

async function openChatSettings(page: Page): Promise<Locator> {
  const dialog = await new AppShell(page).openSettings();
  await dialog.getByRole('tab', { name: 'Chat' }).click();
  return dialog;
}

test.describe('fork from a message', () => {
  test.setTimeout(120_000);

  test('each option copies what it says, opens the copy with a toast and lists it in the sidebar', async ({ page }) => {
    const { chat, sourceId } = await buildBranchedConversation(page);
    const sidebar = new Sidebar(page);

    // The popover offers the three options with their explanations, and the two fork settings.
    await forkTarget(chat).hover();
    await forkTarget(chat).getByTestId('fork-message').click();
    const menu = page.getByTestId('fork-menu');
    await expect(menu.getByTestId('fork-option-directPath')).toContainText('Visible messages only');
    await expect(menu.getByTestId('fork-option-includeBranches')).toContainText('Include related branches');
    await expect(menu.getByTestId('fork-option-targetLevel')).toContainText('Include all to/from here');
    await expect(menu.getByTestId('fork-split-target')).toHaveText('Start fork here');
    await expect(menu.getByTestId('fork-remember')).toHaveText('Remember');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Visible messages only: the path to the target, nothing of the other branch.
    const visibleId = await forkFrom(page, forkTarget(chat), 'directPath');
    expect(visibleId).not.toBe(sourceId);
    await expect(chat.messages).toHaveCount(4);
    expect(await visibleTexts(chat)).toEqual([Q1, echo(Q1), Q2_EDITED, echo(Q2_EDITED)]);
    expect(await storedTexts(page, visibleId)).toEqual([Q1, echo(Q1), Q2_EDITED, echo(Q2_EDITED)].sort());
    await expect(chat.siblingPosition(chat.userMessages.nth(1))).toBeHidden();
    await expect(sidebar.rowById(visibleId)).toBeVisible();
    await expect(sidebar.rowById(sourceId)).toBeVisible();

    // Include related branches: the path plus the other version of the second question, without its reply.
    await chat.goto(sourceId);
    const branchesId = await forkFrom(page, forkTarget(chat), 'includeBranches');
    expect(await storedTexts(page, branchesId)).toEqual([Q1, echo(Q1), Q2, Q2_EDITED, echo(Q2_EDITED)].sort());
    await expect(chat.messages).toHaveCount(4);
    await expect(chat.siblingPosition(chat.userMessages.nth(1))).toHaveText('2 / 2');
    await chat.previousSibling(chat.userMessages.nth(1));
    await expect(chat.messages).toHaveCount(3);
    expect(await visibleTexts(chat)).toEqual([Q1, echo(Q1), Q2]);
    await expect(sidebar.rowById(branchesId)).toBeVisible();

    // Include all to/from here: every branch down to the target's level.
    await chat.goto(sourceId);
    const allId = await forkFrom(page, forkTarget(chat), 'targetLevel');
    expect(await storedTexts(page, allId)).toEqual([Q1, echo(Q1), Q2, echo(Q2), Q2_EDITED, echo(Q2_EDITED)].sort());
    await chat.previousSibling(chat.userMessages.nth(1));
    await expect.poll(() => visibleTexts(chat)).toEqual([Q1, echo(Q1), Q2, echo(Q2)]);
    await expect(sidebar.rowById(allId)).toBeVisible();

    // The source conversation is untouched.
    expect(await storedTexts(page, sourceId)).toHaveLength(10);
  });

  test('"Start fork here" starts at the target; "Remember" forks at once next time and shows in Settings', async ({
    page,
  }) => {
    const { chat, sourceId } = await buildBranchedConversation(page);

    // Start fork here, visible messages only: from the target down to the latest message.
    await forkTarget(chat).hover();
    await forkTarget(chat).getByTestId('fork-message').click();
    await page.getByTestId('fork-split-target').click();
    await expect(page.getByTestId('fork-split-target')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('fork-option-directPath').click();
    await expect(page).toHaveURL(CONVERSATION_URL);
    await expect(page).not.toHaveURL(new RegExp(sourceId));
    const splitId = await conversationIdOf(page);
    expect(await storedTexts(page, splitId)).toEqual([echo(Q2_EDITED), Q4, echo(Q4)].sort());
    expect(await visibleTexts(chat)).toEqual([echo(Q2_EDITED), Q4, echo(Q4)]);
    expect(await page.evaluate(() => localStorage.getItem('splitAtTarget'))).toBe('true');

    // Start fork here is a stored setting: Settings shows it, and turning it off there holds.
    let settings = await openChatSettings(page);
    await expect(settings.getByTestId('settings-switch-splitAtTarget')).toHaveAttribute('aria-checked', 'true');
    await settings.getByTestId('settings-switch-splitAtTarget').click();
    await expect(settings.getByTestId('settings-switch-rememberDefaultFork')).toHaveAttribute('aria-checked', 'false');
    await expect(settings.getByTestId('fork-setting-select')).toBeHidden();
    await page.keyboard.press('Escape');

    // Remember: the option chosen with it is kept.
    await chat.goto(sourceId);
    await forkTarget(chat).hover();
    await forkTarget(chat).getByTestId('fork-message').click();
    await expect(page.getByTestId('fork-split-target')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('fork-remember').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Your choice will be remembered' })).toBeVisible();
    await page.getByTestId('fork-option-includeBranches').click();
    await expect(page).not.toHaveURL(new RegExp(sourceId));
    const rememberedId = await conversationIdOf(page);
    expect(await storedTexts(page, rememberedId)).toHaveLength(5);
    expect(
      await page.evaluate(() => [localStorage.getItem('forkSetting'), localStorage.getItem('rememberDefaultFork')]),
    ).toEqual(['"includeBranches"', 'true']);

    // Next time, after a reload, the Fork button forks at once with the remembered option.
    await chat.goto(sourceId);
    await page.reload();
    const onceId = await forkFrom(page, forkTarget(chat));
    await expect(page.getByTestId('fork-menu')).toHaveCount(0);
    expect(await storedTexts(page, onceId)).toEqual([Q1, echo(Q1), Q2, Q2_EDITED, echo(Q2_EDITED)].sort());

    // Settings → Chat shows the remembered option, and a change there is what the button uses.
    settings = await openChatSettings(page);
    await expect(settings.getByTestId('settings-switch-rememberDefaultFork')).toHaveAttribute('aria-checked', 'true');
    await expect(settings.getByTestId('fork-setting-select')).toHaveAttribute('data-value', 'includeBranches');
    await chooseOption(settings.getByTestId('fork-setting-select'), 'directPath');
    await page.keyboard.press('Escape');
    await chat.goto(sourceId);
    const directId = await forkFrom(page, forkTarget(chat));
    expect(await storedTexts(page, directId)).toHaveLength(4);
  });
});

test.describe('chat footer', () => {
  test('shows the app name and version under the input, and hides with the Show footer setting', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    const footer = page.getByTestId('chat-footer');
    await expect(footer).toHaveText(/^Confab v\d+\.\d+\.\d+ — /);
    await expect(footer.getByRole('link')).toHaveCount(0);

    const settings = await openChatSettings(page);
    await settings.getByTestId('settings-switch-showFooter').click();
    await page.keyboard.press('Escape');
    await expect(footer).toBeHidden();
    await page.reload();
    await expect(chat.input).toBeVisible();
    await expect(footer).toBeHidden();
  });

  test('a custom footer is markdown whose http(s) links open in a new tab; a javascript: link is only text', async ({
    page,
  }) => {
    // The e2e server has one config for all tests: this one adds a custom footer and a privacy link to it.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { interface: Record<string, unknown> };
      config.interface.customFooter =
        '[Docs](https://docs.example.com/start) | [Evil](javascript:alert(document.cookie)) | Run by **Example Org**';
      config.interface.privacyPolicy = { externalUrl: 'https://example.com/privacy', openNewTab: true };
      await route.fulfill({ response, json: config });
    });
    await signUpToNewChat(page);
    const footer = page.getByTestId('chat-footer');

    const docs = footer.getByRole('link', { name: 'Docs' });
    await expect(docs).toHaveAttribute('href', 'https://docs.example.com/start');
    await expect(docs).toHaveAttribute('target', '_blank');
    await expect(docs).toHaveAttribute('rel', /noopener/);

    await expect(footer.getByText('Evil', { exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Evil' })).toHaveCount(0);
    await expect(footer.locator('[href^="javascript"]')).toHaveCount(0);
    await expect(footer.locator('strong')).toHaveText('Example Org');
    await expect(footer).not.toContainText('Confab v');

    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      'https://example.com/privacy',
    );
  });
});
