import { MEME_TOOLS, NO_PARENT, type MemeImageOutput } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator, type ScriptedToolCall } from '@confab/testkit';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getBytes, pngImage, postUpload } from '../../../test/files-test-kit.js';
import { TestClient } from '../../../test/http-client.js';
import { readSse } from '../../../test/sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { createGuardedFetch } from '../../platform/egress.js';
import { chatWithToolCalls, insertToolAgent } from '../../../test/meme-image-test-kit.js';
import { listMemeTemplates } from './templates/meme-templates.js';

/** The host the tests' memesFetch sends to the local picture server; any other goes through the real egress guard. */
const PICTURE_HOST = 'pictures.example';

/** A local "internet" of pictures: a PNG, a JPEG that redirects, an HTML page, and a picture too large. */
async function startPictureServer(): Promise<{ server: Server; url: string; hits: string[] }> {
  const png = await pngImage(800, 600, '#3060c0');
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/cat.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/moved') return res.writeHead(302, { location: '/cat.png' }).end();
    if (req.url === '/page.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end('<html><body>not a picture</body></html>');
    if (req.url === '/huge.png') {
      // Claims nothing and streams past the limit: it must be cut while reading.
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 30 && res.write(chunk)) sent++;
        if (sent < 30) res.once('drain', pump);
        else res.end();
      };
      res.on('error', () => undefined);
      return pump();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

describeEachDialect('create_meme_image', (dialect) => {
  let openai: OpenAISimulator;
  let pictures: Awaited<ReturnType<typeof startPictureServer>>;
  let server: TestServer;
  let client: TestClient;
  let other: TestClient;
  let userId: string;
  let agentId: string;
  let photo: { file_id: string; filepath: string };

  beforeAll(async () => {
    openai = await startOpenAISimulator({ apiKey: 'sk-test' });
    pictures = await startPictureServer();
    const guarded = createGuardedFetch();
    const memesFetch = ((input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);
      if (url.hostname !== PICTURE_HOST) return guarded(input, init);
      return fetch(`${pictures.url}${url.pathname}`, init);
    }) as typeof fetch;
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url, TITLE_CONVO: 'false' },
      memesFetch,
    });
    client = new TestClient(server.baseUrl);
    other = new TestClient(server.baseUrl);
    userId = (await client.register()).user.id;
    await other.register();
    agentId = await insertToolAgent(server, userId, [MEME_TOOLS.image]);
    const uploaded = await postUpload(
      server.baseUrl,
      client.token,
      [{ name: 'photo.png', data: await pngImage(640, 480), type: 'image/png' }],
      {
        endpoint: 'agents',
        file_id: crypto.randomUUID(),
      },
    );
    expect(uploaded.status).toBe(200);
    photo = uploaded.json;
  });
  afterAll(async () => {
    await server?.close();
    await openai?.close();
    pictures?.server.close();
  });
  beforeEach(() => openai.reset());

  /** A chat whose model calls create_meme_image with `args` once, then answers; the stored tool call. */
  async function callMemeTool(args: unknown) {
    const call: ScriptedToolCall = { id: 'call_meme', name: MEME_TOOLS.image, args: args as Record<string, unknown> };
    const {
      call: stored,
      fedBack,
      conversationId,
      messageId,
    } = await chatWithToolCalls({ server, client, openai, agentId }, [call]);
    return { call: stored, modelSaw: fedBack[0], conversationId, messageId };
  }

  const box = (caption: string, extra: Record<string, unknown> = {}) => ({
    id: 'top',
    caption,
    x: 90,
    y: 120,
    w: 900,
    h: 260,
    ...extra,
  });

  it('renders a captioned 1080×1920 JPEG on the user\u2019s photo, kept in the reply and served to its owner only', async () => {
    const { call, modelSaw, conversationId, messageId } = await callMemeTool({
      imageUrlString: `file:${photo.file_id}`,
      language: 'en',
      captionsBoxes: [box('When the build passes on the first try')],
    });
    expect(call).toMatchObject({ name: MEME_TOOLS.image, progress: 1 });
    const output = JSON.parse(call.output) as MemeImageOutput;
    expect(modelSaw).toBe(call.output);
    expect(output).toMatchObject({ status: 'ok', source_url: photo.filepath, width: 1080, height: 1920, overflow: [] });
    expect(output.image_url).toBe(`/images/${userId}/${output.file_id}`);

    const served = await getBytes(server.baseUrl, client.token, output.image_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(served.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1920]);
    expect((await getBytes(server.baseUrl, other.token, output.image_url)).status).toBe(404);

    const row = await server.db.kysely
      .selectFrom('files')
      .selectAll()
      .where('file_id', '=', output.file_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: userId,
      conversation_id: conversationId,
      message_id: messageId,
      type: 'image/jpeg',
      width: 1080,
      height: 1920,
    });
    expect(row.filename).toMatch(/^meme-.+\.jpg$/);
    expect(row.thumbnail_key).not.toBeNull();
  });

  it('also reads the photo by its /images path and its bare id', async () => {
    for (const imageUrlString of [photo.filepath, photo.file_id]) {
      const { call } = await callMemeTool({ imageUrlString, captionsBoxes: [box('Same photo')] });
      expect(JSON.parse(call.output).source_url).toBe(photo.filepath);
    }
  });

  it('uses a gallery template by name', async () => {
    const template = listMemeTemplates()[0];
    if (!template) {
      const { call } = await callMemeTool({ imageUrlString: 'template:no-such-template' });
      expect(call.output).toMatch(/no gallery template "no-such-template"/);
      return;
    }
    const { call } = await callMemeTool({ imageUrlString: `template:${template.id}`, captionsBoxes: template.boxes });
    expect(JSON.parse(call.output)).toMatchObject({ status: 'ok', source_url: template.url });
  });

  it('treats another user\u2019s file as not found, without saying it exists', async () => {
    const theirs = await postUpload(
      server.baseUrl,
      other.token,
      [{ name: 'secret.png', data: await pngImage(), type: 'image/png' }],
      {
        endpoint: 'agents',
        file_id: crypto.randomUUID(),
      },
    );
    for (const imageUrlString of [`file:${theirs.json.file_id}`, theirs.json.filepath]) {
      const { call, modelSaw } = await callMemeTool({ imageUrlString });
      expect(call.output).toMatch(
        /^Error processing tool create_meme_image: No image ".+" was found among the user's files/,
      );
      expect(modelSaw).toBe(call.output);
    }
  });

  it('fetches a remote picture, keeps it as the user\u2019s file and draws on it (following a redirect)', async () => {
    for (const path of ['/cat.png', '/moved']) {
      const { call } = await callMemeTool({
        imageUrlString: `https://${PICTURE_HOST}${path}`,
        captionsBoxes: [box('From the web')],
      });
      const output = JSON.parse(call.output) as MemeImageOutput;
      expect(output.status).toBe('ok');
      const sourceId = output.source_url.split('/').pop()!;
      expect(output.source_url).toBe(`/images/${userId}/${sourceId}`);
      const kept = await getBytes(server.baseUrl, client.token, output.source_url);
      expect(kept.status).toBe(200);
      const meta = await sharp(kept.body).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([800, 600, undefined]);
      const row = await server.db.kysely
        .selectFrom('files')
        .selectAll()
        .where('file_id', '=', sourceId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: userId, filename: 'cat.jpg', context: 'message_attachment' });
    }
    expect(pictures.hits).toEqual(expect.arrayContaining(['/cat.png', '/moved']));
  });

  it('refuses loopback addresses through the real egress guard, non-pictures and pictures too large', async () => {
    const before = pictures.hits.length;
    const local = await callMemeTool({ imageUrlString: `${pictures.url}/cat.png` });
    expect(local.call.output).toMatch(
      /is not allowed: the server fetches pictures only from public internet addresses/,
    );
    expect(pictures.hits.length).toBe(before);

    const page = await callMemeTool({ imageUrlString: `https://${PICTURE_HOST}/page.png` });
    expect(page.call.output).toMatch(/is not a picture: only JPEG, PNG, WebP and GIF/);
    const huge = await callMemeTool({ imageUrlString: `https://${PICTURE_HOST}/huge.png` });
    expect(huge.call.output).toMatch(/larger than 20 MB/);
    const missing = await callMemeTool({ imageUrlString: `https://${PICTURE_HOST}/gone.png` });
    expect(missing.call.output).toMatch(/answered 404/);
  });

  it('keeps a data URL picture as the user\u2019s file', async () => {
    const data = (await pngImage(300, 200, '#20a020')).toString('base64');
    const { call } = await callMemeTool({
      imageUrlString: `data:image/png;base64,${data}`,
      captionsBoxes: [box('Inline')],
    });
    const output = JSON.parse(call.output) as MemeImageOutput;
    expect(output.source_url).toMatch(new RegExp(`^/images/${userId}/`));
  });

  it('lists the captions that cannot fit in overflow', async () => {
    const { call } = await callMemeTool({
      imageUrlString: `file:${photo.file_id}`,
      captionsBoxes: [
        box('Fits nicely'),
        {
          id: 'tiny',
          caption: 'This caption is far too long for a box this small to hold',
          x: 100,
          y: 900,
          w: 40,
          h: 12,
        },
      ],
    });
    expect(JSON.parse(call.output).overflow).toEqual(['tiny']);
  });

  it('explains invalid arguments and unusable pictures to the model', async () => {
    const missing = await callMemeTool({ captionsBoxes: [] });
    expect(missing.call.output).toMatch(/arguments of create_meme_image are not valid/);
    expect(missing.call.output).toMatch(/imageUrlString/);
    const badBox = await callMemeTool({
      imageUrlString: `file:${photo.file_id}`,
      captionsBoxes: [{ id: 'a', caption: 'x', x: 0, y: 0, w: -5, h: 10, fontColor: 'url(x)' }],
    });
    expect(badBox.call.output).toMatch(/captionsBoxes\[0\]\.w/);
    expect(badBox.call.output).toMatch(/fontColor/);
    const nonsense = await callMemeTool({ imageUrlString: 'a picture of a cat' });
    expect(nonsense.call.output).toMatch(/is not a picture the tool can use\. Use one of: `template:<id>`/);
  });

  it('describes the canvas, the boxes and the accepted pictures with a schema providers accept', async () => {
    openai.enqueue({ text: 'Hi.' });
    await readSse(`${server.baseUrl}/api/agents/chat/agents`, {
      token: client.token,
      body: { text: 'Hello', endpoint: 'agents', agent_id: agentId, parentMessageId: NO_PARENT, conversationId: null },
    });
    const declared = openai.requests.find((r) => r.path.endsWith('/chat/completions'))!.body.tools[0].function;
    expect(declared.name).toBe(MEME_TOOLS.image);
    expect(declared.description).toMatch(/1080×1920/);
    expect(declared.description).toMatch(/from 100 px down to 20 px/);
    expect(declared.parameters).toMatchObject({ type: 'object', required: ['imageUrlString'] });
    expect(declared.parameters).not.toHaveProperty('$schema');
    expect(declared.parameters.properties.captionsBoxes.items.required).toEqual(['id', 'caption', 'x', 'y', 'w', 'h']);
  });
});

describe('create_meme_image when memes are off', () => {
  it('is not in the registry', async () => {
    const server = await startTestServer({ config: { memes: { enabled: false } } });
    try {
      const client = new TestClient(server.baseUrl);
      const { user } = await client.register();
      expect((await server.app.tools.listFor(user.id)).map((t) => t.name)).not.toContain(MEME_TOOLS.image);
    } finally {
      await server.close();
    }
  });
});
