import { MEME_TOOLS, type MemeImageOutput } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getBytes } from '../../../test/files-test-kit.js';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { chatWithToolCalls, insertToolAgent } from '../../../test/meme-image-test-kit.js';

const imageRequests = (openai: OpenAISimulator) => openai.requests.filter((r) => r.path === '/v1/images/generations');

describeEachDialect('generate_meme_background', (dialect) => {
  let openai: OpenAISimulator;
  let server: TestServer;
  let client: TestClient;
  let userId: string;
  let agentId: string;

  beforeAll(async () => {
    openai = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url, TITLE_CONVO: 'false' },
      config: { memes: { imageGeneration: { endpoint: 'openAI', model: 'gpt-image-1' } } },
    });
    client = new TestClient(server.baseUrl);
    userId = (await client.register()).user.id;
    agentId = await insertToolAgent(server, userId, [MEME_TOOLS.generateImage, MEME_TOOLS.image]);
  });
  afterAll(async () => {
    await server?.close();
    await openai?.close();
  });
  beforeEach(() => openai.reset());

  it('paints a portrait through the endpoint\u2019s image model, keeps it as the user\u2019s file, and the meme is drawn on it', async () => {
    const harness = { server, client, openai, agentId };
    const painted = await chatWithToolCalls(harness, [
      { id: 'call_bg', name: MEME_TOOLS.generateImage, args: { prompt: 'A cat staring at an empty food bowl, photo' } },
    ]);
    const output = JSON.parse(painted.call.output);
    expect(output).toMatchObject({
      status: 'ok',
      image_url: `/images/${userId}/${output.file_id}`,
      width: 1024,
      height: 1536,
    });
    expect(output.next).toContain(`"${output.image_url}" as imageUrlString to create_meme_image`);
    expect(painted.fedBack[0]).toBe(painted.call.output);

    // The real wire: OpenAI's images endpoint with the server's key, gpt-image-1's portrait size.
    expect(imageRequests(openai).map((r) => r.body)).toEqual([
      expect.objectContaining({
        model: 'gpt-image-1',
        prompt: 'A cat staring at an empty food bowl, photo',
        size: '1024x1536',
        n: 1,
      }),
    ]);
    const row = await server.db.kysely
      .selectFrom('files')
      .selectAll()
      .where('file_id', '=', output.file_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: userId,
      context: 'image_generation',
      conversation_id: painted.conversationId,
      message_id: painted.messageId,
    });
    const served = await getBytes(server.baseUrl, client.token, output.image_url);
    expect(served.status).toBe(200);
    expect((await sharp(served.body).metadata()).height).toBe(1536);

    const meme = await chatWithToolCalls(harness, [
      {
        id: 'call_meme',
        name: MEME_TOOLS.image,
        args: {
          imageUrlString: output.image_url,
          captionsBoxes: [{ id: 'top', caption: 'Me at 3 am', x: 90, y: 100, w: 900, h: 200 }],
        },
      },
    ]);
    expect(JSON.parse(meme.call.output) as MemeImageOutput).toMatchObject({
      status: 'ok',
      source_url: output.image_url,
    });
  });

  it('asks for the shape the model chose, and explains bad arguments', async () => {
    const harness = { server, client, openai, agentId };
    await chatWithToolCalls(harness, [
      { id: 'call_bg', name: MEME_TOOLS.generateImage, args: { prompt: 'A beach', size: 'landscape' } },
    ]);
    expect(imageRequests(openai)[0]?.body.size).toBe('1536x1024');
    const bad = await chatWithToolCalls(harness, [
      { id: 'call_bg', name: MEME_TOOLS.generateImage, args: { size: 'huge' } },
    ]);
    expect(bad.call.output).toMatch(/arguments of generate_meme_background are not valid/);
    expect(bad.call.output).toMatch(/prompt/);
  });
});

describe('generate_meme_background configuration', () => {
  let openai: OpenAISimulator;
  beforeAll(async () => {
    openai = await startOpenAISimulator({ apiKey: 'sk-test' });
  });
  afterAll(() => openai.close());

  async function toolNames(config: unknown): Promise<string[]> {
    const server = await startTestServer({
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url },
      config,
    });
    try {
      const client = new TestClient(server.baseUrl);
      const { user } = await client.register();
      return (await server.app.tools.listFor(user.id)).map((t) => t.name);
    } finally {
      await server.close();
    }
  }

  it('is offered only when memes.imageGeneration names a usable endpoint', async () => {
    expect(await toolNames({})).not.toContain(MEME_TOOLS.generateImage);
    expect(await toolNames({ memes: { imageGeneration: { endpoint: 'nowhere', model: 'x' } } })).toEqual(
      expect.arrayContaining([MEME_TOOLS.image]),
    );
    expect(await toolNames({ memes: { imageGeneration: { endpoint: 'nowhere', model: 'x' } } })).not.toContain(
      MEME_TOOLS.generateImage,
    );
    expect(await toolNames({ memes: { imageGeneration: { endpoint: 'openAI', model: 'dall-e-3' } } })).toContain(
      MEME_TOOLS.generateImage,
    );
  });

  it('works on a custom OpenAI-compatible endpoint, leaving the size to its server', async () => {
    const server = await startTestServer({
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url, TITLE_CONVO: 'false' },
      config: {
        endpoints: {
          custom: [{ name: 'Painter', apiKey: 'sk-test', baseURL: openai.url, models: { default: ['flux-dev'] } }],
        },
        memes: { imageGeneration: { endpoint: 'Painter', model: 'flux-dev' } },
      },
    });
    try {
      const client = new TestClient(server.baseUrl);
      const userId = (await client.register()).user.id;
      const agentId = await insertToolAgent(server, userId, [MEME_TOOLS.generateImage]);
      const { call } = await chatWithToolCalls({ server, client, openai, agentId }, [
        { id: 'call_bg', name: MEME_TOOLS.generateImage, args: { prompt: 'A rainy street' } },
      ]);
      expect(JSON.parse(call.output)).toMatchObject({ status: 'ok', width: 1024, height: 1024 });
      const request = imageRequests(openai).at(-1)?.body;
      expect(request).toMatchObject({ model: 'flux-dev', prompt: 'A rainy street', response_format: 'b64_json' });
      expect(request).not.toHaveProperty('size');
    } finally {
      await server.close();
    }
  });
});
