import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MEME_PATHS, MEME_TOOLS, MEME_VIDEO, memeVideoOutputAltText } from '@confab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postUpload } from '../../../test/files-test-kit.js';
import { TestClient } from '../../../test/http-client.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import type { ToolDefinition, ToolOutput } from '../tools/tool-types.js';
import { ownFfmpegProcesses, samplePicture } from '../../../test/meme-video-test-kit.js';

const BOX = { id: 'top', caption: 'MONDAY AGAIN', x: 60, y: 120, w: 960, h: 240 };

/** create_meme_video as the tool loop runs it: from the registry, with a call's context. */
describe('create_meme_video', () => {
  let server: TestServer;
  let tool: ToolDefinition;
  let userId: string;
  let strangerId: string;
  let photo: string;
  let strangersPhoto: string;

  async function uploadPicture(client: TestClient): Promise<string> {
    const res = await postUpload(
      server.baseUrl,
      client.token,
      [{ name: 'photo.jpg', data: await samplePicture(), type: 'image/jpeg' }],
      { endpoint: 'agents', file_id: randomUUID() },
    );
    expect(res.status).toBe(200);
    return res.json.file_id as string;
  }

  beforeAll(async () => {
    server = await startTestServer();
    const owner = new TestClient(server.baseUrl);
    const stranger = new TestClient(server.baseUrl);
    userId = (await owner.register()).user.id;
    strangerId = (await stranger.register()).user.id;
    photo = `file:${await uploadPicture(owner)}`;
    strangersPhoto = `file:${await uploadPicture(stranger)}`;
    const found = await server.app.tools.get(userId, MEME_TOOLS.video);
    if (!found) throw new Error('create_meme_video is not in the registry');
    tool = found;
  });
  afterAll(async () => {
    await server?.close();
  });

  const run = (args: unknown, signal = new AbortController().signal): Promise<ToolOutput> =>
    tool.run(
      {
        userId,
        conversationId: randomUUID(),
        messageId: randomUUID(),
        toolCallId: 'call_video',
        signal,
        log: server.app.log,
      },
      args,
    );
  const textOf = (output: ToolOutput) => output.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const videoRows = () =>
    server.db.kysely
      .selectFrom('files')
      .select('file_id')
      .where('user_id', '=', userId)
      .where('type', '=', 'video/mp4')
      .execute();

  it('tells the model its arguments as a JSON schema, with the limits', () => {
    const schema = tool.inputSchema as any;
    expect(schema.$schema).toBeUndefined();
    expect(schema).toMatchObject({ type: 'object', required: ['scenes'] });
    expect(schema.properties.scenes).toMatchObject({ type: 'array', minItems: 1, maxItems: MEME_VIDEO.maxScenes });
    expect(schema.properties.scenes.items.required).toEqual(['imageUrlString']);
    expect(schema.properties.scenes.items.properties.captionsBoxes.items.required).toEqual([
      'id',
      'caption',
      'x',
      'y',
      'w',
      'h',
    ]);
    expect(tool.description).toContain('1080×1920');
    expect(tool.description).toContain(MEME_TOOLS.image);
    expect(tool.description).toContain(`${MEME_VIDEO.maxSeconds} seconds`);
  });

  it('answers one text part holding SPEC 3 video output: the URL, then the alt text', async () => {
    const output = await run({ scenes: [{ imageUrlString: photo, captionsBoxes: [BOX], seconds: 1 }] });
    expect(output.isError).toBeFalsy();
    expect(output.parts).toHaveLength(1);
    const items = JSON.parse(textOf(output)) as { type: string; text: string }[];
    expect(items).toEqual([
      { type: 'text', text: expect.stringMatching(/^\/api\/memes\/videos\/[0-9a-f-]{36}\.mp4$/) },
      { type: 'text', text: 'Alt text: Meme video. Top caption: \u201cMONDAY AGAIN\u201d.' },
    ]);
    const rows = await videoRows();
    expect(items[0]?.text).toBe(MEME_PATHS.video(rows.at(-1)?.file_id ?? ''));
  });

  it("describes a gallery template's picture in the alt text when the scene gives no description", async () => {
    const scenes = [
      { imageUrlString: 'template:surprised-cat', captionsBoxes: [BOX], seconds: 1 },
      { imageUrlString: 'template:surprised-cat', description: 'A startled cat', seconds: 1 },
    ];
    const altText = memeVideoOutputAltText(textOf(await run({ scenes, width: 120 })));
    expect(altText).toBe(
      'Meme video: A close-up of Miso the cat, eyes huge and mouth dropped open in shock, on a bright comic burst background. ' +
        'Top caption: \u201cMONDAY AGAIN\u201d. A startled cat.',
    );
  });

  it('reports arguments it cannot use as an error the model can fix', async () => {
    const before = (await videoRows()).length;
    const missing = await run({});
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^create_meme_video needs \{language, scenes: .*scenes: /);

    const badBox = await run({ scenes: [{ imageUrlString: photo, captionsBoxes: [{ ...BOX, w: -5 }] }] });
    expect(badBox.isError).toBe(true);
    expect(textOf(badBox)).toContain('scenes.0.captionsBoxes.0.w:');

    const tooMany = await run({
      scenes: Array.from({ length: MEME_VIDEO.maxScenes + 1 }, () => ({ imageUrlString: photo })),
    });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toContain('scenes:');

    const tooLong = await run({
      scenes: [
        { imageUrlString: photo, seconds: 20 },
        { imageUrlString: photo, seconds: 20 },
      ],
    });
    expect(tooLong).toEqual({
      parts: [
        {
          type: 'text',
          text: `The scenes last 40 seconds together; a video is at most ${MEME_VIDEO.maxSeconds}. Shorten or drop scenes.`,
        },
      ],
      isError: true,
    });
    expect((await videoRows()).length).toBe(before);
  });

  it('says which scene has a picture it cannot use; another user’s picture is one it cannot find', async () => {
    const unknown = await run({
      scenes: [
        { imageUrlString: photo, seconds: 1 },
        { imageUrlString: `file:${randomUUID()}`, seconds: 1 },
      ],
    });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^Scene 2: /);

    const theirs = await run({ scenes: [{ imageUrlString: strangersPhoto, seconds: 1 }] });
    expect(theirs.isError).toBe(true);
    expect(textOf(theirs)).toContain(strangersPhoto.slice('file:'.length));
    expect(textOf(theirs)).not.toContain(strangerId);
  });

  it('stops ffmpeg when the call is stopped, keeping nothing', async () => {
    const before = (await videoRows()).length;
    const controller = new AbortController();
    const scenes = Array.from({ length: MEME_VIDEO.maxScenes }, () => ({
      imageUrlString: photo,
      captionsBoxes: [BOX],
      seconds: 5,
    }));
    const outcome = run({ scenes }, controller.signal).then(
      () => 'finished',
      (err: unknown) => err,
    );
    const started = Date.now();
    while (ownFfmpegProcesses().length === 0 && Date.now() - started < 15_000)
      await new Promise((r) => setTimeout(r, 20));
    expect(ownFfmpegProcesses()).toHaveLength(1);
    controller.abort();
    expect(await outcome).toMatchObject({ name: 'AbortError' });
    expect(ownFfmpegProcesses()).toEqual([]);
    const temp = join(server.dataDir, 'tmp', 'memes');
    expect(existsSync(temp) ? readdirSync(temp) : []).toEqual([]);
    expect((await videoRows()).length).toBe(before);
  });
});
