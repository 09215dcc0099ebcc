import { MEME_PATHS, NO_PARENT, type ContentPart } from '@confab/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { seedConversation } from '../conversations/test-seed.js';
import { insertMessage } from '../messages/messages.repo.js';

/** A reply holding meme tool calls, as the agent chat stores them. */
const memeCall = (id: string): ContentPart =>
  ({
    type: 'tool_call',
    tool_call: { id, name: 'create_meme_image', args: '{}', output: '{"status":"ok"}', progress: 1 },
  }) as unknown as ContentPart;

/** A conversation of `userId` whose reply holds tool calls `call_a` and `call_b`. */
async function seedMemeReply(server: TestServer, userId: string) {
  const seeded = await seedConversation(server.db, userId, {
    title: 'Memes',
    messages: [{ key: 'q', text: 'Make two memes' }],
  });
  const replyId = randomUUID();
  await insertMessage(server.db.kysely, {
    messageId: replyId,
    conversationId: seeded.conversationId,
    userId,
    parentMessageId: seeded.ids.q ?? NO_PARENT,
    sender: 'Meme maker',
    text: '',
    content: [{ type: 'text', text: 'Here they are.' } as ContentPart, memeCall('call_a'), memeCall('call_b')],
    isCreatedByUser: false,
    model: 'gpt-4o',
    endpoint: 'agents',
  });
  return { conversationId: seeded.conversationId, questionId: seeded.ids.q!, replyId };
}

const reactionRows = (server: TestServer) => server.db.kysely.selectFrom('meme_reactions').selectAll().execute();

describeEachDialect('meme reactions', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let visitor: TestClient;
  let aliceId: string;
  let bobId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    [alice, bob, visitor] = [
      new TestClient(server.baseUrl),
      new TestClient(server.baseUrl),
      new TestClient(server.baseUrl),
    ];
    aliceId = (await alice.register()).user.id;
    bobId = (await bob.register()).user.id;
  });
  afterAll(async () => {
    await server.close();
  });

  const react = (as: TestClient, messageId: string, toolCallId: string, reaction: string) =>
    as.put(MEME_PATHS.reactions, { messageId, toolCallId, reaction });

  it('toggles a like, replaces it with a dislike, and keeps it across reads', async () => {
    const { conversationId, replyId } = await seedMemeReply(server, aliceId);

    expect((await react(alice, replyId, 'call_a', 'like')).json).toEqual({ likes: 1, dislikes: 0, mine: 'like' });
    // The same reaction again takes it back.
    expect((await react(alice, replyId, 'call_a', 'like')).json).toEqual({ likes: 0, dislikes: 0, mine: null });
    expect((await react(alice, replyId, 'call_a', 'like')).json).toEqual({ likes: 1, dislikes: 0, mine: 'like' });
    // The other one replaces it.
    expect((await react(alice, replyId, 'call_a', 'dislike')).json).toEqual({ likes: 0, dislikes: 1, mine: 'dislike' });
    expect((await react(alice, replyId, 'call_b', 'like')).json).toEqual({ likes: 1, dislikes: 0, mine: 'like' });

    // A reload reads them back.
    const read = await alice.get(`${MEME_PATHS.reactions}?conversationId=${conversationId}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({
      reactions: {
        [replyId]: {
          call_a: { likes: 0, dislikes: 1, mine: 'dislike' },
          call_b: { likes: 1, dislikes: 0, mine: 'like' },
        },
      },
    });
  });

  it("counts each user's reactions on their own memes apart", async () => {
    const alices = await seedMemeReply(server, aliceId);
    const bobs = await seedMemeReply(server, bobId);
    await react(alice, alices.replyId, 'call_a', 'like');
    expect((await react(bob, bobs.replyId, 'call_a', 'dislike')).json).toEqual({
      likes: 0,
      dislikes: 1,
      mine: 'dislike',
    });

    expect((await alice.get(`${MEME_PATHS.reactions}?conversationId=${alices.conversationId}`)).json.reactions).toEqual(
      {
        [alices.replyId]: { call_a: { likes: 1, dislikes: 0, mine: 'like' } },
      },
    );
    expect((await bob.get(`${MEME_PATHS.reactions}?conversationId=${bobs.conversationId}`)).json.reactions).toEqual({
      [bobs.replyId]: { call_a: { likes: 0, dislikes: 1, mine: 'dislike' } },
    });
    // A conversation nobody reacted in reads empty.
    const quiet = await seedMemeReply(server, bobId);
    expect((await bob.get(`${MEME_PATHS.reactions}?conversationId=${quiet.conversationId}`)).json).toEqual({
      reactions: {},
    });
  });

  it("refuses another user's meme with a 404 and stores nothing", async () => {
    const { conversationId, replyId } = await seedMemeReply(server, aliceId);
    const before = (await reactionRows(server)).length;

    const theirs = await react(bob, replyId, 'call_a', 'like');
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ code: 'not_found', message: 'Meme not found' });
    expect((await bob.get(`${MEME_PATHS.reactions}?conversationId=${conversationId}`)).status).toBe(404);
    // A tool call the message does not hold, a message that is not a reply with tool calls, and no message at all.
    expect((await react(alice, replyId, 'call_zzz', 'like')).status).toBe(404);
    const question = (
      await server.db.kysely
        .selectFrom('messages')
        .select('message_id')
        .where('conversation_id', '=', conversationId)
        .where('is_created_by_user', '=', 1)
        .executeTakeFirstOrThrow()
    ).message_id;
    expect((await react(alice, question, 'call_a', 'like')).status).toBe(404);
    expect((await react(alice, randomUUID(), 'call_a', 'like')).status).toBe(404);
    expect((await alice.get(`${MEME_PATHS.reactions}?conversationId=${randomUUID()}`)).status).toBe(404);

    expect(await reactionRows(server)).toHaveLength(before);
  });

  it('answers a bad body with a 400 that says what is wrong, and a stranger with a 401', async () => {
    const { replyId } = await seedMemeReply(server, aliceId);
    const love = await react(alice, replyId, 'call_a', 'love');
    expect(love.status).toBe(400);
    expect(love.json.code).toBe('validation_error');
    expect(love.json.message).toMatch(/^reaction: /);

    const missing = await alice.put(MEME_PATHS.reactions, { messageId: replyId, reaction: 'like' });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/^toolCallId: /);
    const extra = await alice.put(MEME_PATHS.reactions, {
      messageId: replyId,
      toolCallId: 'call_a',
      reaction: 'like',
      userId: bobId,
    });
    expect(extra.status).toBe(400);
    expect(
      (await alice.put(MEME_PATHS.reactions, { messageId: '', toolCallId: 'call_a', reaction: 'like' })).status,
    ).toBe(400);
    expect((await alice.get(MEME_PATHS.reactions)).json).toMatchObject({
      code: 'validation_error',
      message: expect.stringMatching(/^conversationId: /),
    });

    expect(
      (await visitor.put(MEME_PATHS.reactions, { messageId: replyId, toolCallId: 'call_a', reaction: 'like' })).status,
    ).toBe(401);
    expect((await visitor.get(`${MEME_PATHS.reactions}?conversationId=x`)).status).toBe(401);
  });

  it('shows a shared page the counts under its own message ids, never who reacted', async () => {
    const { conversationId, replyId } = await seedMemeReply(server, aliceId);
    await react(alice, replyId, 'call_a', 'like');
    await react(alice, replyId, 'call_b', 'dislike');
    const { shareId } = (await alice.post(`/api/share/${conversationId}`)).json;

    const page = await visitor.get(`/api/share/${shareId}`);
    const sharedReply = page.json.messages.find((m: { isCreatedByUser: boolean }) => !m.isCreatedByUser);
    const shared = await visitor.get(`/api/share/${shareId}/meme-reactions`);
    expect(shared.status).toBe(200);
    expect(shared.json).toEqual({
      reactions: { [sharedReply.messageId]: { call_a: { likes: 1, dislikes: 0 }, call_b: { likes: 0, dislikes: 1 } } },
    });
    expect(shared.text).not.toContain(aliceId);
    expect(shared.text).not.toContain(replyId);
    expect(shared.text).not.toContain(conversationId);

    // A signed-in visitor gets counts only too; an unknown or malformed link is a 404.
    expect((await bob.get(`/api/share/${shareId}/meme-reactions`)).json).toEqual(shared.json);
    expect((await visitor.get('/api/share/AAAAAAAAAAAAAAAAAAAAAA/meme-reactions')).status).toBe(404);
    expect((await visitor.get('/api/share/not-a-share/meme-reactions')).status).toBe(404);

    // Refreshing the link retires the old id.
    await alice.patch(`/api/share/${shareId}`);
    expect((await visitor.get(`/api/share/${shareId}/meme-reactions`)).status).toBe(404);
  });

  it('goes with the conversation when it is deleted', async () => {
    const { conversationId, replyId } = await seedMemeReply(server, aliceId);
    await react(alice, replyId, 'call_a', 'like');
    expect((await alice.delete('/api/convos', { arg: { conversationId } })).status).toBe(200);
    const left = await server.db.kysely
      .selectFrom('meme_reactions')
      .select('message_id')
      .where('message_id', '=', replyId)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('meme reactions on a shared link when public links are off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ALLOW_SHARED_LINKS_PUBLIC: 'false' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('asks a visitor to sign in, as the shared conversation does', async () => {
    const owner = new TestClient(server.baseUrl);
    const ownerId = (await owner.register()).user.id;
    const { conversationId, replyId } = await seedMemeReply(server, ownerId);
    await owner.put(MEME_PATHS.reactions, { messageId: replyId, toolCallId: 'call_a', reaction: 'like' });
    const { shareId } = (await owner.post(`/api/share/${conversationId}`)).json;

    expect((await new TestClient(server.baseUrl).get(`/api/share/${shareId}/meme-reactions`)).status).toBe(401);
    const reader = new TestClient(server.baseUrl);
    await reader.register();
    expect(Object.values((await reader.get(`/api/share/${shareId}/meme-reactions`)).json.reactions)).toEqual([
      { call_a: { likes: 1, dislikes: 0 } },
    ]);
  });
});
