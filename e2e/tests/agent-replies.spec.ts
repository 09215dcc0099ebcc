import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { AgentBuilder } from '../pages/agent-builder';
import { CONVERSATION_URL, signUpToNewChat } from '../pages/chat-page';
import { accessToken, conversationIdOf } from '../pages/memes';
import { e2eDataDir } from '../support/seed';

interface StoredMessage {
  messageId: string;
  isCreatedByUser: boolean;
  text: string;
  content?: { type: string; text?: string }[];
}

test.describe('agent replies as content parts', () => {
  test('a tool-free agent reply renders, copies and reloads from its content parts; one stored as text only still renders', async ({
    page,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const chat = await signUpToNewChat(page);
    const builder = new AgentBuilder(page);
    await builder.openNewFromSelector();
    await builder.name.fill('Plain agent');
    await builder.provider.selectOption('openAI');
    await builder.model.selectOption('gpt-4o-mini');
    await builder.save.click();
    await expect(page.getByTestId('model-picker-label')).toHaveText('Plain agent');
    await builder.panel.getByTestId('agent-panel-close').click();

    await chat.send('Hello without tools');
    await chat.waitForIdle();
    await expect(page).toHaveURL(CONVERSATION_URL);
    const reply = chat.lastAssistant();
    await expect(chat.textOf(reply)).toHaveText('Echo: Hello without tools');

    // Stored as LibreChat's agents endpoint stores it: the text in content parts, `text` empty.
    const token = await accessToken(page);
    const conversationId = await conversationIdOf(page);
    const listed = await page.request.get(`/api/messages/${conversationId}`, { headers: { Authorization: `Bearer ${token}` } });
    const stored = ((await listed.json()) as StoredMessage[]).find((m) => !m.isCreatedByUser);
    expect(stored).toMatchObject({ text: '', content: [{ type: 'text', text: 'Echo: Hello without tools' }] });

    // The copy button copies the parts' text, and a reload renders them again.
    await reply.hover();
    await reply.getByTestId('copy-message').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('Echo: Hello without tools');
    await page.reload();
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('Echo: Hello without tools');

    // The same reply as agent replies were stored before: text only, no content parts.
    const db = new Database(join(e2eDataDir(), 'confab.sqlite'));
    db.pragma('busy_timeout = 5000');
    db.prepare('update messages set text = ?, content = null where message_id = ?').run('An older plain answer.', stored?.messageId);
    db.close();
    await page.reload();
    await expect(chat.textOf(chat.lastAssistant())).toHaveText('An older plain answer.');
    await chat.lastAssistant().hover();
    await chat.lastAssistant().getByTestId('copy-message').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('An older plain answer.');
  });
});
