import { connect } from 'node:net';
import { expect, it } from 'vitest';
import {
  countFileRows,
  describeEachBackend,
  pngImage,
  postUpload,
  uploadTempFiles,
  useFilesServer,
  type UploadPart,
} from '../../../test/files-test-kit.js';
import type { TestServer } from '../../../test/test-server.js';

/**
 * SPEC 5's limits, enforced by the server at and just past each bound, each with its exact
 * message, and nothing stored on a refusal: no row, no stored key, no temporary copy.
 *
 * Limits in MB as the config writes them: 0.001 MB is 1,049 bytes (a file must be below it),
 * 0.0015 MB is 1,573 bytes (a request's total may reach it).
 */
const config = {
  fileConfig: {
    endpoints: {
      default: { fileLimit: 2, fileSizeLimit: 0.001, totalSizeLimit: 0.0015 },
      openAI: { disabled: true },
      textOnly: { supportedMimeTypes: ['^text/plain$'] },
    },
  },
};

const bytes = (n: number, fill = 'a') => fill.repeat(n);

describeEachBackend('files: SPEC 5 limits on the server', (dialect, backend) => {
  const t = useFilesServer(dialect, backend, { config });

  async function expectRefused(files: UploadPart[], fields: Record<string, string>, status: number, body: { code: string; message: string }, path?: string) {
    const res = await postUpload(t.server.baseUrl, t.client.token, files, fields, path);
    expect({ status: res.status, body: res.json }).toEqual({ status, body });
    expect(await countFileRows(t.server)).toBe(0);
    expect(await t.store.keys()).toEqual([]);
    expect(await uploadTempFiles(t.server)).toEqual([]);
  }

  async function expectAccepted(files: UploadPart[], fields: Record<string, string> = {}) {
    const res = await postUpload(t.server.baseUrl, t.client.token, files, fields);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const ids = (res.json.files ?? [res.json]).map((f: { file_id: string }) => ({ file_id: f.file_id }));
    expect(ids).toHaveLength(files.length);
    await t.client.delete('/api/files', { files: ids });
    expect(await t.store.keys()).toEqual([]);
  }

  it('count: fileLimit files pass, one more is refused', async () => {
    await expectAccepted([
      { name: 'a.txt', data: 'a' },
      { name: 'b.txt', data: 'b' },
    ]);
    await expectRefused(
      [
        { name: 'a.txt', data: 'a' },
        { name: 'b.txt', data: 'b' },
        { name: 'c.txt', data: 'c' },
      ],
      {},
      400,
      { code: 'invalid_file', message: 'You can only upload up to 2 files at a time.' },
    );
  });

  it('size: a file must be below fileSizeLimit', async () => {
    await expectAccepted([{ name: 'a.txt', data: bytes(1048) }]);
    await expectRefused([{ name: 'a.txt', data: bytes(1049) }], {}, 413, { code: 'file_too_large', message: 'File size exceeds 0.001 MB.' });
  });

  it('total: the files of a request may reach totalSizeLimit, not pass it', async () => {
    await expectAccepted([
      { name: 'a.txt', data: bytes(1000) },
      { name: 'b.txt', data: bytes(573) },
    ]);
    await expectRefused(
      [
        { name: 'a.txt', data: bytes(1000) },
        { name: 'b.txt', data: bytes(574) },
      ],
      {},
      413,
      { code: 'file_too_large', message: 'The total size of the files cannot exceed 0.0015 MB.' },
    );
  });

  it('type: unsupported, undeterminable, not allowed by the endpoint, not an image', async () => {
    const exe = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b8', 'hex'), Buffer.alloc(100)]);
    await expectRefused([{ name: 'setup.exe', data: exe }], {}, 400, { code: 'invalid_file', message: 'Currently, unsupported file type: application/x-msdownload' });
    await expectRefused([{ name: 'Makefile', data: 'all:' }], {}, 400, { code: 'invalid_file', message: 'Unable to determine file type for: Makefile' });
    await expectAccepted([{ name: 'a.txt', data: 'plain' }], { endpoint: 'textOnly' });
    await expectRefused([{ name: 'a.csv', data: 'a,b' }], { endpoint: 'textOnly' }, 400, { code: 'invalid_file', message: 'Currently, unsupported file type: text/csv' });
    await expectRefused([{ name: 'a.txt', data: 'plain' }], {}, 400, { code: 'invalid_file', message: 'Currently, unsupported file type: text/plain' }, '/api/files/images');
    await expectRefused([{ name: 'photo.png', data: 'not a png', type: 'image/png' }], {}, 400, {
      code: 'invalid_file',
      message: 'Currently, unsupported file type: application/octet-stream',
    });
  });

  it('an image that cannot be processed, and a document an agent has no capability for', async () => {
    const brokenPng = Buffer.concat([(await pngImage()).subarray(0, 40), Buffer.alloc(60, 7)]);
    await expectRefused([{ name: 'broken.png', data: brokenPng, type: 'image/png' }], {}, 400, {
      code: 'invalid_file',
      message: 'An error occurred while processing the file.',
    });
    await expectRefused([{ name: 'a.txt', data: 'text' }], { endpoint: 'agents' }, 400, {
      code: 'invalid_file',
      message: 'No capabilities enabled that support this file type.',
    });
    await expectAccepted([{ name: 'a.txt', data: 'text' }], { endpoint: 'agents', tool_resource: 'file_search' });
    await expectAccepted([{ name: 'a.png', data: await pngImage() }], { endpoint: 'agents' });
  });

  it('empty: no bytes, or no file at all, is "No files available."', async () => {
    const empty = { code: 'invalid_file', message: 'No files available.' };
    await expectRefused([{ name: 'a.txt', data: '' }], {}, 400, empty);
    await expectRefused([], { endpoint: 'custom' }, 400, empty);
  });

  it('duplicate: the same name, size and type family twice in one request', async () => {
    await expectRefused(
      [
        { name: 'a.txt', data: 'same' },
        { name: 'a.txt', data: 'same' },
      ],
      {},
      400,
      { code: 'invalid_file', message: 'Duplicate file detected.' },
    );
    // Same name and size, another family: two different files.
    await expectAccepted([
      { name: 'a.txt', data: 'same' },
      { name: 'b.txt', data: 'diff' },
    ]);
  });

  it('disabled endpoint: refused, even when it is named after the file', async () => {
    const disabled = { code: 'invalid_file', message: 'File uploads are disabled for this endpoint.' };
    await expectRefused([{ name: 'a.txt', data: 'a' }], { endpoint: 'openAI' }, 400, disabled);
    const form = new FormData();
    form.append('file', new Blob(['a']), 'a.txt');
    form.append('endpoint', 'openAI');
    const res = await fetch(`${t.server.baseUrl}/api/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${t.client.token}` } });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: disabled });
    expect(await t.store.keys()).toEqual([]);
    expect(await countFileRows(t.server)).toBe(0);
  });
});

/** Sends the start of a multipart upload over a raw socket, then drops the connection mid-file. */
async function cutOffUpload(
  server: TestServer,
  token: string,
  part: { filename: string; type: string; data: Buffer },
  beforeCut: () => Promise<void>,
): Promise<void> {
  const boundary = 'confab-cut-off';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="endpoint"\r\n\r\ncustom\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
  );
  const url = new URL(server.baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/files HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + part.data.length * 2 + 100}\r\n\r\n`,
  );
  socket.write(head);
  socket.write(part.data);
  // Long enough for the server to have started writing the file to storage.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await beforeCut();
  socket.destroy();
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachBackend('files: an upload cut off mid-file', (dialect, backend) => {
  const t = useFilesServer(dialect, backend);

  it('leaves no stored bytes, no temporary copy and no row', async () => {
    const token = t.client.token ?? '';
    const text = { filename: 'long.txt', type: 'text/plain', data: Buffer.from('x'.repeat(256 * 1024)) };
    const image = { filename: 'photo.png', type: 'image/png', data: Buffer.concat([await pngImage(), Buffer.alloc(256 * 1024)]) };
    // A document streams to storage (and a local copy for its text) as it arrives; on disk its partial file is there.
    await cutOffUpload(t.server, token, text, async () => {
      expect(await uploadTempFiles(t.server)).toHaveLength(1);
      if (backend.name === 'local') expect(await t.store.keys()).toHaveLength(1);
    });
    await eventually(async () => (await t.store.keys()).length === 0 && (await uploadTempFiles(t.server)).length === 0);
    expect(await countFileRows(t.server)).toBe(0);
    // An image is spooled to a temporary file before it is processed.
    await cutOffUpload(t.server, token, image, async () => {
      expect(await uploadTempFiles(t.server)).toHaveLength(1);
    });
    await eventually(async () => (await t.store.keys()).length === 0 && (await uploadTempFiles(t.server)).length === 0);
    expect(await countFileRows(t.server)).toBe(0);
    // The server is fine afterwards.
    const res = await postUpload(t.server.baseUrl, token, [{ name: 'after.txt', data: 'fine' }]);
    expect(res.status).toBe(200);
  });
});

describeEachBackend('files: upload rate limits', (dialect, backend) => {
  // The YAML section wins over the variables, as in LibreChat.
  const t = useFilesServer(dialect, backend, { env: { FILE_UPLOAD_USER_MAX: '5' }, config: { rateLimits: { fileUploads: { userMax: 2, userWindowInMinutes: 15 } } } });

  it('answers 429 file_upload_limit past the per-user limit, storing nothing', async () => {
    const upload = () => postUpload(t.server.baseUrl, t.client.token, [{ name: `${Math.random()}.txt`, data: 'x' }]);
    expect((await upload()).status).toBe(200);
    expect((await upload()).status).toBe(200);
    const before = await t.store.keys();
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      code: 'file_upload_limit',
      message: 'Too many file upload requests. Try again later',
      type: 'file_upload_limit',
      limiter: 'user',
      max: 2,
      windowInMinutes: 15,
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.store.keys()).toEqual(before);
    expect(await countFileRows(t.server)).toBe(2);
  });
});
