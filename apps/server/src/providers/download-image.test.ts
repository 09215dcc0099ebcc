import { describe, expect, it } from 'vitest';
import { createImageDownload, MAX_IMAGE_DOWNLOAD_BYTES } from './download-image.js';

const respond = (body: string | Uint8Array, headers: Record<string, string>, status = 200) =>
  (async () => new Response(body, { status, headers })) as unknown as typeof fetch;
const url = new URL('https://images.example.com/cat.png');

describe('createImageDownload', () => {
  it('leaves URLs the vendor fetches itself alone', async () => {
    expect(await createImageDownload(respond('x', {}))([{ url, isUrlSupportedByModel: true }])).toEqual([null]);
  });

  it('fetches an image with its media type', async () => {
    const [image] = await createImageDownload(respond(new Uint8Array([1, 2, 3]), { 'content-type': 'image/png' }))([
      { url, isUrlSupportedByModel: false },
    ]);
    expect(image).toEqual({ data: new Uint8Array([1, 2, 3]), mediaType: 'image/png' });
  });

  it.each([
    ['a non-image', respond('<html>', { 'content-type': 'text/html' }), /not an image/],
    ['an error status', respond('', { 'content-type': 'image/png' }, 404), /status 404/],
    [
      'an image over the cap',
      respond(new Uint8Array(MAX_IMAGE_DOWNLOAD_BYTES + 1), { 'content-type': 'image/png' }),
      /too large/,
    ],
  ])('refuses %s', async (_name, fetchImpl, reason) => {
    await expect(createImageDownload(fetchImpl)([{ url, isUrlSupportedByModel: false }])).rejects.toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringMatching(reason),
    });
  });

  it('goes through the egress guard: no private addresses', async () => {
    const download = createImageDownload();
    await expect(
      download([{ url: new URL('http://127.0.0.1:9/secret.png'), isUrlSupportedByModel: false }]),
    ).rejects.toMatchObject({ type: 'invalid_request_error' });
  });
});
