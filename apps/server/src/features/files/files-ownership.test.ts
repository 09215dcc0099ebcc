import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { countFileRows, describeEachBackend, getBytes, pngImage, postUpload, useFilesServer } from '../../../test/files-test-kit.js';
import { FilesService } from './files.service.js';

describeEachBackend("files: another user's files do not exist for you", (dialect, backend) => {
  const t = useFilesServer(dialect, backend);

  it('cannot list, download, view or delete them; their bytes and rows stay as they were', async () => {
    const { server, client: owner, store } = t;
    const doc = (await postUpload(server.baseUrl, owner.token, [{ name: 'secret.txt', data: 'top secret' }])).json;
    const image = (await postUpload(server.baseUrl, owner.token, [{ name: 'secret.png', data: await pngImage() }], {}, '/api/files/images')).json;
    const ownerId = doc.user as string;
    const snapshot = async () => {
      const keys = await store.keys();
      const hashes = await Promise.all(
        keys.map(async (key) => {
          const chunks: Buffer[] = [];
          for await (const chunk of await store.storage.get(key)) chunks.push(chunk as Buffer);
          return `${key}:${createHash('sha256').update(Buffer.concat(chunks)).digest('hex')}`;
        }),
      );
      const rows = await server.db.kysely.selectFrom('files').selectAll().orderBy('file_id').execute();
      return { hashes, rows };
    };
    const before = await snapshot();
    expect(before.hashes).toHaveLength(3);

    const intruder = new TestClient(server.baseUrl);
    const intruderId = (await intruder.register()).user.id;
    expect((await intruder.get('/api/files')).json).toEqual([]);
    for (const path of [
      doc.filepath,
      image.filepath,
      image.preview,
      `/api/files/download/${intruderId}/${doc.file_id}`,
      `/images/${intruderId}/${image.file_id}`,
    ]) {
      const res = await getBytes(server.baseUrl, intruder.token, path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.body.toString()).not.toContain('top secret');
    }
    // Not signed in at all: the bearer token is required for every file.
    expect((await getBytes(server.baseUrl, undefined, doc.filepath)).status).toBe(401);
    expect((await getBytes(server.baseUrl, undefined, image.filepath)).status).toBe(401);

    // A delete of their ids is answered as one of ids that do not exist, and touches nothing.
    const deleted = await intruder.delete('/api/files', { files: [doc, image].map((f) => ({ file_id: f.file_id, filepath: f.filepath })) });
    expect(deleted.status).toBe(200);
    expect(await snapshot()).toEqual(before);

    // The owner still has everything.
    expect((await getBytes(server.baseUrl, owner.token, doc.filepath)).body.toString()).toBe('top secret');
    expect((await getBytes(server.baseUrl, owner.token, image.filepath)).status).toBe(200);
    expect((await owner.get('/api/files')).json.map((f: { user: string }) => f.user)).toEqual([ownerId, ownerId]);
  });

  it('a deleted user’s bytes go with them (rows cascade, bytes are removed first)', async () => {
    const { server, store } = t;
    const leaving = new TestClient(server.baseUrl);
    const userId = (await leaving.register()).user.id;
    await postUpload(server.baseUrl, leaving.token, [{ name: 'mine.txt', data: 'mine' }]);
    await postUpload(server.baseUrl, leaving.token, [{ name: 'mine.png', data: await pngImage(30, 30) }], {}, '/api/files/images');
    const avatar = await postUpload(server.baseUrl, leaving.token, [{ name: 'me.png', data: await pngImage(80, 80) }], {}, '/api/files/images/avatar');
    expect(avatar.status).toBe(200);
    const theirs = (await store.keys()).filter((key) => key.includes(userId));
    expect(theirs).toHaveLength(4);
    const rowsBefore = await countFileRows(server);

    await new FilesService(server.db, store.storage, server.app.log).removeAllOfUser(userId);
    await server.db.kysely.deleteFrom('users').where('id', '=', userId).execute();

    expect((await store.keys()).filter((key) => key.includes(userId))).toEqual([]);
    expect(await countFileRows(server)).toBe(rowsBefore - 2);
  });
});
