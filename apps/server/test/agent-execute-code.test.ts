import { execFileSync } from 'node:child_process';
import { messageText, NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, toolResultsOf, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, expect, it, type TestContext } from 'vitest';
import { updateRolePermissions } from '../src/features/roles/roles.repo.js';
import { seedAgent } from './agent-seed.js';
import { waitFor } from './chat-harness.js';
import { getBytes, postUpload } from './files-test-kit.js';
import { TestClient } from './http-client.js';
import { expectNoProcessWith, newMarker } from './sandbox-kit.js';
import { finalFrame, readSse, type SseFrame } from './sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * Issue 37: an agent's execute_code, on the real local sandbox, in the one tool loop, driven by
 * the OpenAI simulator. Skipped only where the sandbox says it cannot run (never in CI).
 */
const toolCalls = (content: any[] | undefined) => (content ?? []).filter((part) => part.type === 'tool_call');
const chatCompletions = (sim: OpenAISimulator) => sim.requests.filter((r) => r.path.endsWith('/chat/completions'));
/** Whether a process with the marker among its arguments runs (the sandboxed program's). */
const isRunning = (marker: string) => async () => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).includes(marker);

describeEachDialect('agent execute_code', (dialect) => {
  let openai: OpenAISimulator;
  let server: TestServer;
  let client: TestClient;
  let userId: string;
  let role: 'ADMIN' | 'USER';
  let available = false;

  beforeAll(async () => {
    openai = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url, TITLE_CONVO: 'false', SANDBOX_WALL_TIME_SECONDS: '20' },
    });
    client = new TestClient(server.baseUrl);
    ({ id: userId, role } = (await client.register()).user as { id: string; role: 'ADMIN' | 'USER' });
    const status = await server.app.codeRunner.status();
    available = status.available;
    if (!available && process.env.CI) throw new Error(`The code sandbox must run in CI: ${status.reason}`);
  });
  afterAll(async () => {
    await server?.close();
    await openai?.close();
  });
  beforeEach(() => {
    openai.reset();
    // The model answers a tool result with what it read: "The run said: <output>".
    openai.setResponder((request) => {
      const result = toolResultsOf(request).at(-1);
      return { text: result ? `The run said: ${result.text}` : 'No run.' };
    });
  });

  const needsSandbox = (ctx: TestContext) => {
    if (!available) ctx.skip();
  };
  const chat = (agentId: string, until?: (frame: SseFrame, all: SseFrame[]) => boolean) =>
    readSse(`${server.baseUrl}/api/agents/chat/agents`, {
      token: client.token,
      body: { text: 'Run it', endpoint: 'agents', agent_id: agentId, parentMessageId: NO_PARENT, conversationId: null },
      until,
    });
  const codeAgent = async (fields: Parameters<typeof seedAgent>[2] = {}) =>
    seedAgent(server.db.kysely, userId, { tools: JSON.stringify(['execute_code']), ...fields });

  it('runs Python with the agent file, answers with its output, and returns its PNG as an attachment', async (ctx) => {
    needsSandbox(ctx);
    const upload = await postUpload(server.baseUrl, client.token, [{ name: 'numbers.csv', data: 'n\n19\n23\n', type: 'text/csv' }], {
      file_id: 'tmp-1',
      endpoint: 'agents',
      tool_resource: 'execute_code',
    });
    expect(upload.status).toBe(200);
    const agentId = await codeAgent({ tool_resources: JSON.stringify({ execute_code: { file_ids: [upload.json.file_id] } }) });
    // A 1x1 PNG written by hand: matplotlib's start-up would only slow this test (the sandbox's own tests draw with it).
    const code = [
      'import csv, struct, zlib',
      "total = sum(int(row['n']) for row in csv.DictReader(open('numbers.csv')))",
      "print('total', total)",
      "chunk = lambda kind, data: struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))",
      "png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 1, 1, 8, 0, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(b'\\x00\\x80')) + chunk(b'IEND', b'')",
      "open('plot.png', 'wb').write(png)",
    ].join('\n');
    openai.enqueue({ toolCalls: [{ id: 'call_code_1', name: 'execute_code', args: { lang: 'py', code } }] });

    const { frames } = await chat(agentId);
    const reply = finalFrame(frames)!.data.responseMessage;
    const [call] = toolCalls(reply.content);
    expect(call.tool_call).toMatchObject({ id: 'call_code_1', name: 'execute_code', progress: 1 });
    expect(JSON.parse(call.tool_call.args)).toEqual({ lang: 'py', code });
    expect(call.tool_call.output).toContain('stdout:\ntotal 42');
    expect(call.tool_call.output).toContain('Generated files:\n- /mnt/data/plot.png | Image is already displayed to the user');
    // The model read the output, and answered with it.
    expect(toolResultsOf(chatCompletions(openai)[1]).at(-1)?.text).toContain('total 42');
    expect(messageText(reply)).toContain('The run said: stdout:\ntotal 42');

    // The PNG: a live `attachment` frame and the stored reply's attachments, under the call.
    const live = frames.filter((f) => f.event === 'attachment').map((f) => f.data);
    expect(live).toHaveLength(1);
    const [png] = reply.attachments;
    expect(live[0]).toEqual(png);
    expect(png).toMatchObject({
      filename: 'plot.png',
      type: 'image/png',
      source: 'execute_code',
      context: 'execute_code',
      toolCallId: 'call_code_1',
      messageId: reply.messageId,
      conversationId: reply.conversationId,
    });
    expect(Date.parse(png.expiresAt)).toBeGreaterThan(Date.now());
    const bytes = await getBytes(server.baseUrl, client.token, png.filepath);
    expect(bytes.status).toBe(200);
    expect(bytes.body.subarray(1, 4).toString()).toBe('PNG');
    // A reload reads them from the stored reply.
    const stored = await client.get(`/api/messages/${reply.conversationId}`);
    expect(stored.json.find((m: any) => m.messageId === reply.messageId).attachments).toEqual(reply.attachments);
  });

  it('a stop ends a running execution: no process of it remains, the call stays unfinished', async (ctx) => {
    needsSandbox(ctx);
    const marker = newMarker();
    const agentId = await codeAgent();
    openai.enqueue({
      toolCalls: [{ id: 'call_sleep', name: 'execute_code', args: { lang: 'py', code: 'import time\ntime.sleep(60)', args: [marker] } }],
    });
    const partial = await chat(agentId, (f) => f.data.event === 'on_run_step');
    const { conversationId, responseMessageId } = partial.frames[0]!.data;
    await waitFor(isRunning(marker), 10_000);

    const res = await client.post('/api/agents/chat/abort', { abortKey: conversationId, endpoint: 'agents' });
    expect(res.status).toBe(200);
    await waitFor(async () => !(await isRunning(marker)()), 5000);
    expectNoProcessWith(marker);
    const stored = await server.db.kysely.selectFrom('messages').selectAll().where('message_id', '=', responseMessageId).executeTakeFirstOrThrow();
    expect(stored.finish_reason).toBe('incomplete');
    const [call] = toolCalls(JSON.parse(stored.content!));
    expect(call.tool_call.name).toBe('execute_code');
    expect(call.tool_call.progress ?? 0).toBeLessThan(1);
    expect(chatCompletions(openai)).toHaveLength(1);
  });

  it('a stream resumed mid-run sees the run finish and the answer', async (ctx) => {
    needsSandbox(ctx);
    const marker = newMarker();
    const agentId = await codeAgent();
    const code = "import time, sys\ntime.sleep(1)\nprint('done', len(sys.argv[1]))";
    openai.enqueue({ toolCalls: [{ id: 'call_resume', name: 'execute_code', args: { lang: 'py', code, args: [marker] } }] });
    const partial = await chat(agentId, (f) => f.data.event === 'on_run_step');
    const { streamId } = partial.frames[0]!.data;
    await waitFor(isRunning(marker), 10_000);

    const rest = await readSse(`${server.baseUrl}/api/chat/stream/${streamId}`, { token: client.token, lastEventId: partial.frames.at(-1)!.id });
    const completed = rest.frames.find((f) => f.data.event === 'on_run_step_completed');
    expect(completed?.data.data.result.tool_call).toMatchObject({ name: 'execute_code', output: `stdout:\ndone ${marker.length}` });
    const reply = finalFrame(rest.frames)!.data.responseMessage;
    expect(messageText(reply)).toBe(`The run said: stdout:\ndone ${marker.length}`);
  });

  it('without RUN_CODE the tool is not offered, and a call the model makes anyway runs nothing', async () => {
    // file_search keeps the tool loop on, so the model's call of execute_code reaches it.
    const agentId = await codeAgent({ tools: JSON.stringify(['execute_code', 'file_search']) });
    await updateRolePermissions(server.db, role, 'RUN_CODE', { USE: false });
    try {
      const marker = newMarker();
      openai.enqueue({ toolCalls: [{ id: 'call_forged', name: 'execute_code', args: { lang: 'py', code: 'print(1)', args: [marker] } }] });
      const { frames } = await chat(agentId);
      const [first, second] = chatCompletions(openai);
      expect(first?.body.tools.map((t: any) => t.function.name)).toEqual(['file_search']);
      expect(toolResultsOf(second).at(-1)?.text).toMatch(/unavailable tool 'execute_code'/);
      const reply = finalFrame(frames)!.data.responseMessage;
      expect(toolCalls(reply.content)[0].tool_call.output).toMatch(/^Error processing tool execute_code/);
      expect(reply.attachments).toBeUndefined();
    } finally {
      await updateRolePermissions(server.db, role, 'RUN_CODE', { USE: true });
    }
  });
});
