import { messageText, type Message } from '@confab/shared';
import { expect, it } from 'vitest';
import { useChatServer } from '../../../test/chat-harness.js';
import { TestClient } from '../../../test/http-client.js';
import { finalFrame } from '../../../test/sse-client.js';
import { describeEachDialect } from '../../../test/test-server.js';
import { uploadImport } from '../import-export/import-test-helpers.js';

/** A reply with an artifact whose code holds what Markdown processing likes to eat: `$`, `<script>`, backticks, `:::`. */
const artifact = [
  ':::artifact{identifier="price-card" type="text/html" title="Price card"}',
  '```html',
  '<div class="card">Costs $5 &amp; <b>more</b></div>',
  '<script>document.title = `x ${1}`;</script>',
  '```',
  ':::',
].join('\n');
const reply = `Here it is:\n\n${artifact}\n\nEnjoy.`;

describeEachDialect('artifacts in exports and shared pages', (dialect) => {
  const h = useChatServer(dialect);

  /** A conversation whose reply has the artifact, in content parts (with reasoning) or in its text. */
  async function chatWithArtifact(options: Record<string, unknown> = {}) {
    h.sim.enqueue({ text: reply, ...options });
    const { frames, status } = await h.ask({ text: 'Make a price card' });
    expect(status).toBe(200);
    const { conversation, responseMessage } = finalFrame(frames)!.data;
    return { conversationId: conversation.conversationId as string, replyId: responseMessage.messageId as string };
  }

  it('the Markdown and JSON exports keep the artifact as written, and a JSON import brings it back', async () => {
    const { conversationId } = await chatWithArtifact({ reasoning: 'Plan the card.' });
    const md = await h.client.get(`/api/convos/${conversationId}/export?format=md`);
    expect(md.status).toBe(200);
    expect(md.text).toContain(`**AI**\n\n${reply}`);

    const json = await h.client.get(`/api/convos/${conversationId}/export?format=json`);
    const exported = json.json.messages.find((m: Message) => !m.isCreatedByUser);
    expect(messageText(exported)).toBe(reply);

    const imported = await uploadImport(h.server.baseUrl, h.client.token, { name: 'card.json', body: json.text });
    expect(imported.status, imported.text).toBe(201);
    const copy: Message[] = (await h.client.get(`/api/messages/${imported.json.conversations[0].conversationId}`)).json;
    expect(copy.filter((m) => !m.isCreatedByUser).map(messageText)).toEqual([reply]);
  });

  it('a shared page answers the artifact, and its edit, read-only to a visitor', async () => {
    const { conversationId, replyId } = await chatWithArtifact();
    const link = await h.client.post(`/api/share/${conversationId}`);
    expect(link.status).toBe(200);
    const visitor = new TestClient(h.server.baseUrl);
    const sharedReply = async () =>
      messageText(
        (await visitor.get(`/api/share/${link.json.shareId}`)).json.messages.find((m: Message) => !m.isCreatedByUser),
      );
    expect(await sharedReply()).toBe(reply);

    const edit = await h.client.post(`/api/messages/artifact/${replyId}`, {
      index: 0,
      original: 'Costs $5',
      updated: 'Costs $6',
    });
    expect(edit.status).toBe(200);
    expect(await sharedReply()).toBe(reply.replace('Costs $5', 'Costs $6'));
    // The page is read-only: a visitor (signed in or not) cannot edit the artifact.
    await visitor.register();
    const intrude = await visitor.post(`/api/messages/artifact/${replyId}`, {
      index: 0,
      original: 'Costs $6',
      updated: 'pwned',
    });
    expect(intrude.status).toBe(404);
    expect(await sharedReply()).toBe(reply.replace('Costs $5', 'Costs $6'));
  });
});
