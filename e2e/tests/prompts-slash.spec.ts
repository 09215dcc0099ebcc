import { expect, test, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { signUpToNewChat, type ChatPage } from '../pages/chat-page';
import { accessToken } from '../pages/memes';

interface CreatedPrompt {
  prompt: { _id: string; groupId: string };
  group?: { _id: string };
}

/** POST /api/prompts as the page's user: a new group with its first version, or a new version. */
async function createPrompt(page: Page, body: Record<string, unknown>): Promise<CreatedPrompt> {
  const res = await page.request.post('/api/prompts', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: body,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as CreatedPrompt;
}

async function api(page: Page, method: 'GET' | 'PATCH', path: string): Promise<Record<string, unknown>> {
  const res = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

/** SPEC 5's current_date as the browser's clock and time zone see it. */
const todayInPage = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

const popover = (page: Page) => page.getByTestId('prompt-command-popover');
const options = (page: Page) => page.getByTestId('prompt-command-option');

/** Types "/query" into an empty input and waits for the list, refreshed from the server. */
async function openSlash(page: Page, chat: ChatPage, query: string): Promise<void> {
  await chat.input.fill('');
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/prompts/all') && r.ok());
  await chat.input.pressSequentially(`/${query}`);
  await refreshed;
  await expect(popover(page)).toBeVisible();
}

async function openSettingsTab(page: Page, tab: 'chat' | 'commands') {
  const dialog = await new AppShell(page).openSettings();
  await dialog.getByTestId(`settings-tab-${tab}`).click();
  return dialog;
}

/**
 * Issue 36 point 3: the "/" command lists the user's prompts, inserts the production version with
 * its variables asked in a dialog and `{{current_date}}` filled in, follows a new production
 * version, and with "auto-send prompts" sends the prompt at once. Point 4 and 5: the "+" command
 * and the Commands tab's toggles.
 */
test.describe('the "/" command', () => {
  test('inserts a prompt with its variables filled, counts the use, and follows the production version', async ({
    page,
  }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    const weekly = await createPrompt(page, {
      prompt: {
        prompt: 'Report for {{team}} on {{current_date}}, tone {{tone:formal|casual}}. Thanks, {{team}}.',
        type: 'text',
      },
      group: { name: 'Weekly report', command: 'weekly', oneliner: 'Status for the team' },
    });
    await createPrompt(page, {
      prompt: { prompt: 'Translate this into French.', type: 'text' },
      group: { name: 'Translator', command: 'translate', oneliner: 'Into French' },
    });
    const groupId = weekly.prompt.groupId;

    // A bare "/" lists both (beside any prompt another test shared with everyone); typing filters
    // by command and name.
    await chat.input.pressSequentially('/');
    await expect(options(page).filter({ hasText: 'Weekly report' })).toHaveCount(1);
    await expect(options(page).filter({ hasText: 'Translator' })).toHaveCount(1);
    await chat.input.pressSequentially('wee');
    await expect(options(page)).toHaveCount(1);
    const row = options(page).first();
    await expect(row.getByTestId('prompt-command-command')).toHaveText('/weekly');
    await expect(row.getByTestId('prompt-command-name')).toHaveText('Weekly report');
    await expect(row.getByTestId('prompt-command-oneliner')).toHaveText('Status for the team');
    await chat.input.press('Enter');

    // The variables dialog: "team" asked once, "tone" as a choice.
    const dialog = page.getByTestId('prompt-variables-dialog');
    await expect(dialog).toBeVisible();
    await expect(popover(page)).toBeHidden();
    const team = dialog.getByLabel('team');
    await expect(team).toBeFocused();
    await expect(dialog.getByTestId('prompt-variable-input-1')).toHaveCount(0);
    await team.fill('Platform');
    await dialog.getByLabel('tone').click();
    await page.getByRole('option', { name: 'casual' }).click();
    await expect(dialog.getByTestId('prompt-variables-preview')).toContainText('Report for Platform on');
    await dialog.getByTestId('prompt-variables-submit').click();
    await expect(dialog).toBeHidden();

    const today = await todayInPage(page);
    const filled = `Report for Platform on ${today}, tone casual. Thanks, Platform.`;
    await expect(chat.input).toHaveValue(filled);
    await expect(chat.input).toBeFocused();
    await chat.input.press('Enter');
    await expect(chat.textOf(chat.userMessages.last())).toHaveText(filled);
    // The dialog's submit went no further than the dialog: one message, the filled one.
    await expect(chat.userMessages).toHaveCount(1);
    await chat.waitForIdle();
    await expect
      .poll(async () => (await api(page, 'GET', `/api/prompts/groups/${groupId}`)).numberOfGenerations)
      .toBe(1);

    // A second version, made production through the API: "/" now inserts it.
    const second = await createPrompt(page, {
      prompt: { prompt: 'Version two by {{current_user}}.', type: 'text', groupId },
    });
    await api(page, 'PATCH', `/api/prompts/${second.prompt._id}/tags/production`);
    const me = await api(page, 'GET', '/api/user');
    await openSlash(page, chat, 'weekly');
    await expect(options(page)).toHaveCount(1);
    await chat.input.press('Enter');
    // No variable to ask: inserted at once, the user's name filled in.
    await expect(page.getByTestId('prompt-variables-dialog')).toBeHidden();
    await expect(chat.input).toHaveValue(`Version two by ${String(me.name)}.`);
  });

  test('with auto-send on, a chosen prompt goes out at once', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await createPrompt(page, {
      prompt: { prompt: 'News of {{current_date}}, please.', type: 'text' },
      group: { name: 'Daily news', command: 'news' },
    });

    const settings = await openSettingsTab(page, 'chat');
    const autoSend = settings.getByTestId('settings-switch-autoSendPrompts');
    await expect(autoSend).toHaveAttribute('aria-checked', 'false');
    await autoSend.click();
    await expect(autoSend).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');

    await openSlash(page, chat, 'news');
    await chat.input.press('Enter');
    await expect(chat.textOf(chat.userMessages.last())).toHaveText(`News of ${await todayInPage(page)}, please.`);
    await expect(chat.input).toHaveValue('');
    await chat.waitForIdle();
  });

  test('the Commands tab turns "/" off and on; "+" opens the list of models to add', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');

    const settings = await openSettingsTab(page, 'commands');
    const slash = settings.getByTestId('settings-switch-slashCommand');
    await expect(slash).toHaveAttribute('aria-checked', 'true');
    await expect(settings.getByTestId('settings-switch-atCommand')).toHaveAttribute('aria-checked', 'true');
    await expect(settings.getByTestId('settings-switch-plusCommand')).toHaveAttribute('aria-checked', 'true');
    await slash.click();
    await expect(slash).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
    await chat.input.pressSequentially('/');
    await expect(chat.input).toHaveValue('/');
    await expect(popover(page)).toBeHidden();

    await openSettingsTab(page, 'commands');
    await slash.click();
    await expect(slash).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await chat.input.fill('');
    await chat.input.pressSequentially('/zz-no-such-prompt');
    await expect(popover(page)).toBeVisible();
    // Nothing matches: the list says so, and Escape closes it.
    await expect(page.getByTestId('prompt-command-empty')).toBeVisible();
    await chat.input.press('Escape');
    await expect(popover(page)).toBeHidden();

    // "+" at the start: the models to add beside the header's; a choice adds it, as the header's "+" does.
    await chat.input.fill('');
    await chat.input.pressSequentially('+sim-sm');
    const plus = page.getByTestId('plus-command-popover');
    await expect(plus).toBeVisible();
    await expect(page.getByTestId('plus-command-option')).toHaveCount(1);
    await chat.input.press('Enter');
    await expect(plus).toBeHidden();
    await expect(chat.input).toHaveValue('');
    await expect(page.getByTestId('added-model-selector').getByTestId('model-picker-label')).toHaveText('sim-smart');
    await expect(page.getByTestId('model-picker-label').first()).toHaveText('sim-fast');
  });
});
