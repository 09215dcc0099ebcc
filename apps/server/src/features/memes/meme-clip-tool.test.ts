import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { MEME_CLIP, MEME_TOOLS } from '@confab/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFileRows, getBytes, postUpload } from '../../../test/files-test-kit.js';
import { makeClip } from '../../../test/meme-clip-test-kit.js';
import { TestClient } from '../../../test/http-client.js';
import { meanBrightness, probeVideo } from '../../../test/meme-video-test-kit.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { LocalStorage } from '../../platform/storage/local-storage.js';
import type { ToolDefinition, ToolOutput } from '../tools/tool-types.js';

const BOX = { id: 'top', caption: 'ME AT 3 AM', x: 60, y: 120, w: 960, h: 240 };

/** Files that list recursively under a folder (the store's keys). */
const filesUnder = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

/** create_meme_video with a clip the user attached through POST /api/files. */
describe('create_meme_video with the user’s own clips', () => {
  let server: TestServer;
  let tool: ToolDefinition;
  let owner: TestClient;
  let userId: string;
  let work: string;
  let storeRoot: string;
  let storage: LocalStorage;
  let clip: string;
  let gif: string;
  let longClip: string;
  let strangersClip: string;

  /** Attached as the composer does: a video to /api/files, a GIF (a picture) to /api/files/images. */
  async function upload(client: TestClient, name: string, type: string): Promise<string> {
    const res = await postUpload(
      server.baseUrl,
      client.token,
      [{ name, data: readFileSync(join(work, name)), type }],
      { endpoint: 'agents', file_id: randomUUID() },
      type === 'image/gif' ? '/api/files/images' : undefined,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return `file:${res.json.file_id as string}`;
  }

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'confab-meme-clips-'));
    storeRoot = join(work, 'store');
    await Promise.all([
      makeClip(join(work, 'clip.mp4'), { seconds: 3 }),
      makeClip(join(work, 'loop.gif'), { seconds: 2, moving: true }),
      // Over the length limit but a few KB: 1 fps of a tiny black frame.
      makeClip(join(work, 'long.mp4'), { seconds: MEME_CLIP.maxInputSeconds + 5, fps: 1, size: '32x32' }),
    ]);
    storage = new LocalStorage(storeRoot);
    server = await startTestServer({ storage });
    owner = new TestClient(server.baseUrl);
    const stranger = new TestClient(server.baseUrl);
    userId = (await owner.register()).user.id;
    await stranger.register();
    [clip, longClip, strangersClip, gif] = await Promise.all([
      upload(owner, 'clip.mp4', 'video/mp4'),
      upload(owner, 'long.mp4', 'video/mp4'),
      upload(stranger, 'clip.mp4', 'video/mp4'),
      upload(owner, 'loop.gif', 'image/gif'),
    ]);
    const found = await server.app.tools.get(userId, MEME_TOOLS.video);
    if (!found) throw new Error('create_meme_video is not in the registry');
    tool = found;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const run = (args: unknown, reportProgress?: (fraction: number) => void): Promise<ToolOutput> =>
    tool.run(
      {
        userId,
        conversationId: randomUUID(),
        messageId: randomUUID(),
        toolCallId: 'call_clip',
        signal: new AbortController().signal,
        log: server.app.log,
        reportProgress,
      },
      args,
    );
  const textOf = (output: ToolOutput) => output.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const urlOf = (output: ToolOutput) => (JSON.parse(textOf(output)) as { text: string }[])[0]?.text ?? '';

  it('captions the clip, cut to its trim, and reports progress while it renders', async () => {
    const progress: number[] = [];
    const output = await run(
      { scenes: [{ imageUrlString: clip, trimStart: 1, duration: 1.5, captionsBoxes: [BOX] }], width: 120, fps: 10 },
      (fraction) => progress.push(fraction),
    );
    expect(output.isError, textOf(output)).toBeFalsy();
    const url = urlOf(output);
    expect(url).toMatch(/^\/api\/memes\/videos\/[0-9a-f-]{36}\.mp4$/);
    const res = await getBytes(server.baseUrl, owner.token, url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    const file = join(work, 'out.mp4');
    writeFileSync(file, res.body);
    expect(await probeVideo(file)).toMatchObject({ width: 120, height: 214, frames: 15, seconds: 1.5 });
    expect(progress.length).toBeGreaterThan(0);
    // Its poster (the file's thumbnail, 360×640) is the clip's frame with the caption, white on black.
    const fileId = /videos\/([0-9a-f-]{36})\./.exec(url)?.[1] ?? '';
    const row = await server.db.kysely
      .selectFrom('files')
      .select('thumbnail_key')
      .where('file_id', '=', fileId)
      .executeTakeFirstOrThrow();
    const poster = await sharp(await buffer(await storage.get(row.thumbnail_key ?? '')))
      .greyscale()
      .raw()
      .toBuffer();
    expect(meanBrightness({ data: poster, width: 360 }, { x: 20, y: 40, w: 320, h: 80 })).toBeGreaterThan(10);
  });

  it('makes a GIF of an attached GIF, served as image/gif under its own extension only', async () => {
    const output = await run({
      format: 'gif',
      width: 120,
      fps: 5,
      scenes: [{ imageUrlString: gif, captionsBoxes: [BOX] }],
    });
    expect(output.isError, textOf(output)).toBeFalsy();
    const url = urlOf(output);
    expect(url).toMatch(/\.gif$/);
    const res = await getBytes(server.baseUrl, owner.token, url);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/gif']);
    expect(res.body.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect((await getBytes(server.baseUrl, owner.token, url.replace(/\.gif$/, '.mp4'))).status).toBe(404);
  });

  it('refuses a clip over the length limit, saying the limit, and stores nothing', async () => {
    const [rows, stored] = [await countFileRows(server), filesUnder(storeRoot)];
    const output = await run({ scenes: [{ imageUrlString: longClip, duration: 2 }] });
    expect(output.isError).toBe(true);
    expect(textOf(output)).toMatch(
      new RegExp(
        `lasts 65\\.0 seconds; a clip can be at most ${MEME_CLIP.maxInputSeconds} seconds long \\(a longer one is not cut\\)`,
      ),
    );
    expect(await countFileRows(server)).toBe(rows);
    expect(filesUnder(storeRoot)).toEqual(stored);
    expect(readdirSync(join(server.dataDir, 'tmp', 'memes'))).toEqual([]);
  });

  it('says a trim past the clip’s end, and another user’s clip is not found', async () => {
    const past = await run({ scenes: [{ imageUrlString: clip, trimStart: 2.5, duration: 2 }] });
    expect(past.isError).toBe(true);
    expect(textOf(past)).toMatch(/goes past the clip's end: it lasts 3\.00 seconds/);

    const theirs = await run({ scenes: [{ imageUrlString: strangersClip }] });
    expect(theirs.isError).toBe(true);
    expect(textOf(theirs)).toMatch(/^No image ".*" was found among the user's files/);
  });

  it('refuses a timed caption that ends before it starts', async () => {
    const output = await run({ scenes: [{ imageUrlString: clip, captionsBoxes: [{ ...BOX, start: 2, end: 1 }] }] });
    expect(output).toMatchObject({ isError: true });
    expect(textOf(output)).toBe('scenes.0.captionsBoxes.0: end (1) must be after start (2).');
  });
});
