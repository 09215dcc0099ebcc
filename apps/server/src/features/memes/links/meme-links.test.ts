import {
  MEME_PATHS,
  MEME_TOOLS,
  NO_PARENT,
  type ContentPart,
  type MemeImageOutput,
  type MemeLink,
} from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { postUpload, pngImage } from '../../../../test/files-test-kit.js';
import { TestClient } from '../../../../test/http-client.js';
import { chatWithToolCalls, insertToolAgent } from '../../../../test/meme-image-test-kit.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../../test/test-server.js';
import { validateConfig } from '../../../config/load-config.js';
import { createStorage } from '../../../platform/storage/create-storage.js';
import { seedConversation } from '../../conversations/test-seed.js';
import { storeGeneratedFile } from '../../files/store-generated.js';
import { insertMessage } from '../../messages/messages.repo.js';
import { listMemeTemplates } from '../templates/meme-templates.js';

/** A caption that would be markup if the page did not escape it. */
const HOSTILE = '<script>alert("x")</script> & \u201cfriends\u201d';

const ogOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];
const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

describeEachDialect('public meme links', (dialect) => {
  let openai: OpenAISimulator;
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let visitor: TestClient;
  let aliceId: string;
  let aliceEmail: string;
  let meme: { output: MemeImageOutput; conversationId: string };

  beforeAll(async () => {
    openai = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url, TITLE_CONVO: 'false' },
    });
    [alice, bob, visitor] = [
      new TestClient(server.baseUrl),
      new TestClient(server.baseUrl),
      new TestClient(server.baseUrl),
    ];
    const registered = await alice.register();
    [aliceId, aliceEmail] = [registered.user.id, registered.email];
    await bob.register();
    const agentId = await insertToolAgent(server, aliceId, [MEME_TOOLS.image]);
    const template = listMemeTemplates()[0];
    if (!template) throw new Error('the gallery has no template');
    const { call, conversationId } = await chatWithToolCalls({ server, client: alice, openai, agentId }, [
      {
        id: 'call_meme',
        name: MEME_TOOLS.image,
        args: {
          imageUrlString: `template:${template.id}`,
          captionsBoxes: [{ id: 'top', caption: HOSTILE, x: 90, y: 120, w: 900, h: 260 }],
        },
      },
    ]);
    meme = { output: JSON.parse(call.output) as MemeImageOutput, conversationId };
  });
  afterAll(async () => {
    await server?.close();
    await openai?.close();
  });
  beforeEach(() => openai.reset());

  const share = (as: TestClient, fileId: string) => as.post(MEME_PATHS.links, { fileId });
  const linkRows = () => server.db.kysely.selectFrom('meme_links').selectAll().execute();

  it('gives the meme an alt text from its template and captions, kept in the stored JPEG', async () => {
    const template = listMemeTemplates()[0]!;
    const { alt_text: altText = '' } = meme.output;
    expect(altText.startsWith(`Meme: ${template.description.slice(0, 40)}`)).toBe(true);
    expect(altText).toContain(`Top caption: \u201c${HOSTILE}\u201d.`);

    const row = await server.db.kysely
      .selectFrom('files')
      .select('storage_key')
      .where('file_id', '=', meme.output.file_id)
      .executeTakeFirstOrThrow();
    const stored = await fetch(`${server.baseUrl}${meme.output.image_url}`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(row.storage_key).toBeTruthy();
    const metadata = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1080, 1920]);
    // exif-reader hands back the raw bytes of an ASCII field holding UTF-8: read as UTF-8, as exiftool does.
    const described = exifReader(metadata.exif!).Image?.ImageDescription as unknown as string | Uint8Array;
    const exifText = typeof described === 'string' ? described : Buffer.from(described).toString('utf8');
    expect(exifText.replace(/\0$/, '')).toBe(altText);
    const xmp = metadata.xmp!.toString('utf8');
    expect(unescape(/<dc:description><rdf:Alt><rdf:li xml:lang="x-default">([^<]*)</.exec(xmp)?.[1] ?? '')).toBe(
      altText,
    );
  });

  it('shares the owner\u2019s meme once, lists it, and refuses another user\u2019s with nothing stored', async () => {
    const created = await share(alice, meme.output.file_id);
    expect(created.status).toBe(201);
    const link = created.json as MemeLink;
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(link).toMatchObject({ fileId: meme.output.file_id, url: `${server.baseUrl}/m/${link.id}` });

    const again = await share(alice, meme.output.file_id);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(link);
    expect((await alice.get(`${MEME_PATHS.links}?fileId=${meme.output.file_id}`)).json).toEqual({ links: [link] });

    expect((await share(bob, meme.output.file_id)).json).toMatchObject({ code: 'not_found' });
    expect((await share(bob, meme.output.file_id)).status).toBe(404);
    expect((await bob.get(`${MEME_PATHS.links}?fileId=${meme.output.file_id}`)).json).toEqual({ links: [] });
    expect((await bob.delete(`${MEME_PATHS.links}/${link.id}`)).status).toBe(404);
    expect((await visitor.post(MEME_PATHS.links, { fileId: meme.output.file_id })).status).toBe(401);
    expect(await linkRows()).toHaveLength(1);
  });

  it('refuses a file that is not a meme: a plain upload, or the picture under a meme', async () => {
    const before = (await linkRows()).length;
    const upload = await postUpload(
      server.baseUrl,
      alice.token,
      [{ name: 'photo.png', data: await pngImage(64, 48), type: 'image/png' }],
      { endpoint: 'agents', file_id: crypto.randomUUID() },
    );
    expect(upload.status).toBe(200);
    expect((await share(alice, upload.json.file_id as string)).status).toBe(404);
    expect((await share(alice, 'no-such-file')).status).toBe(404);
    expect(await linkRows()).toHaveLength(before);
  });

  it('opens signed out as a page with Open Graph tags and the escaped alt text, never the conversation', async () => {
    const link = (await share(alice, meme.output.file_id)).json as MemeLink;
    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();

    expect(ogOf(html, 'og:title')).toMatch(/Meme/);
    expect(unescape(ogOf(html, 'og:description') ?? '')).toBe(meme.output.alt_text);
    expect(ogOf(html, 'og:type')).toBe('website');
    expect([ogOf(html, 'og:image:width'), ogOf(html, 'og:image:height')]).toEqual(['1080', '1920']);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    // The user's caption is text everywhere: in the attributes and under the meme.
    expect(html).not.toContain('<script');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');

    const conversation = await server.db.kysely
      .selectFrom('conversations')
      .select(['conversation_id', 'title'])
      .where('conversation_id', '=', meme.conversationId)
      .executeTakeFirstOrThrow();
    for (const secret of [conversation.conversation_id, aliceId, aliceEmail, meme.output.file_id])
      expect(html).not.toContain(secret);

    const imageUrl = ogOf(html, 'og:image') ?? '';
    expect(imageUrl).toBe(`${server.baseUrl}/m/${link.id}/meme.jpg`);
    const image = await fetch(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('public, no-cache');
    const etag = image.headers.get('etag') ?? '';
    expect((await fetch(imageUrl, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(1080);
  });

  /** A meme video of `userId`'s, as create_meme_video stores it: the file, and the reply holding the call. */
  async function seedMemeVideo(userId: string, bytes: Buffer) {
    const storage = createStorage(server.env, validateConfig({}, 'test-config'));
    const seeded = await seedConversation(server.db, userId, {
      title: 'Clip',
      messages: [{ key: 'q', text: 'A video' }],
    });
    const replyId = crypto.randomUUID();
    const { record } = await storeGeneratedFile(server.db, storage, {
      userId,
      data: bytes,
      type: 'video/mp4',
      filename: 'confab-video-1.mp4',
      width: 720,
      height: 1280,
      thumbnail: {
        data: await sharp({ create: { width: 180, height: 320, channels: 3, background: '#333' } })
          .jpeg()
          .toBuffer(),
        type: 'image/jpeg',
      },
      conversationId: seeded.conversationId,
      messageId: replyId,
    });
    const args = {
      scenes: [
        {
          imageUrlString: 'template:x',
          description: 'A dog',
          captionsBoxes: [{ id: 'a', caption: 'Walkies', x: 0, y: 1500, w: 1000, h: 300 }],
        },
      ],
    };
    await insertMessage(server.db.kysely, {
      messageId: replyId,
      conversationId: seeded.conversationId,
      userId,
      parentMessageId: seeded.ids.q ?? NO_PARENT,
      sender: 'Meme maker',
      text: '',
      content: [
        {
          type: 'tool_call',
          tool_call: {
            id: 'call_v',
            name: MEME_TOOLS.video,
            args: JSON.stringify(args),
            output: JSON.stringify([{ type: 'text', text: MEME_PATHS.video(record.file_id) }]),
            progress: 1,
          },
        } as unknown as ContentPart,
      ],
      isCreatedByUser: false,
      model: 'gpt-4o',
      endpoint: 'agents',
    });

    return record;
  }

  it('shares a meme video with og:video, its poster and byte ranges', async () => {
    const bytes = Buffer.from('not really an mp4, served as stored');
    const record = await seedMemeVideo(aliceId, bytes);
    const link = (await share(alice, record.file_id)).json as MemeLink;
    const html = await (await fetch(link.url)).text();
    expect(unescape(ogOf(html, 'og:description') ?? '')).toBe(
      'Meme video: A dog. Bottom caption: \u201cWalkies\u201d.',
    );
    expect(ogOf(html, 'og:video')).toBe(`${server.baseUrl}/m/${link.id}/meme.mp4`);
    expect(ogOf(html, 'og:image')).toBe(`${server.baseUrl}/m/${link.id}/poster.jpg`);
    expect(html).toContain('<video controls');

    const whole = await fetch(`${server.baseUrl}/m/${link.id}/meme.mp4`);
    expect([whole.status, whole.headers.get('content-type'), await whole.text()]).toEqual([
      200,
      'video/mp4',
      bytes.toString(),
    ]);
    const part = await fetch(`${server.baseUrl}/m/${link.id}/meme.mp4`, { headers: { range: 'bytes=0-2' } });
    expect([part.status, await part.text()]).toEqual([206, 'not']);
    expect((await fetch(`${server.baseUrl}/m/${link.id}/poster.jpg`)).headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${server.baseUrl}/m/${link.id}/meme.jpg`)).status).toBe(404);

    // Deleting the file removes its link.
    expect(
      (await alice.delete('/api/files', { files: [{ file_id: record.file_id, filepath: record.filepath }] })).status,
    ).toBe(200);
    expect((await fetch(link.url)).status).toBe(404);
    expect((await linkRows()).some((row) => row.file_id === record.file_id)).toBe(false);
  });

  it('answers 404 for the page and its image once revoked, and for links that never were', async () => {
    const link = (await share(alice, meme.output.file_id)).json as MemeLink;
    const revoked = await alice.delete(`${MEME_PATHS.links}/${link.id}`);
    expect(revoked.status).toBe(200);
    for (const path of [`/m/${link.id}`, `/m/${link.id}/meme.jpg`, '/m/AAAAAAAAAAAAAAAAAAAAAAAA', '/m/x/meme.jpg']) {
      const answer = await fetch(`${server.baseUrl}${path}`);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    }
    expect((await alice.get(`${MEME_PATHS.links}?fileId=${meme.output.file_id}`)).json).toEqual({ links: [] });
    // Shared again, it is a new link: the old one stays dead.
    const renewed = (await share(alice, meme.output.file_id)).json as MemeLink;
    expect(renewed.id).not.toBe(link.id);
    expect((await fetch(link.url)).status).toBe(404);
  });

  it('goes with its owner’s account', async () => {
    const carol = new TestClient(server.baseUrl);
    const carolId = (await carol.register()).user.id;
    const record = await seedMemeVideo(carolId, Buffer.from('a clip'));
    const link = (await share(carol, record.file_id)).json as MemeLink;
    expect((await fetch(link.url)).status).toBe(200);
    expect((await carol.delete('/api/user/delete')).status).toBe(200);
    expect((await fetch(link.url)).status).toBe(404);
    expect((await linkRows()).some((row) => row.id === link.id)).toBe(false);
  });
});
