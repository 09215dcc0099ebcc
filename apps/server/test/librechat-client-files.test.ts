import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { docxDocument, pngImage } from './files-test-kit.js';
import { dataService as service, failureOf, librechat, librechatAxios as axios } from './librechat-package.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * LibreChat's own client package driving the Files API as its web app does: uploadFile and
 * uploadImage with the FormData its hooks build (the name URI-encoded, the temporary file_id,
 * endpoint, width and height), getFiles, getFileConfig read through its own mergeFileConfig,
 * getFileDownload with the x-file-metadata header its file cache reads, deleteFiles and
 * uploadAvatar.
 */
describeEachDialect('a LibreChat client on the files calls (librechat-data-provider)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      config: { fileConfig: { endpoints: { openAI: { fileLimit: 3, fileSizeLimit: 20 }, anthropic: { disabled: true } }, serverFileSizeLimit: 100 } },
    });
    axios.defaults.baseURL = server.baseUrl;
    const password = 'correct horse battery';
    const { token } = await service.register({ name: 'Files Tester', email: `files-${randomUUID()}@example.com`, password, confirm_password: password });
    librechat.setTokenHeader(token);
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server.close();
  });

  /** The FormData LibreChat's useFileHandling builds for one file. */
  function formFor(name: string, data: Buffer | string, type: string, extra: Record<string, string> = {}) {
    const form = new FormData();
    form.append('endpoint', 'openAI');
    form.append('file', new Blob([data], { type }), encodeURIComponent(name));
    form.append('file_id', randomUUID());
    for (const [key, value] of Object.entries(extra)) form.append(key, value);
    return form;
  }

  it('getFileConfig answers what its own mergeFileConfig and checkType read', async () => {
    const config = await service.getFileConfig();
    expect(librechat.fileConfigSchema.safeParse(config).success).toBe(true);
    const merged = librechat.mergeFileConfig(config);
    const MB = 1024 * 1024;
    expect(merged.serverFileSizeLimit).toBe(100 * MB);
    expect(merged.endpoints.openAI).toMatchObject({ fileLimit: 3, fileSizeLimit: 20 * MB });
    expect(merged.endpoints.openAI.disabled).toBeFalsy();
    expect(merged.endpoints.anthropic).toMatchObject({ disabled: true, fileLimit: 0, supportedMimeTypes: [] });
    const patterns = merged.endpoints.default.supportedMimeTypes as RegExp[];
    expect(patterns.every((p) => p instanceof RegExp)).toBe(true);
    for (const type of ['text/plain', 'application/pdf', 'image/png', 'application/zip']) {
      expect(librechat.fileConfig.checkType(type, patterns), type).toBe(true);
    }
    expect(librechat.fileConfig.checkType('application/x-msdownload', patterns)).toBe(false);
  });

  it('uploadFile, uploadImage, getFiles, getFileDownload, deleteFiles', async () => {
    const form = formFor('report.docx', await docxDocument(), '');
    const tempId = form.get('file_id');
    const doc = await service.uploadFile(form);
    expect(doc).toMatchObject({ message: 'File uploaded and processed successfully', temp_file_id: tempId, filename: 'report.docx', object: 'file', source: 'local' });
    expect(doc.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');

    const image = await service.uploadImage(formFor('chart.png', await pngImage(120, 90), 'image/png', { width: '120', height: '90' }));
    expect(image).toMatchObject({ filename: 'chart.png', type: 'image/webp', width: 120, height: 90 });
    expect(image.filepath).toBe(`/images/${image.user}/${image.file_id}`);

    const listed = await service.getFiles();
    expect(listed.map((f: { file_id: string }) => f.file_id)).toEqual([image.file_id, doc.file_id]);

    // As its useFileDownload does: the blob, then the metadata header parsed into the file cache.
    const response = await service.getFileDownload(doc.user, doc.file_id);
    expect(response.status).toBe(200);
    const metadata = JSON.parse(response.headers['x-file-metadata']);
    expect(metadata).toMatchObject({ file_id: doc.file_id, filename: 'report.docx', filepath: doc.filepath });
    // (axios in Node reads a 'blob' response as text, so the bytes are checked by their length.)
    expect(response.headers['content-length']).toBe(String(doc.bytes));
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="report.docx"/);

    const refused = await failureOf(service.getFileDownload(randomUUID(), doc.file_id));
    expect(refused.status).toBe(404);

    const deleted = await service.deleteFiles({ files: [doc, image].map((f) => ({ file_id: f.file_id, filepath: f.filepath, source: f.source, embedded: f.embedded })) });
    expect(deleted).toEqual({ message: 'Files deleted successfully' });
    expect(await service.getFiles()).toEqual([]);
  });

  it("a refusal reaches its error toast as the server's message", async () => {
    const form = new FormData();
    form.append('endpoint', 'anthropic');
    form.append('file', new Blob(['hello']), 'a.txt');
    form.append('file_id', randomUUID());
    const refused = await failureOf(service.uploadFile(form));
    expect(refused).toEqual({ status: 400, body: { code: 'invalid_file', message: 'File uploads are disabled for this endpoint.' } });
  });

  it('uploadAvatar answers {url}, which is the user avatar from then on', async () => {
    const form = new FormData();
    form.append('file', new Blob([await pngImage(300, 300)], { type: 'image/png' }), 'me.png');
    form.append('manual', 'true');
    const { url } = await service.uploadAvatar(form);
    expect(url).toMatch(/^\/api\/files\/avatar\//);
    expect((await service.getUser()).avatar).toBe(url);
  });
});
