import { expect, it } from 'vitest';
import { useChatServer, waitFor } from '../../../test/chat-harness.js';
import { TestClient } from '../../../test/http-client.js';
import { finalFrame, readSse } from '../../../test/sse-client.js';
import { describeEachDialect } from '../../../test/test-server.js';

describeEachDialect('chat titles', (dialect) => {
  const h = useChatServer(dialect);
  const { ask } = h;

  it('generates a title after the first exchange, served by gen_title', async () => {
    h.sim.setResponder((req) => (String(req.messages[0]?.content).includes('short title') ? { text: '"Greetings Exchange".' } : { text: 'Hello!' }));
    const { frames } = await ask({ text: 'Hello', endpoint: 'Titled', endpointType: 'custom', model: 'sim-1' }, '/api/ask/custom');
    const conversationId = finalFrame(frames)!.data.conversation.conversationId;
    const res = await h.client.post('/api/convos/gen_title', { conversationId });
    expect(res.status).toBe(200);
    expect(res.json.title).toBe('Greetings Exchange');
    expect((await h.client.get(`/api/convos/${conversationId}`)).json.title).toBe('Greetings Exchange');
  });

  it("keeps a rename made before the model's title lands, and gen_title answers it", async () => {
    h.sim.setResponder((req) =>
      String(req.messages[0]?.content).includes('short title') ? { text: 'Model Title', firstTokenDelayMs: 600 } : { text: 'Hello!' },
    );
    const { frames } = await ask({ text: 'Hello', endpoint: 'Titled', endpointType: 'custom', model: 'sim-1' }, '/api/ask/custom');
    const conversationId = finalFrame(frames)!.data.conversation.conversationId;
    expect((await h.client.post('/api/convos/update', { arg: { conversationId, title: 'Named by me' } })).status).toBe(200);
    expect((await h.client.post('/api/convos/gen_title', { conversationId })).json.title).toBe('Named by me');
    expect((await h.client.get(`/api/convos/${conversationId}`)).json.title).toBe('Named by me');
  });

  it("gen_title answers 404 for another user's conversation and 400 for a missing id", async () => {
    h.sim.enqueue({ text: 'Mine.' });
    const { frames } = await ask({ text: 'A private question' });
    const conversationId = finalFrame(frames)!.data.conversation.conversationId;
    const other = new TestClient(h.server.baseUrl);
    await other.register();
    const foreign = await other.post('/api/convos/gen_title', { conversationId });
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe('not_found');
    expect((await other.get(`/api/convos/gen_title/${conversationId}`)).status).toBe(404);
    expect((await h.client.get(`/api/convos/gen_title/${conversationId}`)).json.title).toBe('A private question');
    expect((await h.client.get('/api/convos/gen_title/not-an-id')).status).toBe(400);
    const missing = await h.client.post('/api/convos/gen_title', {});
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('validation_error');
    expect((await h.client.get(`/api/convos/${conversationId}`)).json.title).toBe('A private question');
  });

  it('titles a chat from its first message when no model writes titles, keeping a rename made meanwhile', async () => {
    h.sim.enqueue({ text: 'Sure.' });
    const { frames } = await ask({ text: 'Plan a trip to Lisbon in spring' });
    const conversationId = finalFrame(frames)!.data.conversation.conversationId;
    expect(finalFrame(frames)!.data.conversation.title).toBe('Plan a trip to Lisbon in spring');
    expect((await h.client.post('/api/convos/gen_title', { conversationId })).json.title).toBe('Plan a trip to Lisbon in spring');

    h.sim.enqueue({ text: 'word '.repeat(40), chunkSize: 5, delayMs: 10 });
    const partial = await readSse(`${h.server.baseUrl}/api/ask/openAI`, {
      token: h.client.token,
      body: { text: 'Another question', endpoint: 'openAI', model: 'gpt-4o-mini' },
      until: (_f, all) => all.some((x) => x.data.event === 'on_message_delta'),
    });
    const renamedId = partial.frames[0]!.data.conversationId;
    expect((await h.client.post('/api/convos/update', { arg: { conversationId: renamedId, title: 'My own name' } })).status).toBe(200);
    await waitFor(async () => (await h.client.get(`/api/messages/${renamedId}`)).json.every((m: any) => !m.unfinished));
    expect((await h.client.get(`/api/convos/${renamedId}`)).json.title).toBe('My own name');
  });
});
