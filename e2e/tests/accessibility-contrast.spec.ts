import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AgentBuilder } from '../pages/agent-builder';
import { AppShell } from '../pages/app-shell';
import { CONVERSATION_URL, signUpToNewChat } from '../pages/chat-page';
import { LoginPage } from '../pages/login-page';
import { RegisterPage } from '../pages/register-page';

const THEMES = ['light', 'dark'] as const;
const PHONE = { width: 390, height: 844 };

/** axe's colour-contrast findings (WCAG AA: 4.5:1, 3:1 for large text) that are serious or worse. */
async function contrastFindings(page: Page, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withRules(['color-contrast']);
  const { violations } = await (within ? axe.include(within) : axe).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${node.target.join(' ')}: ${node.any[0]?.message ?? node.failureSummary ?? ''}`),
    );
}

/**
 * Checks what the page shows now in the light theme, then the dark one. The theme follows the
 * emulated system setting (the stored preference stays "system"). Soft, so one run lists every
 * screen that falls short.
 */
async function expectContrastInBothThemes(page: Page, where: string, within?: string): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect.poll(() => new AppShell(page).isDark()).toBe(theme === 'dark');
    expect.soft(await contrastFindings(page, within), `${where}, ${theme} theme`).toEqual([]);
  }
}

// Colours are read once transitions have finished: the app's reduced-motion rule makes them instant.
test.use({ reducedMotion: 'reduce' });

test.describe('colour contrast (WCAG AA)', () => {
  test('signed-out pages', async ({ page }) => {
    await new LoginPage(page).goto();
    await expectContrastInBothThemes(page, '/login');

    await new RegisterPage(page).goto();
    await expectContrastInBothThemes(page, '/register');
  });

  test('signed-in screens: new chat, the model menu, a conversation, settings, the agent builder, and a phone', async ({
    page,
  }) => {
    // About twenty-five axe runs on one signed-in page (each Settings tab in both themes): past the
    // 180 s of test.slow() on a busy machine once Personalization joined the tabs (issue 41).
    test.setTimeout(240_000);
    const chat = await signUpToNewChat(page);
    await expectContrastInBothThemes(page, '/c/new');
    // A menu: the elevated surface, with a highlighted row.
    await chat.modelPicker.click();
    await expect(page.getByTestId('model-menu')).toBeVisible();
    await expectContrastInBothThemes(page, 'the model selector', '[data-testid="model-menu"]');
    await page.keyboard.press('Escape');

    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('Hello there');
    await expect(page).toHaveURL(CONVERSATION_URL);
    await chat.waitForIdle();
    // A reply with a table, a code block and math: the highlighter's colours too.
    await chat.send('[[markdown]] show me');
    await expect(chat.lastAssistant().locator('pre')).toBeVisible();
    await chat.waitForIdle();
    await expectContrastInBothThemes(page, 'a conversation');

    const settings = await new AppShell(page).openSettings();
    for (const tab of await settings.getByRole('tab').all()) {
      await tab.click();
      const panel = settings.getByRole('tabpanel');
      await expect(panel).toHaveAttribute('aria-labelledby', (await tab.getAttribute('id')) ?? '');
      // Lazy panels and their data have loaded.
      await expect(panel.locator('.animate-spin')).toHaveCount(0);
      // The page behind was checked already.
      await expectContrastInBothThemes(page, `settings, ${(await tab.innerText()).trim()} tab`, '[role="dialog"]');
    }
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    await chat.goto('new');
    const builder = new AgentBuilder(page);
    await builder.openNewFromSelector();
    await expectContrastInBothThemes(page, 'the agent builder');

    // On a phone the sidebar is a drawer over the page: the landing, then the drawer.
    await page.setViewportSize(PHONE);
    await chat.goto('new');
    const drawer = new AppShell(page).sidebar;
    if ((await drawer.getAttribute('data-state')) === 'open') await page.getByTestId('close-sidebar').click();
    await expect(drawer).toHaveAttribute('data-state', 'closed');
    await expectContrastInBothThemes(page, '/c/new on a phone');
    await page.getByTestId('open-sidebar').click();
    await expect(drawer).toHaveAttribute('data-state', 'open');
    await expectContrastInBothThemes(page, 'the sidebar drawer on a phone');
  });
});
