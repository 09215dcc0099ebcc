import { messageText } from '@confab/shared';
import { expect, it } from 'vitest';
import { seedAgent } from '../../../test/agent-seed.js';
import { useChatServer } from '../../../test/chat-harness.js';
import { finalFrame } from '../../../test/sse-client.js';
import { describeEachDialect } from '../../../test/test-server.js';

/**
 * Modular chat (SPEC 4): the client keeps an open conversation when another endpoint or agent is
 * chosen, and its next message goes to that one. The server takes the whole branch as history
 * whichever endpoint wrote it, and stores the conversation under the new endpoint, model and
 * settings, as LibreChat does.
 */
describeEachDialect('modular chat', (dialect) => {
  const h = useChatServer(dialect);
  const sentTexts = () => JSON.stringify(h.sim.requests.at(-1)!.body.messages);

  it('continues a conversation on another endpoint with its history, storing the new endpoint, model and settings', async () => {
    h.sim.enqueue({ text: 'first answer' }, { text: 'second answer' }, { text: 'third answer' });
    const first = finalFrame(
      (await h.ask({ text: 'first question', temperature: 0.3, promptPrefix: 'Be terse.' })).frames,
    )!.data;
    const conversationId = first.conversation.conversationId;
    expect(first.conversation).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.3 });

    const second = finalFrame(
      (
        await h.ask(
          {
            text: 'second question',
            endpoint: 'Simulator',
            endpointType: 'custom',
            model: 'sim-1',
            conversationId,
            parentMessageId: first.responseMessage.messageId,
          },
          '/api/ask/custom',
        )
      ).frames,
    )!.data;
    expect(messageText(second.responseMessage)).toBe('second answer');
    const request = h.sim.requests.at(-1)!.body;
    expect(request.model).toBe('sim-1');
    // The new endpoint's defaults: the first endpoint's temperature and instructions are not sent.
    expect(request.temperature).toBeUndefined();
    expect(request.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sentTexts()).toMatch(/first question.*first answer.*second question/);
    expect(second.conversation).toMatchObject({
      conversationId,
      endpoint: 'Simulator',
      endpointType: 'custom',
      model: 'sim-1',
    });
    expect(second.conversation.temperature).toBeUndefined();
    expect(second.conversation.promptPrefix).toBeUndefined();

    // And back: the other endpoint's reply is history too.
    await h.ask({ text: 'third question', conversationId, parentMessageId: second.responseMessage.messageId });
    expect(sentTexts()).toMatch(/first answer.*second question.*second answer.*third question/);
    const stored = await h.client.get(`/api/convos/${conversationId}`);
    expect(stored.json).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o-mini' });
    const messages = await h.client.get(`/api/messages/${conversationId}`);
    expect(messages.json.filter((m: any) => !m.isCreatedByUser).map((m: any) => [m.endpoint, m.model])).toEqual([
      ['openAI', 'gpt-4o-mini'],
      ['Simulator', 'sim-1'],
      ['openAI', 'gpt-4o-mini'],
    ]);
  });

  it('moves a conversation to an agent and away from it, the agent seeing the earlier messages', async () => {
    const me = await h.client.get('/api/user');
    const agentId = await seedAgent(h.server.db.kysely, me.json.id, { name: 'Helper', model: 'gpt-4o' });
    h.sim.enqueue({ text: 'plain answer' }, { text: 'agent answer' }, { text: 'plain again' });
    const first = finalFrame((await h.ask({ text: 'plain question' })).frames)!.data;
    const conversationId = first.conversation.conversationId;

    const byAgent = finalFrame(
      (
        await h.ask(
          {
            text: 'agent question',
            endpoint: 'agents',
            agent_id: agentId,
            conversationId,
            parentMessageId: first.responseMessage.messageId,
          },
          '/api/agents/chat/agents',
        )
      ).frames,
    )!.data;
    expect(messageText(byAgent.responseMessage)).toBe('agent answer');
    expect(sentTexts()).toMatch(/Answer briefly.*plain question.*plain answer.*agent question/);
    expect(byAgent.conversation).toMatchObject({
      conversationId,
      endpoint: 'agents',
      agent_id: agentId,
      model: 'gpt-4o',
    });

    const back = finalFrame(
      (await h.ask({ text: 'plain follow-up', conversationId, parentMessageId: byAgent.responseMessage.messageId }))
        .frames,
    )!.data;
    expect(sentTexts()).toMatch(/plain answer.*agent question.*agent answer.*plain follow-up/);
    // The agent's instructions stay with the agent.
    expect(sentTexts()).not.toContain('Answer briefly');
    expect(back.conversation).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o-mini' });
    expect(back.conversation.agent_id).toBeUndefined();
  });
});
