import { randomUUID } from 'node:crypto';
import { MEME_PATHS, MEME_TOOLS, type MemeTemplate, type MemeTemplatesResponse } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pngImage, postUpload } from '../../../../test/files-test-kit.js';
import { TestClient } from '../../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../../test/test-server.js';
import type { ToolOutput } from '../../tools/tool-types.js';
import { isCustomTemplateId, newCustomTemplateId } from './custom-templates.repo.js';
import { listMemeTemplates } from './meme-templates.js';
import type { SearchTemplatesOutput } from './search-templates-tool.js';

let sim: OpenAISimulator;
beforeAll(async () => {
  sim = await startOpenAISimulator({ apiKey: 'sk-embeddings' });
});
afterAll(() => sim.close());

const search = (client: TestClient, params: Record<string, string>) =>
  client.get(`${MEME_PATHS.templates}?${new URLSearchParams(params)}`);
const idsOf = (res: { json: MemeTemplatesResponse }) => res.json.templates.map((t) => t.id);
/** Every text the embeddings API was sent since `from`. */
const embeddedInputs = (from: number): string[] =>
  sim.requests.slice(from).flatMap((r) => (r.path === '/v1/embeddings' ? ([] as string[]).concat(r.body.input) : []));
const countTemplateRows = async (server: TestServer) =>
  Number(
    (
      await server.db.kysely
        .selectFrom('meme_templates')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function uploadPicture(server: TestServer, client: TestClient, color = '#2080c0'): Promise<string> {
  const res = await postUpload(
    server.baseUrl,
    client.token,
    [{ name: 'mine.png', data: await pngImage(400, 300, color), type: 'image/png' }],
    { endpoint: 'agents', file_id: randomUUID() },
  );
  expect(res.status).toBe(200);
  return res.json.file_id as string;
}

const topBottom = [
  { id: 'top', caption: '', x: 60, y: 80, w: 960, h: 300 },
  { id: 'bottom', caption: '', x: 60, y: 1540, w: 960, h: 300 },
];

/** Runs one of the registry's tools as the agent loop would. */
async function runTool(server: TestServer, userId: string, name: string, args: unknown): Promise<ToolOutput> {
  const tool = await server.app.tools.get(userId, name);
  if (!tool) throw new Error(`${name} is not registered`);
  return tool.run(
    {
      userId,
      conversationId: randomUUID(),
      messageId: randomUUID(),
      toolCallId: 'call_1',
      signal: new AbortController().signal,
      log: server.app.log,
    },
    args,
  );
}
const runSearchTool = (server: TestServer, userId: string, args: unknown) =>
  runTool(server, userId, MEME_TOOLS.searchTemplates, args);
const textOf = (output: ToolOutput) => output.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');

describeEachDialect('the meme template library', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;
  let other: TestClient;
  let userId: string;

  beforeAll(async () => {
    // Embeddings from the simulator, through the OpenAI endpoint's key and proxy URL, as file_search finds them.
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-embeddings', OPENAI_REVERSE_PROXY: sim.url, TITLE_CONVO: 'false' },
    });
    admin = new TestClient(server.baseUrl);
    await admin.register(); // The first account is the administrator.
    user = new TestClient(server.baseUrl);
    userId = (await user.register()).user.id;
    other = new TestClient(server.baseUrl);
    await other.register();
  });
  afterAll(() => server.close());

  it('lists everything without a search, and finds by keyword with the best match first', async () => {
    const all = await user.get(MEME_PATHS.templates);
    expect(all.json.mode).toBe('all');
    expect(all.json.templates.length).toBeGreaterThanOrEqual(60);

    const found = await search(user, { search: 'Tier lists' });
    expect(found.status).toBe(200);
    expect(found.json.mode).toBe('words');
    expect(idsOf(found)[0]).toBe('tier-list');
    expect(idsOf(await search(user, { search: 'wéather' }))[0]).toBe('weather-forecast');
    expect((await search(user, { search: 'zzqqxx' })).json).toEqual({ templates: [], mode: 'words' });
  });

  it('finds by a phrase through the embedding model (automatic mode), embedding the templates once', async () => {
    const from = sim.requests.length;
    const phrase = 'when the storm in the forecast finally arrives';
    const res = await search(user, { search: phrase, mode: 'auto', limit: '3' });
    expect(res.json.mode).toBe('auto');
    expect(idsOf(res)[0]).toBe('weather-forecast');
    expect(idsOf(res).length).toBeLessThanOrEqual(3);
    const sent = embeddedInputs(from);
    expect(sent).toContain(phrase);
    expect(sent.length).toBeGreaterThan(60);

    // The templates' vectors are kept: a second search sends only its phrase.
    const again = sim.requests.length;
    await search(user, { search: 'a trophy for the winner on the podium', mode: 'auto' });
    expect(embeddedInputs(again)).toEqual(['a trophy for the winner on the podium']);
  });

  it('the model’s search tool answers the same ranking, with the picture reference create_meme_image takes', async () => {
    const phrase = 'nervous sweating under pressure';
    const route = await search(user, { search: phrase, mode: 'auto', limit: '4' });
    const output = await runSearchTool(server, userId, { query: phrase, limit: 4 });
    expect(output.isError).toBeFalsy();
    const answer = JSON.parse(textOf(output)) as SearchTemplatesOutput;
    expect(answer.mode).toBe('auto');
    expect(answer.templates.map((t) => t.id)).toEqual(idsOf(route));
    expect(answer.templates[0]).toMatchObject({
      imageUrlString: `template:${idsOf(route)[0]}`,
      boxes: expect.any(Array),
      keywords: expect.any(Array),
    });
    expect((await runSearchTool(server, userId, { query: '' })).isError).toBe(true);
  });

  it('shows an administrator’s template for everyone to every user, picture included', async () => {
    const fileId = await uploadPicture(server, admin, '#c08020');
    const res = await admin.post(MEME_PATHS.templates, {
      fileId,
      name: 'Quokka Grin',
      description: 'A quokka grinning at the camera.',
      keywords: ['Quokka', 'grin', 'happy'],
      boxes: topBottom,
      scope: 'global',
    });
    expect(res.status).toBe(201);
    const made = res.json as MemeTemplate;
    expect(made).toMatchObject({ scope: 'global', keywords: ['quokka', 'grin', 'happy'], width: 400, height: 300 });
    expect(made.id).toMatch(/^u-[a-z0-9]{22}$/);
    expect(made.url).toBe(MEME_PATHS.template(made.id));

    for (const client of [user, other]) {
      const all = await client.get(MEME_PATHS.templates);
      // After the builtin gallery.
      expect(idsOf(all).at(-1)).toBe(made.id);
      expect(idsOf(await search(client, { search: 'quokka' }))).toEqual([made.id]);
    }
    const picture = await fetch(server.baseUrl + made.url);
    expect(picture.status).toBe(200);
    // The stored upload as it is (the files feature keeps pictures as WebP).
    expect(picture.headers.get('content-type')).toMatch(/^image\/(png|webp)$/);
    expect(picture.headers.get('cache-control')).toBe('private, max-age=3600');
    const thumb = await fetch(`${server.baseUrl}${made.url}?thumb=1`);
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([270, 480]);

    // Another user cannot delete it; an administrator can.
    expect((await user.delete(`${MEME_PATHS.templates}/${made.id}`)).status).toBe(403);
    expect((await admin.delete(`${MEME_PATHS.templates}/${made.id}`)).json).toEqual({ id: made.id });
    expect(idsOf(await other.get(MEME_PATHS.templates))).not.toContain(made.id);
    expect((await fetch(server.baseUrl + made.url)).status).toBe(404);
  });

  it('keeps a personal template to its owner: the list, the search, the model’s picture and delete', async () => {
    const fileId = await uploadPicture(server, user);
    const made = (
      await user.post(MEME_PATHS.templates, { fileId, name: 'My Dog Barnaby', keywords: ['barnaby'], boxes: topBottom })
    ).json as MemeTemplate;
    expect(made.scope).toBe('personal');
    expect(idsOf(await search(user, { search: 'barnaby' }))).toEqual([made.id]);
    expect(idsOf(await other.get(MEME_PATHS.templates))).not.toContain(made.id);
    expect(idsOf(await search(other, { search: 'barnaby' }))).toEqual([]);
    expect(idsOf(await search(admin, { search: 'barnaby' }))).toEqual([]);
    // Its picture is served by its unguessable id (the canvas loads it without a token); a guess is a 404.
    expect((await fetch(server.baseUrl + made.url)).status).toBe(200);
    expect((await fetch(server.baseUrl + MEME_PATHS.template('u-aaaaaaaaaaaaaaaaaaaaaa'))).status).toBe(404);
    // The model finds it with the tool, for its owner only.
    const mine = JSON.parse(textOf(await runSearchTool(server, userId, { query: 'barnaby' }))) as SearchTemplatesOutput;
    expect(mine.templates[0]?.imageUrlString).toBe(`template:${made.id}`);
    // create_meme_image draws on it for its owner; for anyone else it does not exist.
    const memeArgs = {
      imageUrlString: `template:${made.id}`,
      captionsBoxes: [{ ...topBottom[0], caption: 'Good boy' }],
    };
    const meme = await runTool(server, userId, MEME_TOOLS.image, memeArgs);
    expect(meme.isError, textOf(meme)).toBeFalsy();
    expect(JSON.parse(textOf(meme))).toMatchObject({ status: 'ok', source_url: made.url });
    const otherId = (await other.get('/api/user')).json.id as string;
    const refused = await runTool(server, otherId, MEME_TOOLS.image, memeArgs);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain(`no template "${made.id}"`);

    expect((await other.delete(`${MEME_PATHS.templates}/${made.id}`)).status).toBe(404);
    expect((await admin.delete(`${MEME_PATHS.templates}/${made.id}`)).status).toBe(404);
    expect((await user.delete(`${MEME_PATHS.templates}/two-buttons`)).status).toBe(404);
    expect((await user.delete(`${MEME_PATHS.templates}/${made.id}`)).status).toBe(200);
    expect(idsOf(await search(user, { search: 'barnaby' }))).toEqual([]);
  });

  it("makes a template of a meme's pictures: the stored photo under it and the meme JPEG itself, with drawn boxes", async () => {
    const photoId = await uploadPicture(server, user, '#a05020');
    const made = await runTool(server, userId, MEME_TOOLS.image, {
      imageUrlString: `file:${photoId}`,
      language: 'en',
      captionsBoxes: [{ id: 'top', caption: 'Monday', x: 60, y: 80, w: 960, h: 300 }],
    });
    expect(made.isError).toBeFalsy();
    const meme = JSON.parse(textOf(made)) as { file_id: string; source_url: string };
    expect(meme.source_url).toBe(`/images/${userId}/${photoId}`);
    // Boxes as the editor draws them: moved, resized, rotated, in the modern layout.
    const drawn = [{ id: 'box-1', caption: 'Sample', x: 120, y: 400, w: 700, h: 240, rotation: -12 }];
    for (const fileId of [photoId, meme.file_id]) {
      const res = await user.post(MEME_PATHS.templates, {
        fileId,
        name: 'From my meme',
        boxes: drawn,
        layout: 'modern',
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ scope: 'personal', layout: 'modern', boxes: [{ id: 'box-1', rotation: -12 }] });
      expect((await user.get(MEME_PATHS.templates)).json.templates).toContainEqual(
        expect.objectContaining({ id: (res.json as MemeTemplate).id, layout: 'modern' }),
      );
    }
    // Another user cannot make a template of this user's meme.
    const before = await countTemplateRows(server);
    expect((await other.post(MEME_PATHS.templates, { fileId: meme.file_id, name: 'Not mine' })).status).toBe(404);
    expect(await countTemplateRows(server)).toBe(before);
  });

  it('goes with its picture: deleting the file from My files removes the template', async () => {
    const fileId = await uploadPicture(server, user, '#808080');
    const made = (await user.post(MEME_PATHS.templates, { fileId, name: 'Short-lived' })).json as MemeTemplate;
    expect(idsOf(await user.get(MEME_PATHS.templates))).toContain(made.id);
    expect((await user.delete('/api/files', { files: [{ file_id: fileId }] })).status).toBe(200);
    expect(idsOf(await user.get(MEME_PATHS.templates))).not.toContain(made.id);
    expect((await fetch(server.baseUrl + made.url)).status).toBe(404);
  });

  it('refuses a template for everyone from a user who is not an administrator, storing nothing', async () => {
    const fileId = await uploadPicture(server, user);
    const before = await countTemplateRows(server);
    const res = await user.post(MEME_PATHS.templates, { fileId, name: 'Mine for all', scope: 'global' });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'forbidden' });
    expect(await countTemplateRows(server)).toBe(before);
  });

  it('refuses someone else’s file, or one that is not a picture, with a 404, storing nothing', async () => {
    const theirs = await uploadPicture(server, other);
    const text = await postUpload(server.baseUrl, user.token, [{ name: 'notes.txt', data: 'just words' }], {
      endpoint: 'agents',
      tool_resource: 'file_search',
      file_id: randomUUID(),
    });
    expect(text.status, JSON.stringify(text.json)).toBe(200);
    const before = await countTemplateRows(server);
    for (const fileId of [theirs, text.json.file_id as string, 'no-such-file']) {
      const res = await user.post(MEME_PATHS.templates, { fileId, name: 'Stolen' });
      expect(res.status, fileId).toBe(404);
      expect(res.json).toMatchObject({ code: 'not_found' });
    }
    expect(await countTemplateRows(server)).toBe(before);
  });

  it('lists and searches only for a signed-in user', async () => {
    expect((await new TestClient(server.baseUrl).get(`${MEME_PATHS.templates}?search=cat`)).status).toBe(401);
    expect((await new TestClient(server.baseUrl).post(MEME_PATHS.templates, { fileId: 'x', name: 'x' })).status).toBe(
      401,
    );
  });
});

it('never gives a custom template the id of a builtin one', () => {
  for (const template of listMemeTemplates()) expect(isCustomTemplateId(template.id), template.id).toBe(false);
  const ids = new Set(Array.from({ length: 50 }, newCustomTemplateId));
  expect(ids.size).toBe(50);
  for (const id of ids) expect(isCustomTemplateId(id)).toBe(true);
});

describeEachDialect('the meme template search without an embedding model', (dialect) => {
  it('answers automatic mode by words, and falls back to words when the embedding API fails', async () => {
    const plain = await startTestServer({ dialect });
    // A key the embeddings API refuses: every embedding request fails.
    const refused = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-wrong', OPENAI_REVERSE_PROXY: sim.url, TITLE_CONVO: 'false' },
    });
    try {
      for (const server of [plain, refused]) {
        const client = new TestClient(server.baseUrl);
        await client.register();
        const res = await search(client, { search: 'podium trophy', mode: 'auto' });
        expect(res.status).toBe(200);
        expect(res.json.mode).toBe('words');
        expect(idsOf(res)[0]).toBe('podium');
      }
    } finally {
      await plain.close();
      await refused.close();
    }
  });
});
