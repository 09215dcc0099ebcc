import { expect, test } from '@playwright/test';
import { registerViaApi } from '../pages/accounts';
import { ChatPage } from '../pages/chat-page';
import { accessToken } from '../pages/memes';
import { makeAdmin, PromptsLibrary, setUserPromptPermissions } from '../pages/prompts-library';
import { chooseOption } from '../support/select';

const FIRST_TEXT = 'Summarise the news about {{topic}}.\nKeep it short.';
const SECOND_TEXT = 'Summarise the news about {{topic}}.\nUse three bullet points.';

test.describe('prompts library', () => {
  test('create a prompt with a variable, version it, make production, compare, restore, label, start a chat, delete', async ({
    page,
  }) => {
    await registerViaApi(page.request);
    const library = new PromptsLibrary(page);
    const command = `digest-${Date.now().toString(36)}`;
    await library.goto();

    // Create: the variable is recognised as it is typed; a malformed command is refused live.
    await page.getByTestId('prompt-new').click();
    await library.name.fill('News digest');
    await library.command.fill('not valid!');
    await expect(page.getByTestId('prompt-command-error')).toBeVisible();
    await library.command.fill(command);
    await expect(page.getByTestId('prompt-command-error')).toBeHidden();
    await chooseOption(page.getByTestId('prompt-category'), 'write');
    await library.text.fill(FIRST_TEXT);
    await expect(page.getByTestId('prompt-text-variables')).toContainText('topic');
    await page.getByTestId('prompt-create-submit').click();
    await expect(page).toHaveURL(/\/d\/prompts\/[\w-]+$/);
    await expect(page.getByTestId('prompt-title')).toHaveText('News digest');
    await expect(library.versionPanel).toContainText('Version 1');
    await expect(page.getByTestId('prompt-production-badge')).toBeVisible();
    await expect(library.row('News digest')).toContainText(`/${command}`);

    // Edit into a second version: it is saved beside the first, which stays production.
    await library.text.fill(SECOND_TEXT);
    await page.getByTestId('prompt-save-version').click();
    await expect(library.versionPanel).toContainText('Version 2');
    await expect(library.versions).toHaveCount(2);
    await expect(page.getByTestId('prompt-production-badge')).toBeHidden();

    // Labels on version 2: add two, remove one; they are read back with the version.
    for (const label of ['reviewed', 'draft']) {
      await page.getByTestId('prompt-label-input').fill(label);
      await page.getByTestId('prompt-label-input').press('Enter');
      await expect(page.locator(`[data-testid="prompt-label"][data-label="${label}"]`)).toBeVisible();
    }
    await page.locator('[data-testid="prompt-label"][data-label="draft"]').getByTestId('prompt-label-remove').click();
    await expect(page.getByTestId('prompt-label')).toHaveCount(1);

    // Make it production.
    await page.getByTestId('prompt-make-production').click();
    await expect(page.getByTestId('prompt-production-badge')).toBeVisible();
    await expect(library.version(2)).toHaveAttribute('data-production', 'true');
    await page.reload();
    await expect(library.versionPanel).toContainText('Version 2');
    await expect(library.version(2)).toContainText('reviewed');

    // Compare: version 1 → version 2 as a line diff.
    await page.getByTestId('prompt-compare-open').click();
    const diff = page.getByTestId('prompt-diff');
    await expect(diff.locator('[data-kind="removed"]')).toHaveText([/Keep it short\./]);
    await expect(diff.locator('[data-kind="added"]')).toHaveText([/Use three bullet points\./]);
    await expect(page.getByTestId('prompt-compare-counts')).toHaveText('+1−1');
    await page.getByTestId('prompt-compare-close').click();

    // Restore version 1: it comes back as version 3, production unchanged.
    await library.version(1).click();
    await expect(library.text).toHaveValue(FIRST_TEXT);
    await page.getByTestId('prompt-restore').click();
    await expect(library.versionPanel).toContainText('Version 3');
    await expect(library.text).toHaveValue(FIRST_TEXT);
    await expect(library.versions).toHaveCount(3);
    await expect(library.version(2)).toHaveAttribute('data-production', 'true');

    // Delete version 3 (confirmed): two remain.
    await page.getByTestId('prompt-delete-version').click();
    await library.confirm('prompt-delete-version-dialog');
    await expect(library.versions).toHaveCount(2);

    // Start a chat: the production text is in the input of a new chat.
    const detailUrl = page.url();
    await page.getByTestId('prompt-start-chat').click();
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(new ChatPage(page).input).toHaveValue(SECOND_TEXT);

    // Delete the prompt, after a confirmation.
    await page.goto(detailUrl);
    await page.getByTestId('prompt-delete').click();
    await page.getByTestId('prompt-delete-dialog').getByTestId('confirm-cancel').click();
    await expect(page.getByTestId('prompt-title')).toBeVisible();
    await page.getByTestId('prompt-delete').click();
    await library.confirm('prompt-delete-dialog');
    await expect(page).toHaveURL(/\/d\/prompts$/);
    await expect(library.row('News digest')).toHaveCount(0);
  });

  test('a prompt an admin shares is read-only for another user, on a phone too', async ({ page, browser }) => {
    const { userId } = await registerViaApi(page.request, { name: 'Prompt Admin' });
    makeAdmin(userId);
    const token = await accessToken(page);
    const name = `Shared checklist ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/prompts', {
      headers: { Authorization: `Bearer ${token}` },
      data: { prompt: { prompt: 'Check {{item}} twice.', type: 'text' }, group: { name, category: 'code' } },
    });
    expect(created.ok()).toBe(true);
    const { group } = (await created.json()) as { group: { _id: string } };

    // The author shares it with everyone from its page (SHARED_GLOBAL: an admin has it).
    await page.goto(`/d/prompts/${group._id}`);
    await page.getByTestId('prompt-share-everyone').click();
    await expect(page.getByTestId('prompt-shared-badge')).toBeVisible();
    await expect(page.getByTestId('prompt-others-edit')).toHaveAttribute('aria-checked', 'false');

    // Another user, on a phone: the list first, then the prompt on its own screen, read-only.
    const other = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 390, height: 844 },
    });
    try {
      const phone = await other.newPage();
      await registerViaApi(phone.request);
      const library = new PromptsLibrary(phone);
      await library.goto();
      await chooseOption(phone.getByTestId('prompt-category-filter'), 'sys__shared__prompts__sys');
      await phone.getByTestId('prompt-search').fill(name);
      await expect(library.rows).toHaveCount(1);
      await expect(library.row(name)).toContainText('By Prompt Admin');
      await expect(phone.getByTestId('prompt-detail-pane')).toBeHidden();
      await library.row(name).click();
      await expect(library.list).toBeHidden();
      await expect(phone.getByTestId('prompt-title')).toHaveText(name);
      await expect(phone.getByTestId('prompt-meta')).toContainText('By Prompt Admin');
      await expect(phone.getByTestId('prompt-readonly-text')).toHaveText('Check {{item}} twice.');
      await expect(library.text).toHaveCount(0);
      await expect(library.name).toHaveCount(0);
      await expect(phone.getByTestId('prompt-delete')).toHaveCount(0);
      await expect(phone.getByTestId('prompt-sharing')).toHaveCount(0);
      await expect(phone.getByTestId('prompt-start-chat')).toBeEnabled();
      await phone.getByTestId('prompt-back').click();
      await expect(library.row(name)).toBeVisible();
    } finally {
      await other.close();
      // Shared with every account of the run: remove it so other specs' "/" lists stay their own.
      await page.request.delete(`/api/prompts/groups/${group._id}`, { headers: { Authorization: `Bearer ${token}` } });
    }
  });

  test('without CREATE the library has no editor; without USE there is no library', async ({ page, playwright }) => {
    const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const { userId } = await registerViaApi(admin, { name: 'Role Admin' });
    makeAdmin(userId);
    const adminToken = await (async () => {
      const res = await admin.post('/api/auth/refresh');
      return ((await res.json()) as { token: string }).token;
    })();
    await registerViaApi(page.request);
    const token = await accessToken(page);
    const created = await page.request.post('/api/prompts', {
      headers: { Authorization: `Bearer ${token}` },
      data: { prompt: { prompt: 'Mine', type: 'text' }, group: { name: 'My own prompt' } },
    });
    expect(created.ok()).toBe(true);
    const { group } = (await created.json()) as { group: { _id: string } };
    const library = new PromptsLibrary(page);
    try {
      await setUserPromptPermissions(admin, adminToken, { CREATE: false });
      await page.goto(`/d/prompts/${group._id}`);
      await expect(page.getByTestId('prompt-readonly-text')).toHaveText('Mine');
      await expect(library.text).toHaveCount(0);
      await expect(page.getByTestId('prompt-new')).toHaveCount(0);

      await setUserPromptPermissions(admin, adminToken, { USE: false });
      await page.goto('/d/prompts');
      await expect(page.getByTestId('not-found-page')).toBeVisible();
      await expect(page.getByTestId('sidebar-prompts')).toHaveCount(0);
    } finally {
      // The role is shared by every account of the run: put it back.
      await setUserPromptPermissions(admin, adminToken, { USE: true, CREATE: true });
      await admin.dispose();
    }
  });
});
