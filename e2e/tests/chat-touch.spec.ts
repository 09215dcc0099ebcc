import { expect, test } from '@playwright/test';
import { signUpToNewChat } from '../pages/chat-page';

/** The chat screen on a phone: touch targets, the keyboard taking half the screen, taps instead of hovers. */
test.describe('chat on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });

  test("every message's actions are visible (a touch screen cannot hover to reveal them)", async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.send('first question');
    await chat.waitForIdle();
    await chat.send('second question');
    await chat.waitForIdle();
    const actions = page.locator('[data-role="assistant"] [data-testid="message-actions"]');
    await expect(actions).toHaveCount(2);
    for (const row of await actions.all()) await expect(row).toHaveCSS('opacity', '1');
  });

  test('the send button is a thumb-sized round button in the box, on an empty chat and in a conversation', async ({
    page,
  }) => {
    const chat = await signUpToNewChat(page);
    const box = page.getByTestId('chat-box');
    const isInBoxAndThumbSized = async () => {
      const [button, area] = [await chat.sendButton.boundingBox(), await box.boundingBox()];
      return (
        button !== null &&
        area !== null &&
        button.width >= 40 &&
        button.y + button.height <= area.y + area.height &&
        button.x + button.width <= area.x + area.width
      );
    };
    await expect(chat.sendButton).toBeDisabled();
    await expect.poll(isInBoxAndThumbSized).toBe(true);
    await chat.send('first question');
    await chat.waitForIdle();
    await expect.poll(isInBoxAndThumbSized).toBe(true);
  });

  test('the list stays at the end while a reply grows in big steps (a table, a code block)', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    const distanceToEnd = () => chat.messageList.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    await chat.send('first question');
    await chat.waitForIdle();
    for (const text of ['[[markdown]] one', '[[markdown]] two', '[[markdown]] three', '[[markdown]] four']) {
      await chat.send(text);
      await chat.waitForIdle();
      await expect.poll(distanceToEnd).toBeLessThanOrEqual(48);
      await expect(chat.scrollToBottom).toBeHidden();
    }
  });

  test('branch arrows and message actions are thumb-sized, and a tap switches branches', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.send('first question');
    await chat.waitForIdle();
    const question = chat.userMessages.first();
    await question.getByTestId('edit-message').tap();
    await page.getByTestId('edit-textarea').fill('second question');
    await page.getByTestId('edit-submit').tap();
    await chat.waitForIdle();
    await expect(chat.siblingPosition(question)).toHaveText('2 / 2');
    for (const testId of ['sibling-prev', 'sibling-next', 'copy-message', 'edit-message']) {
      const box = await question.getByTestId(testId).boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0), testId).toBeGreaterThanOrEqual(40);
    }
    await question.getByTestId('sibling-prev').tap();
    await expect(chat.siblingPosition(question)).toHaveText('1 / 2');
    await expect(chat.textOf(question)).toHaveText('first question');
    await question.getByTestId('sibling-next').tap();
    await expect(chat.siblingPosition(question)).toHaveText('2 / 2');
  });

  test('with the keyboard up (a short screen) a long message leaves the send button and the conversation in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 500 });
    const chat = await signUpToNewChat(page);
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n');
    const isInView = async () => {
      const box = await chat.sendButton.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 500;
    };
    await chat.input.fill(lines);
    await expect.poll(isInView).toBe(true);
    await chat.sendButton.tap();
    await chat.waitForIdle();
    await chat.input.fill(lines);
    await expect.poll(isInView).toBe(true);
    const list = await chat.messageList.boundingBox();
    expect(list?.height ?? 0).toBeGreaterThanOrEqual(200);
  });

  test('a long message collapsed to one line (a thumb-sized button) shows its last line whole', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.input.fill(Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n'));
    const collapse = page.getByTestId('input-collapse');
    expect((await collapse.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(36);
    await collapse.tap();
    await expect
      .poll(() => chat.input.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThanOrEqual(1);
  });

  test("a tap leaves no hover label behind, and a parameter's (i) explains it", async ({ page }) => {
    await signUpToNewChat(page);
    // On a phone the parameters are in the header's "⋯" menu.
    await page.getByTestId('header-more').tap();
    await page.getByTestId('header-menu-parameters').tap();
    const panel = page.getByTestId('parameters-panel');
    await expect(panel).toBeVisible();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    const info = panel.getByTestId('parameter-info').first();
    const description = (await info.getAttribute('aria-label')) ?? '';
    expect(description).not.toBe('');
    await info.tap();
    await expect(page.getByRole('tooltip')).toHaveText(description);
    // All of it on the screen, though the panel leaves little room beside the icon.
    const tip = await page.locator('[data-radix-popper-content-wrapper]').boundingBox();
    expect(tip?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((tip?.x ?? 0) + (tip?.width ?? 1000)).toBeLessThanOrEqual(390);
  });
});
