import { expect, test } from '@playwright/test';
import { signUpToNewChat } from '../pages/chat-page';

/**
 * A finished reply is honest about how it ended (issue 35): stopped by the user, or cut off by
 * the length limit, each with Continue, which appends to the same reply; and a reasoning reply
 * says how long it thought, as stored by the server.
 */
test.describe('reply states', () => {
  test('a stopped reply says "Stopped", also after a reload, and Continue grows the same reply', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('[[slow]] tell me a story');
    await expect(chat.textOf(chat.lastAssistant())).toContainText('word8');
    // Nothing to say while it streams.
    await expect(chat.lastAssistant().getByTestId('reply-state')).toHaveCount(0);
    await chat.stopButton.click();
    await chat.waitForIdle();
    await expect(chat.lastAssistant().getByTestId('reply-ending')).toHaveText('Stopped');
    const stopped = (await chat.textOf(chat.lastAssistant()).innerText()).trim();

    await page.reload();
    const reply = chat.lastAssistant();
    await expect(reply.getByTestId('reply-ending')).toHaveText('Stopped');
    await reply.getByRole('button', { name: 'Continue' }).click();
    await expect(reply.getByTestId('reply-state')).toHaveCount(0);
    await chat.waitForIdle();
    const continued = (await chat.textOf(reply).innerText()).trim();
    expect(continued.startsWith(stopped)).toBe(true);
    expect(continued.length).toBeGreaterThan(stopped.length);
    await expect(chat.assistantMessages).toHaveCount(1);
    // It finished on its own this time: nothing left to say.
    await expect(reply.getByTestId('reply-state')).toHaveCount(0);
  });

  test('a reply cut by the token limit says so, with Continue', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('[[length]] write');
    await chat.waitForIdle();
    const reply = chat.lastAssistant();
    await expect(reply.getByTestId('reply-ending')).toHaveText('Cut off at the length limit');
    await expect(reply.getByRole('button', { name: 'Continue' })).toBeVisible();

    // A later exchange makes it an earlier reply: it still says how it ended, but only the latest continues.
    await chat.send('thanks');
    await chat.waitForIdle();
    const earlier = chat.assistantMessages.first();
    await expect(earlier.getByTestId('reply-ending')).toHaveText('Cut off at the length limit');
    await expect(earlier.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  });

  test('a reasoning reply says how long it thought, the same after a reload', async ({ page }) => {
    const chat = await signUpToNewChat(page);
    await chat.selectModel('Simulator', 'sim-fast');
    await chat.send('[[think]] what is it');
    await chat.waitForIdle();
    const label = chat.lastAssistant().getByTestId('thoughts-label');
    // The simulator thinks for about a tenth of a second.
    await expect(label).toHaveText(/^Thought for (less than a second|\d+ s)$/);
    const said = await label.innerText();
    await page.reload();
    await expect(chat.lastAssistant().getByTestId('thoughts-label')).toHaveText(said);
  });
});
