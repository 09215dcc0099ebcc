import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { NO_PARENT } from '@confab/shared';
import {
  startAnthropicSimulator,
  startAzureSimulator,
  startBedrockSimulator,
  startGoogleSimulator,
  startOpenAISimulator,
  type AnthropicSimulator,
  type AzureSimulator,
  type BedrockSimulator,
  type GoogleSimulator,
  type OpenAISimulator,
} from '@confab/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from '../src/features/files/extract/extract-text.js';
import { insertFile } from '../src/features/files/files.repo.js';
import { LocalStorage } from '../src/platform/storage/local-storage.js';
import { writeDrawingPdf, writeTextPdf } from './document-fixtures.js';
import { TestClient } from './http-client.js';
import { finalFrame, readSse, type SseFrame } from './sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/** A 1x1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** Another 1x1 PNG (a different pixel), to tell two images apart. */
const PNG_2 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const SENTENCE = 'The quarterly revenue grew by seventeen percent in the northern region.';

const bedrockCredentials = { accessKeyId: 'AKIDCONFABTEST', secretAccessKey: 'confab-test-secret' };

describeEachDialect('attached files reach the model', (dialect) => {
  let openai: OpenAISimulator;
  let azure: AzureSimulator;
  let anthropic: AnthropicSimulator;
  let google: GoogleSimulator;
  let bedrock: BedrockSimulator;
  let server: TestServer;
  let client: TestClient;
  let userId: string;
  let scratch: string;

  beforeAll(async () => {
    [openai, azure, anthropic, google, bedrock] = await Promise.all([
      startOpenAISimulator({ apiKey: 'sk-test' }),
      startAzureSimulator(),
      startAnthropicSimulator({ apiKey: 'sk-ant-test' }),
      startGoogleSimulator({ apiKey: 'g-test' }),
      startBedrockSimulator({ credentials: bedrockCredentials }),
    ]);
    server = await startTestServer({
      dialect,
      env: {
        TITLE_CONVO: 'false',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_REVERSE_PROXY: openai.url,
        AZURE_API_KEY: 'az-test',
        AZURE_OPENAI_API_INSTANCE_NAME: 'confab-test',
        AZURE_OPENAI_API_VERSION: '2024-10-21',
        AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: 'true',
        AZURE_OPENAI_BASEURL: azure.url,
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_REVERSE_PROXY: anthropic.url.replace(/\/v1$/, ''),
        GOOGLE_KEY: 'g-test',
        GOOGLE_REVERSE_PROXY: google.url.replace(/\/v1beta$/, ''),
        BEDROCK_AWS_ACCESS_KEY_ID: bedrockCredentials.accessKeyId,
        BEDROCK_AWS_SECRET_ACCESS_KEY: bedrockCredentials.secretAccessKey,
        BEDROCK_AWS_DEFAULT_REGION: 'eu-west-1',
        BEDROCK_REVERSE_PROXY: bedrock.url,
      },
      config: {
        endpoints: {
          custom: [{ name: 'Simulator', apiKey: 'sk-test', baseURL: openai.url, models: { default: ['sim-1'] } }],
        },
      },
    });
    client = new TestClient(server.baseUrl);
    userId = (await client.register()).user.id;
    scratch = await mkdtemp(join(tmpdir(), 'chat-files-'));
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([openai, azure, anthropic, google, bedrock].map((sim) => sim.close()));
    await rm(scratch, { recursive: true, force: true });
  });

  /**
   * A stored file of `owner`, as an upload leaves it: its bytes in the app's store under the
   * generated key, its row with the extracted text of a document (extracted by extractText).
   */
  async function storeFile(
    owner: string,
    file: { filename: string; type: string; bytes: Buffer; width?: number; height?: number; text?: string | null },
  ): Promise<string> {
    const fileId = randomUUID();
    const key = `${owner}/${fileId}`;
    await new LocalStorage(join(server.dataDir, 'uploads')).put(key, Readable.from([file.bytes]), {
      contentType: file.type,
    });
    const isImage = file.type.startsWith('image/');
    const now = new Date().toISOString();
    await insertFile(server.db.kysely, {
      file_id: fileId,
      user_id: owner,
      conversation_id: null,
      message_id: null,
      temp_file_id: null,
      filename: file.filename,
      filepath: isImage ? `/images/${owner}/${fileId}` : `/api/files/download/${owner}/${fileId}`,
      type: file.type,
      bytes: file.bytes.length,
      width: file.width ?? null,
      height: file.height ?? null,
      source: 'local',
      context: 'message_attachment',
      storage_key: key,
      thumbnail_key: null,
      thumbnail_type: null,
      text: file.text ?? null,
      embedded: 0,
      usage: 0,
      tool_resource: null,
      created_at: now,
      updated_at: now,
    });
    return fileId;
  }

  const storeImage = (owner = userId, data = PNG) =>
    storeFile(owner, {
      filename: 'pixel.png',
      type: 'image/png',
      bytes: Buffer.from(data, 'base64'),
      width: 1,
      height: 1,
    });

  /** Stores a document with the text extractText reads from it, as an upload does. */
  async function storeDocument(filename: string, type: string, bytes: Buffer): Promise<string> {
    const path = join(scratch, randomUUID());
    await writeFile(path, bytes);
    const extracted = await extractText({ path, type, filename });
    return storeFile(userId, { filename, type, bytes, text: extracted?.text ?? null });
  }

  const ask = (endpoint: string, body: Record<string, unknown>, path = `/api/ask/${endpoint}`, as = client) =>
    readSse(server.baseUrl + path, {
      token: as.token,
      body: { text: 'What is in the picture?', endpoint, parentMessageId: NO_PARENT, conversationId: null, ...body },
    });

  const lastUserContent = (messages: { role: string; content: unknown }[]) =>
    messages.filter((m) => m.role === 'user').at(-1)?.content;

  const fileRefs = (...ids: string[]) => ids.map((file_id) => ({ file_id }));

  describe('an attached image reaches each family as its vendor’s image part, with the bytes', () => {
    const dataUrl = `data:image/png;base64,${PNG}`;
    it('openAI: image_url with a data URL and the image detail', async () => {
      const fileId = await storeImage();
      const { frames } = await ask('openAI', { model: 'gpt-4o', files: fileRefs(fileId), imageDetail: 'high' });
      expect(finalFrame(frames)).toBeDefined();
      const content = lastUserContent(openai.requests.at(-1)!.body.messages) as unknown[];
      expect(content).toContainEqual({ type: 'image_url', image_url: { url: dataUrl, detail: 'high' } });
    });

    it('custom (OpenAI protocol): image_url with a data URL', async () => {
      const fileId = await storeImage();
      await ask('Simulator', { model: 'sim-1', endpointType: 'custom', files: fileRefs(fileId) }, '/api/ask/custom');
      const content = lastUserContent(openai.requests.at(-1)!.body.messages) as {
        type: string;
        image_url?: { url: string };
      }[];
      expect(content.find((p) => p.type === 'image_url')?.image_url?.url).toBe(dataUrl);
    });

    it('azureOpenAI: image_url with a data URL', async () => {
      const fileId = await storeImage();
      await ask('azureOpenAI', { model: 'gpt-4o', files: fileRefs(fileId), imageDetail: 'low' });
      const content = lastUserContent(azure.requests.at(-1)!.body.messages) as unknown[];
      expect(content).toContainEqual({ type: 'image_url', image_url: { url: dataUrl, detail: 'low' } });
    });

    it('anthropic: an image block with a base64 source', async () => {
      const fileId = await storeImage();
      await ask('anthropic', { model: 'claude-3-5-sonnet-latest', files: fileRefs(fileId) });
      const content = lastUserContent(anthropic.requests.at(-1)!.body.messages) as Record<string, unknown>[];
      expect(content).toContainEqual(
        expect.objectContaining({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }),
      );
    });

    it('google: inlineData', async () => {
      const fileId = await storeImage();
      await ask('google', { model: 'gemini-2.0-flash', files: fileRefs(fileId) });
      const contents = google.requests.at(-1)!.body.contents as { role: string; parts: unknown[] }[];
      expect(contents.at(-1)?.parts).toContainEqual({ inlineData: { mimeType: 'image/png', data: PNG } });
    });

    it('bedrock: an image block with its format and bytes', async () => {
      const fileId = await storeImage();
      await ask(
        'bedrock',
        { model: 'anthropic.claude-3-5-sonnet-20241022-v2:0', files: fileRefs(fileId) },
        '/api/bedrock/chat',
      );
      const content = lastUserContent(bedrock.requests.at(-1)!.body.messages) as unknown[];
      expect(content).toContainEqual({ image: { format: 'png', source: { bytes: PNG } } });
    });
  });

  it('stores the files on the user message and returns them in every message response', async () => {
    const fileId = await storeImage();
    const { frames } = await ask('openAI', {
      files: [{ file_id: fileId, filepath: '/elsewhere', filename: 'forged.png' }],
    });
    const expected = {
      file_id: fileId,
      filepath: `/images/${userId}/${fileId}`,
      filename: 'pixel.png',
      type: 'image/png',
      width: 1,
      height: 1,
    };
    const created = frames.find((f: SseFrame) => f.data.created)?.data;
    expect(created.message.files).toEqual([expect.objectContaining(expected)]);
    const final = finalFrame(frames)!.data;
    expect(final.requestMessage.files).toEqual([expect.objectContaining(expected)]);
    expect(final.responseMessage.files).toBeUndefined();
    const listed = (await client.get(`/api/messages/${final.conversation.conversationId}`)).json as {
      isCreatedByUser: boolean;
      files?: unknown;
    }[];
    expect(listed.find((m) => m.isCreatedByUser)?.files).toEqual([expect.objectContaining(expected)]);
  });

  it("a PDF's text reaches the model as context naming the file, and a scan says it has no text", async () => {
    const report = await storeDocument('report.pdf', 'application/pdf', await writeTextPdf([SENTENCE]));
    const scan = await storeDocument('scan.pdf', 'application/pdf', await writeDrawingPdf());
    await ask('openAI', { text: 'Summarise these.', files: fileRefs(report, scan) });
    const content = lastUserContent(openai.requests.at(-1)!.body.messages);
    expect(typeof content).toBe('string');
    expect(content).toContain('<attached_file name="report.pdf">');
    expect(content).toContain(SENTENCE);
    expect(content).toContain('scan.pdf has no text layer (scanned pages?); its text could not be read.');
    expect(String(content).endsWith('Summarise these.')).toBe(true);
  });

  it("a document longer than the model's budget is cut, and the model is told", async () => {
    const long = 'abcdefghij'.repeat(1000);
    const notes = await storeFile(userId, {
      filename: 'notes.txt',
      type: 'text/plain',
      bytes: Buffer.from(long),
      text: long,
    });
    await ask('openAI', { text: 'Read this.', files: fileRefs(notes), maxContextTokens: 1000 });
    const content = String(lastUserContent(openai.requests.at(-1)!.body.messages));
    expect(content).toContain('[… truncated: showing the first 2,000 of 10,000 characters of notes.txt]');
    expect(content).not.toContain(long.slice(0, 2001));
  });

  it('sends earlier messages’ images again unless resendFiles is false', async () => {
    const first = await storeImage(userId, PNG);
    const second = await storeImage(userId, PNG_2);
    const start = finalFrame((await ask('openAI', { files: fileRefs(first) })).frames)!.data;
    const followUp = (resendFiles: boolean | undefined) =>
      ask('openAI', {
        text: 'And this one?',
        conversationId: start.conversation.conversationId,
        parentMessageId: start.responseMessage.messageId,
        files: fileRefs(second),
        ...(resendFiles === undefined ? {} : { resendFiles }),
      });
    const imagesSent = () =>
      (openai.requests.at(-1)!.body.messages as { role: string; content: unknown }[])
        .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
        .filter((p: { type: string }) => p.type === 'image_url')
        .map((p: { image_url: { url: string } }) => p.image_url.url);

    await followUp(undefined);
    expect(imagesSent()).toEqual([`data:image/png;base64,${PNG}`, `data:image/png;base64,${PNG_2}`]);
    await followUp(false);
    expect(imagesSent()).toEqual([`data:image/png;base64,${PNG_2}`]);
  });

  it("refuses another user's file and an unknown one, storing nothing", async () => {
    const other = new TestClient(server.baseUrl);
    const otherId = (await other.register()).user.id;
    const theirs = await storeImage(otherId);
    const before = openai.requests.length;
    const conversationsBefore = (await client.get('/api/convos')).json.conversations.length;
    for (const fileId of [theirs, randomUUID()]) {
      const messageId = randomUUID();
      const res = await ask('openAI', { text: 'Steal it', messageId, files: fileRefs(fileId) });
      expect(res.status).toBe(404);
      expect(res.json.message).toBe('File not found');
      const stored = await server.db.kysely
        .selectFrom('messages')
        .select('message_id')
        .where('message_id', '=', messageId)
        .execute();
      expect(stored).toEqual([]);
    }
    expect((await client.get('/api/convos')).json.conversations).toHaveLength(conversationsBefore);
    expect(openai.requests.length).toBe(before);
  });

  it('holds a request to the endpoint’s file limit', async () => {
    const ids = await Promise.all(Array.from({ length: 11 }, () => storeImage()));
    const res = await ask('openAI', { files: fileRefs(...ids) });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('You can only upload up to 10 files at a time.');
  });
});
