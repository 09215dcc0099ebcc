import { expect, test, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { CONVERSATION_URL, signUpToNewChat } from '../pages/chat-page';
import { ApiKeyDialog, ModelSelector, ParametersPanel, PresetsManager } from '../pages/model-selector';

/** Calls the API with the page's session (the access token comes from a refresh). */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    const { token } = (await refresh.json()) as { token: string };
    const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    return (await res.json()) as T;
  }, path) as Promise<T>;
}

function conversationIdOf(page: Page): string {
  const id = new URL(page.url()).pathname.split('/').pop();
  if (!id) throw new Error('no conversation id in the URL');
  return id;
}

const toasts = (page: Page) => page.getByTestId('toast');

test.describe('models, keys and presets', () => {
  test('a user brings their own key, chats with it, sees its expiry and revokes it', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    const selector = new ModelSelector(page);
    await selector.chooseModel('BringYourKey', 'byok-model');

    // No key yet: an inline prompt instead of a working send button (SPEC 4).
    const prompt = page.getByTestId('key-required');
    await expect(prompt).toContainText('BringYourKey uses your own API key');
    await chat.input.fill('Hello with my key');
    await expect(chat.sendButton).toBeDisabled();

    // Empty fields block submission with the SPEC 5 toast; the dialog stays open.
    await prompt.getByTestId('key-required-set').click();
    const dialog = new ApiKeyDialog(page);
    await expect(dialog.root).toBeVisible();
    await expect(dialog.status).toHaveAttribute('data-state', 'none');
    await expect(dialog.expiry).toHaveValue('12h');
    await dialog.submitButton.click();
    await expect(toasts(page).filter({ hasText: 'The following fields are required: API Key' })).toBeVisible();
    await expect(dialog.root).toBeVisible();

    // A wrong key is refused by the provider: the error offers the key dialog.
    await dialog.save('sk-wrong');
    await expect(prompt).toBeHidden();
    await chat.send('Hello with a wrong key');
    const error = chat.lastAssistant().getByTestId('message-error');
    await expect(error).toContainText('Invalid key provided');
    await chat.waitForIdle();
    await error.getByTestId('key-error-action').click();
    await expect(dialog.root).toBeVisible();
    await expect(dialog.status).toHaveAttribute('data-state', 'expires');

    // The right key, for 7 days: the chat works.
    const before = Date.now();
    await dialog.save('sk-e2e', '7d');
    await chat.send('Hello with my key');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Hello with my key');
    await chat.waitForIdle();
    const { expiresAt } = await api<{ expiresAt: string }>(page, '/api/keys?name=BringYourKey');
    const sevenDays = 7 * 24 * 60 * 60 * 1000;
    expect(Date.parse(expiresAt) - before).toBeGreaterThan(sevenDays - 60_000);
    expect(Date.parse(expiresAt) - before).toBeLessThan(sevenDays + 60_000);

    // The dialog (from the selector's key button) shows that expiry, then revokes the key.
    const again = await selector.openKeyDialog('BringYourKey');
    await expect(again.status).toHaveAttribute('data-state', 'expires');
    await expect(again.status).toContainText('Expires');
    await again.revokeButton.click();
    await expect(again.status).toHaveAttribute('data-state', 'none');
    await expect(again.status).toContainText('No key set yet');
    await again.close();
    await expect(prompt).toBeVisible();
    await chat.input.fill('One more?');
    await expect(chat.sendButton).toBeDisabled();
  });

  test('Settings → Data revokes every key after a confirmation, and the key prompt returns at once', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    const selector = new ModelSelector(page);
    await selector.chooseModel('BringYourKey', 'byok-model');
    const prompt = page.getByTestId('key-required');
    await prompt.getByTestId('key-required-set').click();
    await new ApiKeyDialog(page).save('sk-e2e', '7d');
    await expect(prompt).toBeHidden();

    const settings = await new AppShell(page).openSettings();
    await settings.getByTestId('settings-tab-data').click();
    await settings.getByTestId('revoke-all-keys').click();
    const confirm = page.getByTestId('revoke-all-keys-dialog');
    // Cancel keeps the key.
    await confirm.getByTestId('confirm-cancel').click();
    await expect(confirm).toBeHidden();
    const kept = await api<{ expiresAt: string | null }>(page, '/api/keys?name=BringYourKey');
    expect(typeof kept.expiresAt).toBe('string');

    await settings.getByTestId('revoke-all-keys').click();
    await confirm.getByTestId('confirm-action').click();
    await expect(confirm).toBeHidden();
    await expect(toasts(page).filter({ hasText: 'All API keys were revoked' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    // No reload: the prompt and the disabled send come back from the invalidated key status.
    await expect(prompt).toBeVisible();
    await chat.input.fill('Still there?');
    await expect(chat.sendButton).toBeDisabled();
    const gone = await api<{ expiresAt: string | null }>(page, '/api/keys?name=BringYourKey');
    expect(gone.expiresAt).toBeNull();
  });

  test('switching models keeps the conversation (modular chat); with it off another endpoint starts a new chat', async ({
    page,
  }) => {
    const chat = await signUpToNewChat(page);
    const selector = new ModelSelector(page);
    await selector.chooseModel('Simulator', 'sim-fast');
    await chat.send('First question');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: First question');
    await chat.waitForIdle();
    await expect(page).toHaveURL(CONVERSATION_URL);
    const conversationUrl = page.url();
    const conversationId = conversationIdOf(page);

    // Same endpoint: the conversation stays, and the next reply comes from the new model.
    await selector.chooseModel('Simulator', 'sim-smart');
    await expect(page).toHaveURL(conversationUrl);
    await expect(chat.userMessages).toHaveCount(1);
    await chat.send('Second question');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Second question');
    await chat.waitForIdle();
    const messages = await api<{ isCreatedByUser: boolean; model: string | null }[]>(
      page,
      `/api/messages/${conversationId}`,
    );
    expect(messages.filter((m) => !m.isCreatedByUser).map((m) => m.model)).toEqual(['sim-fast', 'sim-smart']);
    const conversation = await api<{ model: string }>(page, `/api/convos/${conversationId}`);
    expect(conversation.model).toBe('sim-smart');

    // Another endpoint, modular chat on (the default): the conversation stays, and the new model
    // answers with the earlier messages as its history.
    await selector.chooseModel('openAI', 'gpt-4o');
    await expect(page).toHaveURL(conversationUrl);
    await expect(chat.userMessages).toHaveCount(2);
    await chat.send('Third question [[recall]]');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('gpt-4o recalls: First question / Second question');
    await chat.waitForIdle();
    await expect(page).toHaveURL(conversationUrl);
    await expect(chat.textOf(chat.userMessages.first())).toHaveText('First question');
    const moved = await api<{ endpoint: string; model: string }>(page, `/api/convos/${conversationId}`);
    expect(moved).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o' });

    // Modular chat off (Settings → Chat): another endpoint starts a new chat with that model.
    const dialog = await new AppShell(page).openSettings();
    await dialog.getByRole('tab', { name: 'Chat' }).click();
    const modular = dialog.getByRole('switch', { name: 'Switch models inside a conversation' });
    await expect(modular).toHaveAttribute('aria-checked', 'true');
    await modular.click();
    await expect(modular).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await selector.chooseModel('Simulator', 'sim-fast');
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(chat.landing).toBeVisible();
    await chat.send('On another endpoint');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: On another endpoint');
    await expect(page).toHaveURL(CONVERSATION_URL);
    expect(conversationIdOf(page)).not.toBe(conversationId);

    // Going back to the first conversation shows the model it was continued on.
    await page.goto(conversationUrl);
    await expect(selector.label).toHaveText('gpt-4o');
  });

  test('parameters reach the server, and a saved preset applies them again after a switch', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    const selector = new ModelSelector(page);
    const panel = new ParametersPanel(page);
    await selector.chooseModel('Simulator', 'sim-smart');
    await panel.open();

    // The number box clamps to the range (SPEC 5): 5 becomes 2 for OpenAI-style temperature.
    await panel.setNumber('temperature', '5');
    await expect(panel.input('temperature')).toHaveValue('2.00');
    await panel.setNumber('temperature', '0.35');
    await expect(panel.input('temperature')).toHaveValue('0.35');
    await panel.input('promptPrefix').fill('Answer briefly.');
    // The instructions' cost, counted by the server's tokenizer once typing pauses.
    await expect(panel.root.getByTestId('parameter-tokens-promptPrefix')).toHaveText('3 tokens');
    await panel.input('promptPrefix').fill('A');
    await expect(panel.root.getByTestId('parameter-tokens-promptPrefix')).toHaveText('1 token');
    await panel.input('promptPrefix').fill('Answer briefly.');
    await panel.input('stop').fill('END');
    await panel.input('stop').press('Enter');
    await expect(panel.root.getByTestId('stop-tag')).toHaveText(['END']);

    await chat.send('Tuned question');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Tuned question');
    await chat.waitForIdle();
    const stored = await api<Record<string, unknown>>(page, `/api/convos/${conversationIdOf(page)}`);
    expect(stored).toMatchObject({
      endpoint: 'Simulator',
      model: 'sim-smart',
      temperature: 0.35,
      promptPrefix: 'Answer briefly.',
      stop: ['END'],
    });

    // Save as preset, move the conversation to another endpoint (modular chat: that endpoint's
    // defaults, not these settings), then apply the preset from the menu.
    await panel.savePreset('Careful writer');
    await expect(toasts(page).filter({ hasText: 'Preset “Careful writer” saved' })).toBeVisible();
    const tunedUrl = page.url();
    await selector.chooseModel('openAI', 'gpt-4o-mini');
    await expect(page).toHaveURL(tunedUrl);
    await expect(panel.input('temperature')).toHaveValue('1.00');
    await selector.choosePreset('Careful writer');
    await expect(selector.label).toHaveText('sim-smart');
    await expect(panel.input('temperature')).toHaveValue('0.35');
    await chat.send('With the preset');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: With the preset');
    await expect(page).toHaveURL(CONVERSATION_URL);
    await chat.waitForIdle();
    const fromPreset = await api<Record<string, unknown>>(page, `/api/convos/${conversationIdOf(page)}`);
    expect(fromPreset).toMatchObject({
      endpoint: 'Simulator',
      model: 'sim-smart',
      temperature: 0.35,
      promptPrefix: 'Answer briefly.',
    });

    // Manage: rename, make it the default (new chats start from it), then delete it.
    await selector.open();
    await page.getByTestId('menu-manage-presets').click();
    const manager = new PresetsManager(page);
    await expect(manager.root).toBeVisible();
    const row = manager.row('Careful writer');
    await row.getByTestId('preset-rename').click();
    await manager.root.getByTestId('preset-rename-input').fill('Careful');
    await manager.root.getByTestId('preset-rename-input').press('Enter');
    const renamed = manager.row('Careful');
    await expect(renamed).toBeVisible();
    await renamed.getByTestId('preset-default-toggle').click();
    await expect(renamed.getByTestId('preset-default-badge')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(manager.root).toBeHidden();

    await page.goto('/c/new');
    await expect(selector.label).toHaveText('sim-smart');
    await panel.open();
    await expect(panel.input('temperature')).toHaveValue('0.35');

    await selector.open();
    await page.getByTestId('menu-manage-presets').click();
    await manager.row('Careful').getByTestId('preset-delete').click();
    await manager.row('Careful').getByTestId('preset-delete-confirm').click();
    await expect(manager.root.getByTestId('presets-empty')).toBeVisible();
    const presets = await api<unknown[]>(page, '/api/presets');
    expect(presets).toEqual([]);
  });

  test('model specs from the config: the default one starts new chats and is sent as the spec', async ({ page }) => {
    // The e2e config has no specs: add two to the startup config as the server would send them.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: {
          ...config,
          modelSpecs: {
            list: [
              {
                name: 'quick',
                label: 'Quick helper',
                description: 'Fast answers',
                preset: { endpoint: 'Simulator', model: 'sim-fast' },
              },
              {
                name: 'deep',
                label: 'Deep thinker',
                description: 'Careful, low temperature',
                default: true,
                preset: { endpoint: 'Simulator', model: 'sim-smart', temperature: 0.2 },
              },
            ],
          },
        },
      });
    });
    const chat = await signUpToNewChat(page);
    const selector = new ModelSelector(page);
    await expect(selector.label).toHaveText('Deep thinker');
    await chat.send('Spec question');
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Spec question');
    await expect(page).toHaveURL(CONVERSATION_URL);
    await chat.waitForIdle();
    const stored = await api<Record<string, unknown>>(page, `/api/convos/${conversationIdOf(page)}`);
    expect(stored).toMatchObject({ spec: 'deep', model: 'sim-smart', temperature: 0.2 });

    await selector.open();
    await expect(selector.menu.getByTestId('model-spec-option')).toHaveCount(2);
    await expect(selector.menu.locator('[data-spec="deep"]')).toContainText('Careful, low temperature');
    await selector.chooseSpec('quick');
    await expect(selector.label).toHaveText('Quick helper');
  });

  test('the menu is keyboard navigable, and its search shows past ten options', async ({ page }) => {
    await signUpToNewChat(page);
    const selector = new ModelSelector(page);
    // The models are loaded (the default is chosen) before the menu opens.
    await expect(selector.label).toHaveText('gpt-4o-mini');
    await selector.trigger.focus();
    await page.keyboard.press('Enter');
    await expect(selector.menu).toBeVisible();
    // 5 models across three endpoints and no presets: no search box.
    await expect(selector.search).toHaveCount(0);
    // Opening by keyboard focuses the first model; one step down is the second. The menu moves
    // focus in a timer, so wait for it before Enter (a busy page can run the next key first).
    await expect(selector.option('openAI', 'gpt-4o-mini')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(selector.option('openAI', 'gpt-4o')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(selector.menu).toBeHidden();
    await expect(selector.label).toHaveText('gpt-4o');
  });
});
