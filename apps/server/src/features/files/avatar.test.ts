import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachBackend, getBytes, jpegImage, pngImage, postUpload, uploadTempFiles, useFilesServer } from '../../../test/files-test-kit.js';

/** Random pixels do not compress: big enough to pass a small avatar limit. */
const noisyPng = (side: number) => sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();

describeEachBackend('files: avatars', (dialect, backend) => {
  // 0.01 MB is 10,486 bytes: an avatar may be that large, not one byte more.
  const t = useFilesServer(dialect, backend, { config: { fileConfig: { avatarSizeLimit: 0.01 } } });
  const uploadAvatar = (data: Buffer | string, name = 'me.png') =>
    postUpload(t.server.baseUrl, t.client.token, [{ name, data }], { manual: 'true' }, '/api/files/images/avatar');

  it('stores a processed picture, sets it on the user, serves it by its name, and replaces the previous one', async () => {
    const first = await uploadAvatar(await pngImage(900, 600));
    expect(first.status).toBe(200);
    const url = first.json.url as string;
    const userId = (await t.client.get('/api/user')).json.id as string;
    expect(url).toMatch(new RegExp(`^/api/files/avatar/${userId}/[0-9a-f-]{36}$`));
    expect((await t.client.get('/api/user')).json.avatar).toBe(url);

    // An <img> sends no bearer token: the unguessable name is what guards it.
    const shown = await getBytes(t.server.baseUrl, undefined, url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(shown.body).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);

    const second = await uploadAvatar(await jpegImage(200, 200), 'me.jpg');
    expect(second.status).toBe(200);
    expect(second.json.url).not.toBe(url);
    expect((await t.client.get('/api/user')).json.avatar).toBe(second.json.url);
    expect((await getBytes(t.server.baseUrl, undefined, url)).status).toBe(404);
    expect((await t.store.keys()).filter((key) => key.startsWith('avatars/'))).toEqual([`avatars/${userId}/${second.json.url.split('/').pop()}`]);
  });

  it('refuses a picture over avatarSizeLimit and anything that is not a raster image, keeping the current one', async () => {
    const current = (await t.client.get('/api/user')).json.avatar;
    const keys = await t.store.keys();
    const big = await noisyPng(80);
    expect(big.length).toBeGreaterThan(10_486);
    const tooBig = await uploadAvatar(big);
    expect({ status: tooBig.status, body: tooBig.json }).toEqual({ status: 413, body: { code: 'file_too_large', message: 'File size exceeds 0.01 MB.' } });
    const svg = await uploadAvatar('<svg xmlns="http://www.w3.org/2000/svg"/>', 'me.svg');
    expect({ status: svg.status, body: svg.json }).toEqual({ status: 400, body: { code: 'invalid_file', message: 'Currently, unsupported file type: image/svg+xml' } });
    expect((await t.client.get('/api/user')).json.avatar).toBe(current);
    expect(await t.store.keys()).toEqual(keys);
    expect(await uploadTempFiles(t.server)).toEqual([]);
  });

  it('serves nothing for an unknown name, a file that is not an avatar, or a path that climbs', async () => {
    const userId = (await t.client.get('/api/user')).json.id as string;
    const doc = (await postUpload(t.server.baseUrl, t.client.token, [{ name: 'a.txt', data: 'text' }])).json;
    for (const path of [
      `/api/files/avatar/${userId}/00000000-0000-4000-8000-000000000000`,
      `/api/files/avatar/${userId}/${doc.file_id}`,
      `/api/files/avatar/${userId}/..%2F${doc.file_id}`,
    ]) {
      expect((await getBytes(t.server.baseUrl, undefined, path)).status).toBe(404);
    }
  });
});
