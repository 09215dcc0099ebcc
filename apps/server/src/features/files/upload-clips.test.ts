import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MEME_TOOLS, NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countFileRows, getBytes, postUpload } from '../../../test/files-test-kit.js';
import { TestClient } from '../../../test/http-client.js';
import { insertToolAgent } from '../../../test/meme-image-test-kit.js';
import { makeClip } from '../../../test/meme-clip-test-kit.js';
import { finalFrame, readSse } from '../../../test/sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { ffmpegPath } from '../memes/meme-video-ffmpeg.js';

const BOX = { id: 'top', caption: 'ME AT 3 AM', x: 60, y: 120, w: 960, h: 240 };

/** A 1 s GIF of 5 different frames (ffmpeg's moving test pattern: frames alike would be merged). */
const makeMovingGif = (file: string) =>
  promisify(execFile)(ffmpegPath(), ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=s=160x90:r=5:d=1', '-y', file]);

/**
 * Issue 39: the user's own clip, attached like any file through POST /api/files with the default
 * file config, then captioned by create_meme_video in a chat whose model is told its id.
 */
describeEachDialect('uploading a video or an animated GIF for the meme tools', (dialect) => {
  let openai: OpenAISimulator;
  let server: TestServer;
  let client: TestClient;
  let work: string;
  let agentId: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'confab-upload-clips-'));
    await Promise.all([makeClip(join(work, 'clip.mp4'), { seconds: 2 }), makeMovingGif(join(work, 'loop.gif'))]);
    openai = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url, TITLE_CONVO: 'false' },
    });
    client = new TestClient(server.baseUrl);
    agentId = await insertToolAgent(server, (await client.register()).user.id, [MEME_TOOLS.video]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await openai?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** An agents-endpoint attachment without a tool resource, as the composer sends a picture or a video. */
  const upload = (name: string, type: string, data: Buffer = readFileSync(join(work, name)), path?: string) =>
    postUpload(
      server.baseUrl,
      client.token,
      [{ name, data, type }],
      { endpoint: 'agents', file_id: randomUUID() },
      path,
    );

  it('stores an mp4 as it is, with its type and no text, for its owner only', async () => {
    const data = readFileSync(join(work, 'clip.mp4'));
    const res = await upload('clip.mp4', 'video/mp4');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ type: 'video/mp4', bytes: data.length, filename: 'clip.mp4', embedded: false });
    const row = await server.db.kysely
      .selectFrom('files')
      .select(['text', 'thumbnail_key', 'tool_resource'])
      .where('file_id', '=', res.json.file_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ text: null, thumbnail_key: null, tool_resource: null });
    const stored = await getBytes(server.baseUrl, client.token, res.json.filepath);
    expect(stored.status).toBe(200);
    expect(stored.body.equals(data)).toBe(true);
    const stranger = new TestClient(server.baseUrl);
    await stranger.register();
    expect((await getBytes(server.baseUrl, stranger.token, res.json.filepath)).status).toBe(404);
  });

  it('keeps an uploaded GIF animated, its thumbnail a still; a still picture is re-encoded as before', async () => {
    const res = await upload('loop.gif', 'image/gif', undefined, '/api/files/images');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ type: 'image/gif', width: 160, height: 90 });
    const stored = await getBytes(server.baseUrl, client.token, res.json.filepath);
    const meta = await sharp(stored.body, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.pageHeight]).toEqual(['gif', 5, 90]);
    const thumbnail = await server.db.kysely
      .selectFrom('files')
      .select(['thumbnail_type'])
      .where('file_id', '=', res.json.file_id)
      .executeTakeFirstOrThrow();
    expect(thumbnail.thumbnail_type).not.toBe('image/gif');

    const still = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    const stillRes = await upload('still.gif', 'image/gif', still, '/api/files/images');
    expect(stillRes.status).toBe(200);
    expect(stillRes.json.type).not.toBe('image/gif');
  });

  it('refuses a file that only claims to be a video, and other types, storing nothing', async () => {
    const rows = await countFileRows(server);
    const fake = await upload('fake.mp4', 'video/mp4', Buffer.from('not a video at all'));
    expect([fake.status, fake.json]).toEqual([
      400,
      { code: 'invalid_file', message: 'Currently, unsupported file type: application/octet-stream' },
    ]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    const program = await upload('setup.exe', 'application/x-msdownload', exe);
    expect(program.status).toBe(400);
    expect(program.json.code).toBe('invalid_file');
    expect(await countFileRows(server)).toBe(rows);
  });

  it('names the clip to the model, which captions it with create_meme_video', async () => {
    const clip = (await upload('mine.mp4', 'video/mp4', readFileSync(join(work, 'clip.mp4')))).json;
    const gif = (await upload('mine.gif', 'image/gif', readFileSync(join(work, 'loop.gif')), '/api/files/images')).json;
    openai.enqueue(
      {
        toolCalls: [
          {
            id: 'call_clip',
            name: MEME_TOOLS.video,
            args: {
              format: 'gif',
              width: 120,
              fps: 5,
              scenes: [
                { imageUrlString: `file:${clip.file_id}`, duration: 1, captionsBoxes: [BOX] },
                { imageUrlString: `file:${gif.file_id}`, captionsBoxes: [BOX] },
              ],
            },
          },
        ],
      },
      { text: 'Done.' },
    );
    const before = openai.requests.length;
    const { status, frames } = await readSse(`${server.baseUrl}/api/agents/chat/agents`, {
      token: client.token,
      body: {
        text: 'Caption my clips',
        endpoint: 'agents',
        agent_id: agentId,
        parentMessageId: NO_PARENT,
        conversationId: null,
        files: [clip, gif].map((f) => ({ file_id: f.file_id, filepath: f.filepath, type: f.type })),
      },
    });
    expect(status).toBe(200);

    // The model read the clip's id beside the text, and the GIF as a still picture with its id.
    const first = openai.requests.slice(before).find((r) => r.path.endsWith('/chat/completions'));
    const user = (first?.body.messages as { role: string; content: unknown }[]).findLast((m) => m.role === 'user');
    const parts = user?.content as { type: string; text?: string; image_url?: { url: string } }[];
    const text = parts.map((p) => p.text ?? '').join('\n');
    expect(text).toContain(`"mine.mp4" = file:${clip.file_id}`);
    expect(text).toContain(`"mine.gif" = file:${gif.file_id}`);
    expect(parts.filter((p) => p.type === 'image_url').map((p) => p.image_url?.url.slice(0, 22))).toEqual([
      'data:image/png;base64,',
    ]);

    const content = finalFrame(frames)?.data.responseMessage.content as { type: string; tool_call?: any }[];
    const call = content.find((p) => p.type === 'tool_call')?.tool_call;
    expect(call).toMatchObject({ name: MEME_TOOLS.video, progress: 1 });
    const url = (JSON.parse(call.output as string) as { text: string }[])[0]?.text ?? '';
    expect(url, call.output).toMatch(/^\/api\/memes\/videos\/[0-9a-f-]{36}\.gif$/);
    const made = await getBytes(server.baseUrl, client.token, url);
    expect(made.status).toBe(200);
    expect((await sharp(made.body, { animated: true }).metadata()).pages).toBeGreaterThan(1);
  }, 60_000);
});
