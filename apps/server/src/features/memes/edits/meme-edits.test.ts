import { MEME_PATHS, MEME_TOOLS, NO_PARENT, type MemeEditBody, type MemeImageOutput } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { countFileRows, getBytes } from '../../../../test/files-test-kit.js';
import { TestClient } from '../../../../test/http-client.js';
import { conforms, dataService, librechat, librechatAxios } from '../../../../test/librechat-package.js';
import { chatWithToolCalls, insertToolAgent, type StoredToolCall } from '../../../../test/meme-image-test-kit.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../../test/test-server.js';
import { listMemeTemplates } from '../templates/meme-templates.js';

type Part = { type: string; tool_call?: StoredToolCall };
const memeCalls = (content: Part[] | undefined) =>
  (content ?? []).flatMap((part) => (part.type === 'tool_call' && part.tool_call ? [part.tool_call] : []));

const box = (caption: string) => ({ id: 'top', caption, x: 90, y: 120, w: 900, h: 260 });

describeEachDialect('meme editor saves (POST /api/memes/edits)', (dialect) => {
  let openai: OpenAISimulator;
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let agentId: string;
  const template = listMemeTemplates()[0]!;
  const picture = `template:${template.id}`;

  beforeAll(async () => {
    openai = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url, TITLE_CONVO: 'false' },
    });
    [alice, bob] = [new TestClient(server.baseUrl), new TestClient(server.baseUrl)];
    aliceId = (await alice.register()).user.id;
    await bob.register();
    agentId = await insertToolAgent(server, aliceId, [MEME_TOOLS.image]);
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server?.close();
    await openai?.close();
  });
  beforeEach(() => openai.reset());

  /** A reply of Alice's whose model made one meme on a gallery template. */
  async function memeReply() {
    const made = await chatWithToolCalls({ server, client: alice, openai, agentId }, [
      { id: 'call_meme', name: MEME_TOOLS.image, args: { imageUrlString: picture, captionsBoxes: [box('Before')] } },
    ]);
    return { conversationId: made.conversationId, messageId: made.messageId, original: made.call };
  }

  const save = (as: TestClient, body: MemeEditBody) => as.post(MEME_PATHS.edits, body);
  const storedContent = async (messageId: string) =>
    (
      await server.db.kysely
        .selectFrom('messages')
        .select('content')
        .where('message_id', '=', messageId)
        .executeTakeFirstOrThrow()
    ).content;

  it('adds the edited meme after the original, which stays; its JPEG is a stored 1080×1920 file', async () => {
    const { conversationId, messageId, original } = await memeReply();
    const args = { imageUrlString: picture, captionsBoxes: [box('After'), { ...box('More'), id: 'bottom', y: 1500 }] };

    const res = await save(alice, { conversationId, messageId, toolCallId: original.id, args });
    expect(res.status).toBe(201);
    const { message, toolCallId, fileId } = res.json as {
      message: { content: Part[] };
      toolCallId: string;
      fileId: string;
    };
    expect(toolCallId).toMatch(/^call_edit_/);
    expect(conforms(librechat.tMessageSchema, message)).toBe('ok');
    const calls = memeCalls(message.content);
    expect(calls.map((c) => c.id)).toEqual([original.id, toolCallId]);
    expect(calls[0]).toEqual(original);
    const added = calls[1]!;
    expect(added).toMatchObject({ name: MEME_TOOLS.image, progress: 1 });
    expect(JSON.parse(added.args)).toMatchObject({
      imageUrlString: picture,
      captionsBoxes: [{ caption: 'After' }, { caption: 'More' }],
    });
    const output = JSON.parse(added.output) as MemeImageOutput;
    expect(output).toMatchObject({
      status: 'ok',
      file_id: fileId,
      source_url: template.url,
      width: 1080,
      height: 1920,
    });
    expect(output.image_url).toBe(`/images/${aliceId}/${fileId}`);
    // The same alt text as the tool's: the template's description, then the captions.
    expect(output.alt_text).toContain(`Meme: ${template.description.slice(0, 20)}`);
    expect(output.alt_text).toMatch(/After.*More/);

    const row = await server.db.kysely
      .selectFrom('files')
      .selectAll()
      .where('file_id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: aliceId,
      conversation_id: conversationId,
      message_id: messageId,
      type: 'image/jpeg',
    });
    const served = await getBytes(server.baseUrl, alice.token, output.image_url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(served.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1920]);

    // LibreChat's client reads the reply with both memes.
    librechatAxios.defaults.baseURL = server.baseUrl;
    librechat.setTokenHeader(alice.token);
    const stored = (await dataService.getMessagesByConvoId(conversationId)) as { messageId: string; content: Part[] }[];
    const reply = stored.find((m) => m.messageId === messageId);
    expect(conforms(librechat.tMessageSchema, reply)).toBe('ok');
    expect(memeCalls(reply?.content)).toEqual(calls);
  });

  it('keeps a meme\u2019s versions together, in the order they were saved, and lets both of two saves at once land', async () => {
    const { conversationId, messageId, original } = await memeReply();
    const edit = (caption: string) =>
      save(alice, {
        conversationId,
        messageId,
        toolCallId: original.id,
        args: { imageUrlString: picture, captionsBoxes: [box(caption)] },
      });

    const first = await edit('One');
    const [second, third] = await Promise.all([edit('Two'), edit('Three')]);
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);

    const calls = memeCalls(JSON.parse((await storedContent(messageId)) ?? '[]') as Part[]);
    expect(calls[0]).toEqual(original);
    expect(calls.map((c) => c.id).slice(0, 2)).toEqual([original.id, first.json.toolCallId]);
    expect(new Set(calls.slice(2).map((c) => c.id))).toEqual(new Set([second.json.toolCallId, third.json.toolCallId]));
    const files = calls.map((c) => (JSON.parse(c.output) as MemeImageOutput).file_id);
    expect(new Set(files).size).toBe(4);
  });

  it('refuses another user, an unknown call and bad arguments, storing nothing', async () => {
    const { conversationId, messageId, original } = await memeReply();
    const content = await storedContent(messageId);
    const files = await countFileRows(server);
    const args = { imageUrlString: picture, captionsBoxes: [box('Nope')] };

    const theirs = await save(bob, { conversationId, messageId, toolCallId: original.id, args });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ code: 'not_found' });
    const unknownCall = await save(alice, { conversationId, messageId, toolCallId: 'call_nope', args });
    expect(unknownCall.status).toBe(404);
    expect(unknownCall.json).toMatchObject({ code: 'not_found', message: 'Meme not found' });
    // A message of another conversation of hers is not in this one.
    const elsewhere = await memeReply();
    const wrongPlace = await save(alice, {
      conversationId,
      messageId: elsewhere.messageId,
      toolCallId: original.id,
      args,
    });
    expect(wrongPlace.status).toBe(404);
    const afterElsewhere = await countFileRows(server);

    const badBox = await save(alice, {
      conversationId,
      messageId,
      toolCallId: original.id,
      args: { imageUrlString: picture, captionsBoxes: [{ ...box('x'), w: -5 }] },
    });
    expect(badBox.status).toBe(400);
    expect(badBox.json.code).toBe('validation_error');
    const noCall = await save(alice, { conversationId, messageId, args });
    expect(noCall.status).toBe(400);
    expect(noCall.json).toMatchObject({ code: 'validation_error', message: expect.stringMatching(/^toolCallId/) });
    const badPicture = await save(alice, {
      conversationId,
      messageId,
      toolCallId: original.id,
      args: { imageUrlString: 'template:no-such-template', captionsBoxes: [box('x')] },
    });
    expect(badPicture.status).toBe(400);
    expect(badPicture.json).toMatchObject({
      code: 'validation_error',
      message: expect.stringMatching(/no gallery template "no-such-template"/),
    });

    expect(await storedContent(messageId)).toBe(content);
    expect(await countFileRows(server)).toBe(afterElsewhere);
    expect(afterElsewhere).toBe(files + 1);
  });

  it('adds a meme from the gallery as a new message after the parent (or the latest message)', async () => {
    const { conversationId, messageId } = await memeReply();
    const args = { imageUrlString: picture, captionsBoxes: [box('From the gallery')] };

    const res = await save(alice, { conversationId, parentMessageId: messageId, args });
    expect(res.status).toBe(201);
    const added = res.json.message;
    expect(conforms(librechat.tMessageSchema, added)).toBe('ok');
    expect(added).toMatchObject({
      conversationId,
      parentMessageId: messageId,
      isCreatedByUser: false,
      text: '',
      sender: 'Memer',
    });
    expect(memeCalls(added.content).map((c) => c.id)).toEqual([res.json.toolCallId]);
    expect(JSON.parse(memeCalls(added.content)[0]!.output)).toMatchObject({ file_id: res.json.fileId });

    // Without a parent it follows the conversation's latest message.
    const next = await save(alice, { conversationId, args });
    expect(next.status).toBe(201);
    expect(next.json.message.parentMessageId).toBe(added.messageId);

    librechatAxios.defaults.baseURL = server.baseUrl;
    librechat.setTokenHeader(alice.token);
    const stored = (await dataService.getMessagesByConvoId(conversationId)) as { messageId: string }[];
    expect(stored.map((m) => m.messageId)).toEqual(
      expect.arrayContaining([added.messageId, next.json.message.messageId]),
    );
  });

  it('refuses a gallery meme in a conversation that is not the caller\u2019s, or after a message not in it', async () => {
    const { conversationId, messageId } = await memeReply();
    const other = await memeReply();
    const files = await countFileRows(server);
    const args = { imageUrlString: picture, captionsBoxes: [box('x')] };

    for (const [as, body] of [
      [bob, { conversationId, args }],
      [alice, { conversationId: 'new', args }],
      [alice, { conversationId, parentMessageId: other.messageId, args }],
    ] as const) {
      const res = await save(as, body);
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('not_found');
    }
    const mixed = await save(alice, { conversationId, messageId, parentMessageId: NO_PARENT, toolCallId: 'x', args });
    expect(mixed.status).toBe(400);
    expect(await countFileRows(server)).toBe(files);
    const count = await server.db.kysely
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });
});
