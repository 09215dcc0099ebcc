import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { MessageFile } from '@confab/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getBytes, pngImage, postUpload } from '../../../test/files-test-kit.js';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { LocalStorage } from '../../platform/storage/local-storage.js';
import { findConversation } from '../conversations/conversations.repo.js';
import { seedConversation } from '../conversations/test-seed.js';
import { storeGeneratedFile } from '../files/store-generated.js';
import { insertMessage } from '../messages/messages.repo.js';
import { createShare } from './share.repo.js';

describeEachDialect('images through a shared link', (dialect) => {
  let storageDir: string;
  let storage: LocalStorage;
  let server: TestServer;
  let alice: TestClient;
  let stranger: TestClient;
  let aliceId: string;
  let strangerId: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'confab-shared-images-'));
    storage = new LocalStorage(storageDir);
    server = await startTestServer({ dialect, storage });
    alice = new TestClient(server.baseUrl);
    stranger = new TestClient(server.baseUrl);
    aliceId = (await alice.register()).user.id;
    strangerId = (await stranger.register()).user.id;
  });
  afterAll(async () => {
    await server.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  /** One of Alice's uploads, as a message records it. */
  async function upload(name: string): Promise<MessageFile> {
    const res = await postUpload(
      server.baseUrl,
      alice.token,
      [{ name, data: await pngImage(), type: 'image/png' }],
      {},
      '/api/files/images',
    );
    expect(res.status).toBe(200);
    const { file_id, filepath, filename, type, bytes } = res.json;
    return { file_id, filepath, filename, type, bytes };
  }

  /** A shared conversation: a question with `attached`, an answer, a tool-made picture of the answer. */
  async function sharedConversation(attached: MessageFile[]) {
    const seeded = await seedConversation(server.db, aliceId, { title: 'Pictures', messages: [] });
    const question = randomUUID();
    const answer = randomUUID();
    const common = { conversationId: seeded.conversationId, userId: aliceId, model: null, endpoint: 'openAI' };
    await insertMessage(server.db.kysely, {
      ...common,
      messageId: question,
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      sender: 'User',
      text: 'look',
      isCreatedByUser: true,
      files: attached,
    });
    await insertMessage(server.db.kysely, {
      ...common,
      messageId: answer,
      parentMessageId: question,
      sender: 'AI',
      text: 'nice',
      isCreatedByUser: false,
    });
    const generated = await storeGeneratedFile(server.db, storage, {
      userId: aliceId,
      data: await pngImage(32, 32, '#30c030'),
      type: 'image/png',
      filename: 'meme.png',
      conversationId: seeded.conversationId,
      messageId: answer,
    });
    const { shareId } = (await alice.post(`/api/share/${seeded.conversationId}`)).json as { shareId: string };
    return { ...seeded, question, answer, generated: generated.record, shareId };
  }

  const viaShare = (filepath: string, shareId: string, extra = '') =>
    getBytes(server.baseUrl, undefined, `${filepath}?shareId=${encodeURIComponent(shareId)}${extra}`);

  it('serves a shown attachment, its thumbnail and a tool-made picture to a signed-out visitor', async () => {
    const photo = await upload('photo.png');
    const s = await sharedConversation([photo]);

    const shown = await viaShare(photo.filepath!, s.shareId);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect(shown.headers.get('cache-control')).toBe('private');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    expect(shown.body.length).toBe(photo.bytes);

    const thumb = await getBytes(server.baseUrl, undefined, `${photo.filepath}?thumb=1&shareId=${s.shareId}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\//);
    expect(thumb.body.length).toBeGreaterThan(0);

    const made = await viaShare(s.generated.filepath, s.shareId);
    expect(made.status).toBe(200);
    expect(made.headers.get('content-type')).toBe('image/png');

    // A signed-in stranger reads it through the link too; the owner with the token as before.
    expect((await getBytes(server.baseUrl, stranger.token, `${photo.filepath}?shareId=${s.shareId}`)).status).toBe(200);
    const own = await getBytes(server.baseUrl, alice.token, photo.filepath!);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, max-age=86400');
    expect((await getBytes(server.baseUrl, alice.token, `${photo.filepath}?shareId=${s.shareId}`)).status).toBe(200);
  });

  it('is the 404 of a missing file for anything the shared page does not show', async () => {
    const photo = await upload('photo.png');
    const s = await sharedConversation([photo]);

    // Written after the share's cut-off: an attachment and a tool-made picture.
    const later = await upload('later.png');
    const laterMessage = randomUUID();
    await insertMessage(server.db.kysely, {
      messageId: laterMessage,
      conversationId: s.conversationId,
      userId: aliceId,
      parentMessageId: s.answer,
      sender: 'User',
      text: 'more',
      isCreatedByUser: true,
      model: null,
      endpoint: 'openAI',
      files: [later],
    });
    const laterMade = await storeGeneratedFile(server.db, storage, {
      userId: aliceId,
      data: await pngImage(),
      type: 'image/png',
      filename: 'late.png',
      conversationId: s.conversationId,
      messageId: laterMessage,
    });
    expect((await viaShare(later.filepath!, s.shareId)).status).toBe(404);
    expect((await viaShare(laterMade.record.filepath, s.shareId)).status).toBe(404);

    // Another conversation's picture, shared or not, and one never attached anywhere.
    const elsewhere = await upload('elsewhere.png');
    const other = await sharedConversation([elsewhere]);
    expect((await viaShare(elsewhere.filepath!, s.shareId)).status).toBe(404);
    expect((await viaShare(other.generated.filepath, s.shareId)).status).toBe(404);
    expect((await viaShare(photo.filepath!, other.shareId)).status).toBe(404);
    const loose = await upload('loose.png');
    expect((await viaShare(loose.filepath!, s.shareId)).status).toBe(404);

    // A file id under another user's id in the path.
    const strangerPath = photo.filepath!.replace(aliceId, strangerId);
    expect((await viaShare(strangerPath, s.shareId)).status).toBe(404);

    // Bad or unknown share ids; no share and no token is a 401 as before; a bad token a 401.
    for (const bad of ['not a share!', 'x'.repeat(65), 'AAAAAAAAAAAAAAAAAAAAAA', '']) {
      expect((await viaShare(photo.filepath!, bad)).status, bad).toBe(404);
    }
    expect((await getBytes(server.baseUrl, undefined, photo.filepath!)).status).toBe(401);
    expect((await getBytes(server.baseUrl, 'not-a-token', `${photo.filepath}?shareId=${s.shareId}`)).status).toBe(401);
    // A stranger's token without a share: not theirs.
    expect((await getBytes(server.baseUrl, stranger.token, photo.filepath!)).status).toBe(404);

    // Made private, then refreshed (the old id stops), then revoked.
    await server.db.kysely
      .updateTable('shared_links')
      .set({ is_public: 0 })
      .where('share_id', '=', s.shareId)
      .execute();
    expect((await viaShare(photo.filepath!, s.shareId)).status).toBe(404);
    await server.db.kysely
      .updateTable('shared_links')
      .set({ is_public: 1 })
      .where('share_id', '=', s.shareId)
      .execute();
    const { shareId: refreshed } = (await alice.patch(`/api/share/${s.shareId}`)).json as { shareId: string };
    expect((await viaShare(photo.filepath!, s.shareId)).status).toBe(404);
    expect((await viaShare(photo.filepath!, refreshed)).status).toBe(200);
    // The refresh moved the cut-off: what came later is shown now.
    expect((await viaShare(later.filepath!, refreshed)).status).toBe(200);
    expect((await alice.delete(`/api/share/${refreshed}`)).status).toBe(200);
    expect((await viaShare(photo.filepath!, refreshed)).status).toBe(404);
  });

  it('follows the server settings: links off, or public links off (signed-in visitors only)', async () => {
    for (const [env, signedIn] of [
      [{ ALLOW_SHARED_LINKS: 'false' }, 404],
      [{ ALLOW_SHARED_LINKS_PUBLIC: 'false' }, 200],
    ] as const) {
      const other = await startTestServer({ dialect, env });
      try {
        const owner = new TestClient(other.baseUrl);
        const visitor = new TestClient(other.baseUrl);
        const ownerId = (await owner.register()).user.id;
        await visitor.register();
        const image = [{ name: 'photo.png', data: await pngImage(), type: 'image/png' }];
        const photo = (await postUpload(other.baseUrl, owner.token, image, {}, '/api/files/images'))
          .json as MessageFile;
        const seeded = await seedConversation(other.db, ownerId, { messages: [{ key: 'q', text: 'look' }] });
        await other.db.kysely
          .updateTable('messages')
          .set({ files: JSON.stringify([photo]) })
          .where('message_id', '=', seeded.ids.q!)
          .execute();
        // Made here, since the API refuses links while they are off.
        const share = await other.db.kysely.transaction().execute(async (trx) => {
          const conversation = await findConversation(trx, ownerId, seeded.conversationId);
          return (await createShare(trx, ownerId, conversation!)).share;
        });
        const path = `${photo.filepath}?shareId=${share.share_id}`;
        const setting = JSON.stringify(env);
        expect((await getBytes(other.baseUrl, owner.token, photo.filepath!)).status).toBe(200);
        expect((await getBytes(other.baseUrl, visitor.token, path)).status, setting).toBe(signedIn);
        // A 404 last: a server closed while a streamed image is still finishing waits on its socket.
        expect((await getBytes(other.baseUrl, undefined, path)).status, setting).toBe(404);
      } finally {
        await other.close();
      }
    }
  });
});
