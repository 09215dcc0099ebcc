import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEME_PATHS, MEME_TOOLS, NO_PARENT, type MemeImageOutput } from '@confab/shared';
import { startOpenAISimulator, toolResultsOf, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBytes, postUpload } from '../../../test/files-test-kit.js';
import { TestClient } from '../../../test/http-client.js';
import { finalFrame, readSse } from '../../../test/sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { insertToolAgent } from '../../../test/meme-image-test-kit.js';
import { hasIndexFirst, probeVideo, samplePicture } from '../../../test/meme-video-test-kit.js';
import { listMemeTemplates } from './templates/meme-templates.js';

const TOP = { id: 'top', caption: 'ME PLANNING A MEME', x: 60, y: 120, w: 960, h: 240 };
const BOTTOM = { id: 'bottom', caption: 'ME MAKING IT A VIDEO', x: 60, y: 1560, w: 960, h: 240 };

/**
 * The whole meme flow (issue 21, "Done when"): a chat whose model calls create_meme_image, then
 * create_meme_video, over real HTTP with the real tools, renderer, storage and routes.
 */
describeEachDialect('memes: an image, then a video, in one chat', (dialect) => {
  let openai: OpenAISimulator;
  let server: TestServer;
  let owner: TestClient;
  let stranger: TestClient;
  let work: string;
  let agentId: string;
  let flow: {
    conversationId: string;
    replyId: string;
    content: any[];
    imageOutput: MemeImageOutput;
    videoPath: string;
    videoFileId: string;
    modelSaw: { id: string; text: string }[];
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'confab-meme-flow-'));
    openai = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url, TITLE_CONVO: 'false' },
    });
    owner = new TestClient(server.baseUrl);
    stranger = new TestClient(server.baseUrl);
    const ownerId = (await owner.register()).user.id;
    await stranger.register();
    agentId = await insertToolAgent(server, ownerId, [MEME_TOOLS.image, MEME_TOOLS.video]);
    const uploaded = await postUpload(
      server.baseUrl,
      owner.token,
      [{ name: 'holiday.jpg', data: await samplePicture(), type: 'image/jpeg' }],
      { endpoint: 'agents', file_id: randomUUID() },
    );
    expect(uploaded.status).toBe(200);
    const photo = `file:${uploaded.json.file_id as string}`;
    // A second scene on a gallery template when there is one; the photo again otherwise.
    const template = listMemeTemplates()[0];
    const secondPicture = template ? `template:${template.id}` : photo;

    openai.enqueue(
      {
        text: 'Here is your meme. ',
        toolCalls: [
          {
            id: 'call_image',
            name: MEME_TOOLS.image,
            args: { imageUrlString: photo, language: 'en', captionsBoxes: [TOP, BOTTOM] },
          },
        ],
      },
      {
        text: 'And as a video. ',
        toolCalls: [
          {
            id: 'call_video',
            name: MEME_TOOLS.video,
            args: {
              language: 'en',
              scenes: [
                { imageUrlString: photo, captionsBoxes: [TOP, BOTTOM], seconds: 3 },
                { imageUrlString: secondPicture, captionsBoxes: [{ ...TOP, caption: 'NAILED IT' }], seconds: 2 },
              ],
            },
          },
        ],
      },
      { text: 'Enjoy!' },
    );
    const { status, frames } = await readSse(`${server.baseUrl}/api/agents/chat/agents`, {
      token: owner.token,
      body: {
        text: 'Make a meme of my photo, then a video',
        endpoint: 'agents',
        agent_id: agentId,
        parentMessageId: NO_PARENT,
        conversationId: null,
      },
    });
    expect(status).toBe(200);
    const final = finalFrame(frames)?.data;
    const content = final.responseMessage.content as any[];
    const calls = content.filter((p) => p.type === 'tool_call').map((p) => p.tool_call);
    const videoOutput = JSON.parse(calls[1].output) as [{ type: string; text: string }];
    const videoPath = videoOutput[0].text;
    const modelRequests = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
    flow = {
      conversationId: final.conversation.conversationId,
      replyId: final.responseMessage.messageId,
      content,
      imageOutput: JSON.parse(calls[0].output) as MemeImageOutput,
      videoPath,
      videoFileId: /^\/api\/memes\/videos\/([^/]+)\.mp4$/.exec(videoPath)?.[1] ?? '',
      // The last request carries the whole turn, both tool results included.
      modelSaw: toolResultsOf(modelRequests.at(-1)!).map((result) => ({ id: result.id ?? '', text: result.text })),
    };
  }, 60_000);
  afterAll(async () => {
    // A video streamed in the last test may still be finishing when close() drops idle
    // connections; its keep-alive socket would then hold close() for Fastify's 72 s.
    server?.app.server.closeAllConnections();
    await server?.close();
    await openai?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** GET the video, its body read whole (a response left unread would hold its connection open). */
  async function fetchVideo(token: string | undefined, query = '', headers: Record<string, string> = {}) {
    const res = await fetch(`${server.baseUrl}${flow.videoPath}${query}`, {
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  }

  it('stores both tool calls with their outputs, the video output as SPEC 3 says', async () => {
    expect(flow.content.map((p) => p.type)).toEqual(['text', 'tool_call', 'text', 'tool_call', 'text']);
    const [image, video] = flow.content.filter((p) => p.type === 'tool_call').map((p) => p.tool_call);
    expect(image).toMatchObject({ id: 'call_image', name: MEME_TOOLS.image, progress: 1 });
    expect(flow.imageOutput).toMatchObject({ status: 'ok', width: 1080, height: 1920, overflow: [] });
    expect(video).toMatchObject({ id: 'call_video', name: MEME_TOOLS.video, progress: 1 });
    expect(JSON.parse(video.output)).toEqual([
      { type: 'text', text: MEME_PATHS.video(flow.videoFileId) },
      { type: 'text', text: expect.stringMatching(/^Alt text: Meme video\b/) },
    ]);
    expect(flow.videoFileId).toMatch(/^[0-9a-f-]{36}$/);

    // The model read both outputs; the conversation keeps the reply as it was streamed.
    expect(flow.modelSaw.map((r) => r.id)).toEqual(['call_image', 'call_video']);
    expect(flow.modelSaw[1]?.text).toBe(video.output);
    const listed = await owner.get(`/api/messages/${flow.conversationId}`);
    expect(listed.json.find((m: any) => m.messageId === flow.replyId).content).toEqual(flow.content);
  });

  it('serves the video to its owner as a valid H.264 mp4 within 1080×1920', async () => {
    const res = await fetchVideo(owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    const data = res.body;
    expect(Number(res.headers.get('content-length'))).toBe(data.length);
    expect(hasIndexFirst(data)).toBe(true);

    const file = join(work, `${dialect}.mp4`);
    writeFileSync(file, data);
    const probed = await probeVideo(file);
    expect(probed.codec).toBe('h264');
    expect(probed.seconds).toBeGreaterThan(0);
    expect(probed.seconds).toBeCloseTo(5, 1);
    expect(probed.width).toBeLessThanOrEqual(1080);
    expect(probed.height).toBeLessThanOrEqual(1920);

    // Kept in the owner's files, linked to the reply, with a poster for lists.
    const row = await server.db.kysely
      .selectFrom('files')
      .selectAll()
      .where('file_id', '=', flow.videoFileId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'video/mp4',
      conversation_id: flow.conversationId,
      message_id: flow.replyId,
      bytes: data.length,
    });
    expect(row.filename).toMatch(/^confab-video-\d{4}-\d{2}-\d{2}T[\d-]+Z\.mp4$/);
    expect(row.thumbnail_type).toBe('image/jpeg');
    // The player shows that poster before it plays: the owner's only.
    const poster = await getBytes(server.baseUrl, owner.token, MEME_PATHS.videoPoster(flow.videoFileId));
    expect([poster.status, poster.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(poster.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await getBytes(server.baseUrl, stranger.token, MEME_PATHS.videoPoster(flow.videoFileId))).status).toBe(404);
    // Nothing of the render is left in the data folder's temp space.
    expect(readdirSync(join(server.dataDir, 'tmp', 'memes'))).toEqual([]);
  });

  it('answers a byte range, so players can seek', async () => {
    const whole = (await fetchVideo(owner.token)).body;
    const part = await fetchVideo(owner.token, '', { range: 'bytes=100-1099' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${whole.length}`);
    expect(part.body).toEqual(whole.subarray(100, 1100));
    const tail = await fetchVideo(owner.token, '', { range: 'bytes=-10' });
    expect(tail.body).toEqual(whole.subarray(-10));
    const past = await fetchVideo(owner.token, '', { range: `bytes=${whole.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it('is a 404 for another user, as a video that does not exist; a 401 without a token', async () => {
    const theirs = await fetchVideo(stranger.token);
    expect(theirs.status).toBe(404);
    const missing = await getBytes(server.baseUrl, owner.token, MEME_PATHS.video(randomUUID()));
    expect(missing.status).toBe(404);
    expect(JSON.parse(theirs.body.toString())).toEqual(JSON.parse(missing.body.toString()));
    // The owner's other files are not videos here.
    expect((await getBytes(server.baseUrl, owner.token, MEME_PATHS.video(flow.imageOutput.file_id))).status).toBe(404);
    expect((await fetchVideo(undefined)).status).toBe(401);
  });

  it('plays through a public shared link of its conversation only', async () => {
    const { shareId } = (await owner.post(`/api/share/${flow.conversationId}`)).json;
    // No token: the link opens it, for anyone, as it opens the conversation.
    const shared = await fetchVideo(undefined, `?shareId=${shareId}`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-type')).toBe('video/mp4');
    expect((await fetchVideo(stranger.token, `?shareId=${shareId}`)).status).toBe(200);

    // Another conversation's link, an unknown link, a malformed one: the 404 of no video.
    const { shareId: otherShare } = await shareOfNewConversation();
    expect((await fetchVideo(undefined, `?shareId=${otherShare}`)).status).toBe(404);
    expect((await fetchVideo(undefined, '?shareId=AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await fetchVideo(undefined, '?shareId=not-a-share')).status).toBe(404);

    // A link that is not public no longer opens it.
    await server.db.kysely.updateTable('shared_links').set({ is_public: 0 }).where('share_id', '=', shareId).execute();
    expect((await fetchVideo(undefined, `?shareId=${shareId}`)).status).toBe(404);
    await server.db.kysely.updateTable('shared_links').set({ is_public: 1 }).where('share_id', '=', shareId).execute();
    // Refreshing the link retires the old id.
    const { shareId: refreshed } = (await owner.patch(`/api/share/${shareId}`)).json;
    expect((await fetchVideo(undefined, `?shareId=${shareId}`)).status).toBe(404);
    expect((await fetchVideo(undefined, `?shareId=${refreshed}`)).status).toBe(200);
  });

  /** Another conversation of the owner's (one turn without tools) and its shared link. */
  async function shareOfNewConversation(): Promise<{ shareId: string }> {
    openai.enqueue({ text: 'Hi.' });
    const { frames } = await readSse(`${server.baseUrl}/api/agents/chat/agents`, {
      token: owner.token,
      body: { text: 'Hello', endpoint: 'agents', agent_id: agentId, parentMessageId: NO_PARENT, conversationId: null },
    });
    const conversationId = finalFrame(frames)?.data.conversation.conversationId as string;
    return (await owner.post(`/api/share/${conversationId}`)).json;
  }
});

describe('memes turned off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { memes: { enabled: false } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('offers no video tool', async () => {
    const client = new TestClient(server.baseUrl);
    const { user } = await client.register();
    const names = (await server.app.tools.listFor(user.id)).map((tool) => tool.name);
    expect(names).not.toContain(MEME_TOOLS.video);
  });
});
