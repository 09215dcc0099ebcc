import { MEME_AGENT_ID, MEME_TOOLS, NO_PARENT, memeImageArgsSchema, memeVideoArgsSchema } from '@confab/shared';
import { startOpenAISimulator, type ChatCompletionRequest, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http-client.js';
import { finalFrame, readSse } from '../../test/sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../test/test-server.js';
import { MEME_AGENT_STARTERS } from '../features/memes/meme-agent.js';
import { listMemeTemplates } from '../features/memes/templates/meme-templates.js';
import { memeTopic } from './demo-memes.js';
import { DEMO_HELP, replyAsDemo } from './demo-replies.js';

const MEME_TOOL_LIST = Object.values(MEME_TOOLS).map((name) => ({ type: 'function', function: { name } }));

/** A request as the Meme maker's tool loop sends it: the meme tools offered, one user message. */
const memeRequest = (text: string, tools: unknown[] = MEME_TOOL_LIST): ChatCompletionRequest => ({
  model: 'demo-model',
  tools,
  messages: [
    { role: 'system', content: 'You are Meme maker' },
    { role: 'user', content: text },
  ],
});

const callsOf = (text: string) => replyAsDemo(memeRequest(text)).toolCalls ?? [];

describe('the Meme maker in the demo', () => {
  it('answers each starter with what it asks for, in arguments the tools accept', () => {
    const [monday, photo, options, video] = MEME_AGENT_STARTERS;
    const one = callsOf(monday ?? '');
    expect(one.map((c) => c.name)).toEqual([MEME_TOOLS.image]);
    expect(callsOf(options ?? '').map((c) => c.name)).toEqual(Array(4).fill(MEME_TOOLS.image));
    expect(callsOf(video ?? '').map((c) => c.name)).toEqual([MEME_TOOLS.video]);
    for (const call of [...one, ...callsOf(options ?? '')])
      expect(memeImageArgsSchema.safeParse(call.args).success).toBe(true);
    expect(memeVideoArgsSchema.safeParse(callsOf(video ?? '')[0]?.args).success).toBe(true);
    // The gallery has every template the takes use.
    const gallery = new Set(listMemeTemplates().map((t) => `template:${t.id}`));
    for (const call of callsOf(options ?? '')) expect(gallery).toContain(call.args.imageUrlString);
    // The photo starter asks for the photo first, then captions the one attached.
    expect(replyAsDemo(memeRequest(photo ?? ''))).toMatchObject({ text: expect.stringContaining('Attach a photo') });
    const attached = `${photo}\n(Attached image file ids, for tools that take a picture: "cat.png" = file:abc-123)`;
    expect(callsOf(attached)[0]?.args).toMatchObject({ imageUrlString: 'file:abc-123' });
    // A clip the user attached is captioned as a video, whatever the words.
    const clip = `Caption this\n\n(Attached video file ids, for tools that take a clip: "me.mp4" = file:clip-9)`;
    const [clipCall] = callsOf(clip);
    expect(clipCall?.name).toBe(MEME_TOOLS.video);
    expect(memeVideoArgsSchema.parse(clipCall?.args).scenes[0]?.imageUrlString).toBe('file:clip-9');
  });

  it('captions what the message is about', () => {
    expect(memeTopic('Make a meme about Monday mornings')).toBe('MONDAY MORNINGS');
    expect(memeTopic('cats in boxes')).toBe('CATS IN BOXES');
  });

  it('leaves markers to the script, other agents to the help, and names the meme markers in the help', () => {
    expect(callsOf('[[meme-invalid]]')[0]?.args).not.toHaveProperty('imageUrlString');
    expect(replyAsDemo(memeRequest('Hello', []))).toMatchObject({ text: DEMO_HELP });
    for (const marker of ['Meme maker', '[[memes]]', '[[meme-video]]']) expect(DEMO_HELP).toContain(marker);
  });
});

describeEachDialect('a Meme maker starter in the demo makes a meme', (dialect) => {
  let simulator: OpenAISimulator;
  let server: TestServer;
  let user: TestClient;

  beforeAll(async () => {
    simulator = await startOpenAISimulator({ apiKey: 'sk-demo' });
    simulator.setResponder(replyAsDemo);
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-demo', OPENAI_REVERSE_PROXY: simulator.url, TITLE_CONVO: 'false' },
    });
    user = new TestClient(server.baseUrl);
    await user.register();
  });
  afterAll(async () => {
    await server?.close();
    await simulator?.close();
  });

  it('renders the meme with the real tool and closes with a line about it', async () => {
    const { status, frames } = await readSse(`${server.baseUrl}/api/agents/chat/agents`, {
      token: user.token,
      body: {
        text: MEME_AGENT_STARTERS[0],
        endpoint: 'agents',
        agent_id: MEME_AGENT_ID,
        parentMessageId: NO_PARENT,
        conversationId: null,
      },
    });
    expect(status).toBe(200);
    const content = finalFrame(frames)?.data.responseMessage.content as {
      type: string;
      text?: string;
      tool_call?: { name: string; output?: string };
    }[];
    const call = content.find((p) => p.type === 'tool_call')?.tool_call;
    expect(call?.name).toBe(MEME_TOOLS.image);
    expect(JSON.parse(call?.output ?? '{}')).toMatchObject({ status: 'ok', overflow: [] });
    expect(content.at(-1)?.text).toContain('Here you go');
  });
});
