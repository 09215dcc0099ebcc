import { randomUUID } from 'node:crypto';
import { fileSchema } from '@confab/shared';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  countFileRows,
  describeEachBackend,
  docxDocument,
  getBytes,
  jpegImage,
  pdfDocument,
  pngImage,
  postUpload,
  uploadTempFiles,
  useFilesServer,
  zipArchive,
  type UploadPart,
} from '../../../test/files-test-kit.js';

interface Fixture extends UploadPart {
  /** The type the server must judge it to be and store. */
  stored: string;
  /** Text the stored row must hold (documents), or null. */
  text: RegExp | null;
  image?: boolean;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describeEachBackend('files: upload, list, download, delete', (dialect, backend) => {
  const t = useFilesServer(dialect, backend);
  const fixtures: Fixture[] = [];

  beforeAll(async () => {
    fixtures.push(
      { name: 'notes.txt', data: 'plain notes\n', type: 'text/plain', stored: 'text/plain', text: /plain notes/ },
      { name: 'README.md', data: '# Title\nbody', type: '', stored: 'text/markdown', text: /# Title/ },
      { name: 'table.csv', data: 'a,b\n1,2\n', type: 'text/csv', stored: 'text/csv', text: /a,b/ },
      { name: 'data.json', data: '{"a":1}', type: 'application/json', stored: 'application/json', text: /"a":1/ },
      { name: 'manual.pdf', data: await pdfDocument(), type: 'application/pdf', stored: 'application/pdf', text: /Page one/ },
      { name: 'report.docx', data: await docxDocument(), type: '', stored: DOCX, text: /Quarterly report/ },
      { name: 'photo.png', data: await pngImage(), type: 'image/png', stored: 'image/webp', text: null, image: true },
      { name: 'photo.jpeg', data: await jpegImage(), type: 'image/jpeg', stored: 'image/webp', text: null, image: true },
      {
        name: 'logo.svg',
        data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        type: 'image/svg+xml',
        stored: 'image/svg+xml',
        text: null,
      },
      { name: 'bundle.zip', data: await zipArchive(), type: 'application/zip', stored: 'application/zip', text: null },
    );
  });

  it('stores each type with a server-derived type, lists it, serves it, and deletes it', async () => {
    const { server, client, store } = t;
    for (const fixture of fixtures) {
      const tempId = randomUUID();
      const res = await postUpload(server.baseUrl, client.token, [fixture], { endpoint: 'openAI', file_id: tempId });
      expect(res.status, fixture.name).toBe(200);
      expect(res.json.message).toBe('File uploaded and processed successfully');
      expect(fileSchema.safeParse(res.json).success, fixture.name).toBe(true);
      const record = res.json;
      expect(record).toMatchObject({ temp_file_id: tempId, filename: fixture.name, type: fixture.stored, source: backend.name, object: 'file' });
      expect(record).not.toHaveProperty('text');
      const userId = record.user as string;

      const row = await server.db.kysely.selectFrom('files').selectAll().where('file_id', '=', record.file_id).executeTakeFirstOrThrow();
      expect(row.storage_key).toBe(`${userId}/${record.file_id}`);
      if (fixture.text) expect(row.text, fixture.name).toMatch(fixture.text);
      else expect(row.text).toBeNull();
      expect(await store.keys()).toContain(row.storage_key);

      const listed = (await client.get('/api/files')).json as { file_id: string; text?: string }[];
      expect(listed[0]?.file_id).toBe(record.file_id);
      expect(listed.every((f) => f.text === undefined)).toBe(true);

      if (fixture.image) {
        expect(record.filepath).toBe(`/images/${userId}/${record.file_id}`);
        const shown = await getBytes(server.baseUrl, client.token, record.filepath);
        expect(shown.status).toBe(200);
        expect(shown.headers.get('content-type')).toBe('image/webp');
        expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
        expect(shown.headers.get('cache-control')).toMatch(/^private/);
        expect(shown.headers.get('content-disposition')).toBeNull();
        const meta = await sharp(shown.body).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', record.width, record.height]);
        const thumb = await getBytes(server.baseUrl, client.token, record.preview);
        expect(thumb.status).toBe(200);
        expect(thumb.headers.get('content-type')).toMatch(/^image\//);
      } else {
        expect(record.filepath).toBe(`/api/files/download/${userId}/${record.file_id}`);
        const got = await getBytes(server.baseUrl, client.token, record.filepath);
        expect(got.status).toBe(200);
        expect(got.body.equals(Buffer.from(fixture.data))).toBe(true);
        expect(got.headers.get('content-type')).toBe('application/octet-stream');
        expect(got.headers.get('content-disposition')).toBe(
          `attachment; filename="${fixture.name}"; filename*=UTF-8''${encodeURIComponent(fixture.name)}`,
        );
        expect(got.headers.get('x-content-type-options')).toBe('nosniff');
        const metadata = JSON.parse(got.headers.get('x-file-metadata') ?? '');
        expect(metadata).toMatchObject({ file_id: record.file_id, filename: fixture.name, type: fixture.stored });
        expect(metadata).not.toHaveProperty('text');
      }

      const deleted = await client.delete('/api/files', { files: [{ file_id: record.file_id, filepath: record.filepath }] });
      expect(deleted.status).toBe(200);
      expect(deleted.json).toEqual({ message: 'Files deleted successfully' });
      expect(await store.keys()).toEqual([]);
      expect(await countFileRows(server)).toBe(0);
      expect((await getBytes(server.baseUrl, client.token, record.filepath)).status).toBe(404);
    }
    expect(await uploadTempFiles(server)).toEqual([]);
  });

  it('never shows an SVG inline, even at an image address', async () => {
    const svg = fixtures.find((f) => f.name === 'logo.svg');
    if (!svg) throw new Error('fixture');
    const { json } = await postUpload(t.server.baseUrl, t.client.token, [svg]);
    const asImage = await getBytes(t.server.baseUrl, t.client.token, `/images/${json.user}/${json.file_id}`);
    expect(asImage.status).toBe(200);
    expect(asImage.headers.get('content-type')).toBe('application/octet-stream');
    expect(asImage.headers.get('content-disposition')).toMatch(/^attachment;/);
    await t.client.delete('/api/files', { files: [{ file_id: json.file_id }] });
  });

  it('keeps a non-ASCII name in the download and in a header-safe x-file-metadata', async () => {
    const name = 'Ünïcödé résumé 東京 😀.txt';
    const { json } = await postUpload(t.server.baseUrl, t.client.token, [{ name, data: 'hello', type: 'text/plain' }]);
    expect(json.filename).toBe(name);
    const got = await getBytes(t.server.baseUrl, t.client.token, json.filepath);
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="Unicode resume.txt"; filename*=UTF-8''${encodeURIComponent(name)}`);
    const header = got.headers.get('x-file-metadata') ?? '';
    expect(/^[\x20-\x7e]*$/.test(header)).toBe(true);
    expect(JSON.parse(header).filename).toBe(name);
    await t.client.delete('/api/files', { files: [{ file_id: json.file_id }] });
  });

  it('refuses an executable under a text name, by its bytes', async () => {
    const exe = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b8', 'hex'), Buffer.alloc(200)]);
    const res = await postUpload(t.server.baseUrl, t.client.token, [{ name: 'notes.txt', data: exe, type: 'text/plain' }]);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 'invalid_file', message: 'Currently, unsupported file type: application/x-msdownload' });
    expect(await t.store.keys()).toEqual([]);
  });

  it('takes several files in one request and answers them all', async () => {
    const res = await postUpload(t.server.baseUrl, t.client.token, [
      { name: 'a.txt', data: 'first' },
      { name: 'b.txt', data: 'second' },
    ]);
    expect(res.status).toBe(200);
    expect(res.json.files.map((f: { filename: string }) => f.filename)).toEqual(['a.txt', 'b.txt']);
    expect(res.json.filename).toBe('a.txt');
    expect(await t.store.keys()).toHaveLength(2);
    await t.client.delete('/api/files', { files: res.json.files });
    expect(await t.store.keys()).toEqual([]);
  });
});
