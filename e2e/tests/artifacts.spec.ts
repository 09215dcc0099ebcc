import { expect, test } from '@playwright/test';
import {
  artifactPrompt,
  ArtifactsPanel,
  blockOutsideHosts,
  expectPanelOpen,
  type ArtifactKind,
} from '../pages/artifacts';
import { CONVERSATION_URL, signUpToNewChat } from '../pages/chat-page';
import { accessToken, conversationIdOf } from '../pages/memes';
import { SCRIPTED_ARTIFACTS } from '../support/scripted-replies';

/**
 * Artifacts (issue 38), driven by the simulator's `[[artifact:KIND]]` replies: a card in the
 * message, the side panel that opens as the artifact streams, its preview run by the server's own
 * runtime in a sandboxed frame (with every outside host blocked), versions, editing, errors and
 * the shared page.
 */
test.describe('artifacts', () => {
  test('HTML, SVG, Mermaid and React artifacts preview while they stream and after a reload, with no outside host', async ({
    page,
  }) => {
    // Each slow reply holds 10 s before its last words (to be seen streaming on a busy machine).
    test.setTimeout(180_000);
    const tried = await blockOutsideHosts(page.context());
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    const artifacts = new ArtifactsPanel(page);
    const kinds: ArtifactKind[] = ['html', 'svg', 'mermaid', 'react'];
    for (const kind of kinds) {
      const { title, shows } = SCRIPTED_ARTIFACTS[kind];
      await chat.send(artifactPrompt(kind, true));
      const card = chat.lastAssistant().getByTestId('artifact-card');
      await expect(card).toHaveAttribute('data-state', 'generating');
      // The panel opens by itself as the artifact starts, and previews it before it is finished.
      await expectPanelOpen(artifacts, title);
      await expect(artifacts.preview(kind)).toContainText(shows);
      expect(await card.getAttribute('data-state'), `${kind} rendered while it streamed`).toBe('generating');
      await chat.waitForIdle(30_000);
      await expect(card).toHaveAttribute('data-state', 'ready');
      await expect(card).toContainText(title);
      // The message shows the card, not the markup.
      await expect(chat.textOf(chat.lastAssistant())).not.toContainText(':::artifact');
    }

    await page.reload();
    // The artifact the panel showed opens again; every card still opens its own.
    await expectPanelOpen(artifacts, SCRIPTED_ARTIFACTS.react.title);
    await chat.scrollToTop();
    for (const kind of kinds) {
      const { title, shows } = SCRIPTED_ARTIFACTS[kind];
      // The list keeps only the rows in view: scroll down to each card in turn.
      await chat.scrollDownUntilVisible(artifacts.card(title), 300);
      await artifacts.card(title).click();
      await expectPanelOpen(artifacts, title);
      await expect(artifacts.preview(kind)).toContainText(shows, { timeout: 20_000 });
    }
    expect(tried).toEqual([]);
  });

  test('a second version of an artifact navigates, with "Latest" on the newest', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    const artifacts = new ArtifactsPanel(page);
    await chat.send(artifactPrompt('html'));
    await chat.waitForIdle();
    await chat.send(artifactPrompt('html-v2'));
    await chat.waitForIdle();

    await expect(artifacts.version).toHaveText('2 / 2');
    await expect(artifacts.latest).toBeVisible();
    await expect(artifacts.preview('html-v2')).toContainText(SCRIPTED_ARTIFACTS['html-v2'].shows);
    await artifacts.panel.getByTestId('artifact-version-previous').click();
    await expect(artifacts.version).toHaveText('1 / 2');
    await expect(artifacts.latest).toBeHidden();
    await expect(artifacts.preview('html').locator('h1')).toHaveText(SCRIPTED_ARTIFACTS.html.shows);
    // The card of the version shown is marked.
    await expect(chat.assistantMessages.first().getByTestId('artifact-card')).toHaveAttribute('data-shown', 'true');
    await artifacts.panel.getByTestId('artifact-version-next').click();
    await expect(artifacts.version).toHaveText('2 / 2');
    await expect(artifacts.preview('html-v2').locator('h1')).toHaveText(SCRIPTED_ARTIFACTS['html-v2'].shows);
  });

  test('an edit in the Code tab is saved and survives a reload, and the shared page shows it read-only', async ({
    page,
    browser,
  }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    const artifacts = new ArtifactsPanel(page);
    await chat.send(artifactPrompt('svg'));
    await chat.waitForIdle();
    await expect(page).toHaveURL(CONVERSATION_URL);

    await artifacts.tab('code');
    const edited = SCRIPTED_ARTIFACTS.svg.code.replace('Confab badge', 'Edited badge');
    await artifacts.code.fill(edited);
    await expect(artifacts.panel.getByTestId('artifact-unsaved')).toBeVisible();
    // The preview shows the edit before it is saved.
    await artifacts.tab('preview');
    await expect(artifacts.preview('svg')).toContainText('Edited badge');
    await artifacts.tab('code');
    await artifacts.panel.getByTestId('artifact-save').click();
    await expect(artifacts.panel.getByTestId('artifact-unsaved')).toBeHidden();

    await page.reload();
    await expectPanelOpen(artifacts, SCRIPTED_ARTIFACTS.svg.title);
    await expect(artifacts.code).toHaveValue(edited);
    await artifacts.tab('preview');
    await expect(artifacts.preview('svg')).toContainText('Edited badge');

    // Shared: the edited artifact, previewed, its code read-only.
    const conversationId = await conversationIdOf(page);
    const token = await accessToken(page);
    const res = await page.request.post(`/api/share/${conversationId}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    expect(res.ok()).toBe(true);
    const { shareId } = (await res.json()) as { shareId: string };
    const guestContext = await browser.newContext();
    try {
      const guest = await guestContext.newPage();
      await guest.goto(`/share/${shareId}`);
      const shared = new ArtifactsPanel(guest);
      await shared.card(SCRIPTED_ARTIFACTS.svg.title).click();
      await expectPanelOpen(shared, SCRIPTED_ARTIFACTS.svg.title);
      await expect(shared.preview('svg')).toContainText('Edited badge');
      await shared.tab('code');
      await expect(shared.code).toHaveAttribute('readonly', '');
      await expect(shared.panel.getByTestId('artifact-read-only')).toBeVisible();
    } finally {
      await guestContext.close();
    }
  });

  test('a broken React artifact shows its error and line in the panel, never a blank frame', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    const artifacts = new ArtifactsPanel(page);
    await chat.send(artifactPrompt('react-broken'));
    await chat.waitForIdle();
    await expectPanelOpen(artifacts, SCRIPTED_ARTIFACTS['react-broken'].title);
    await expect(artifacts.error).toBeVisible({ timeout: 20_000 });
    await expect(artifacts.error.getByTestId('artifact-error-line')).toHaveText(/^Line \d+$/);
    await expect(artifacts.frameError()).toBeVisible();
    await artifacts.error.getByRole('button', { name: 'Show the code' }).click();
    await expect(artifacts.code).toBeVisible();
  });
});
