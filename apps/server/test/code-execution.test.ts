import { ROLES } from '@confab/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi, type TestContext } from 'vitest';
import { seedConversation } from '../src/features/conversations/test-seed.js';
import { updateRolePermissions } from '../src/features/roles/roles.repo.js';
import { EXPIRED_FILE_GRACE_MS, sweepExpiredFiles } from '../src/features/code-execution/expired-files-sweep.js';
import type { StorageAdapter } from '../src/platform/storage/storage.js';
import { getBytes, postUpload } from './files-test-kit.js';
import { TestClient } from './http-client.js';
import { dataService as service, failureOf, librechat, librechatAxios as axios } from './librechat-package.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * Issue 37: a code block's Run button through LibreChat's own client calls (callTool,
 * getVerifyAgentToolAuth, getToolCalls), on the real local sandbox: Python with numpy, pandas and
 * matplotlib, JavaScript and TypeScript, the conversation's files, produced files kept as the
 * user's with an end, and every refusal running and storing nothing. Runs skip only where the
 * sandbox is unavailable on the machine (never in CI: sandbox-kit.ts).
 */
interface Attachment {
  file_id: string;
  filename: string;
  filepath: string;
  type: string;
  bytes: number;
  width?: number;
  height?: number;
  source: string;
  context: string;
  expiresAt: string;
  status?: string;
  messageId: string;
  toolCallId: string;
  conversationId: string;
}
interface CallAnswer {
  result: string;
  attachments: Attachment[];
}

describeEachDialect('the Run button (execute_code call, local sandbox)', (dialect) => {
  let server: TestServer;
  let userId: string;
  let token: string;
  let isAvailable = false;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const status = await server.app.codeRunner.status();
    isAvailable = status.available;
    if (!isAvailable && process.env.CI) throw new Error(`The code sandbox must run in CI: ${status.reason}`);
    axios.defaults.baseURL = server.baseUrl;
    const password = 'correct horse battery';
    const registered = await service.register({
      name: 'Coder',
      email: `run-${randomUUID()}@example.com`,
      password,
      confirm_password: password,
    });
    token = registered.token;
    userId = registered.user.id ?? registered.user._id;
    librechat.setTokenHeader(token);
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server?.close();
  });

  const needsSandbox = (context: TestContext) => {
    if (!isAvailable) context.skip();
  };
  const reply = (conversationOf = userId) =>
    seedConversation(server.db, conversationOf, {
      messages: [
        { key: 'ask', text: 'Plot squares' },
        { key: 'reply', parent: 'ask', text: '```python\nprint(1)\n```', isCreatedByUser: false },
      ],
    });
  const call = (
    seeded: { conversationId: string; ids: Record<string, string> },
    lang: string,
    code: string,
    blockIndex = 0,
  ) =>
    service.callTool({
      toolId: 'execute_code',
      toolParams: {
        lang,
        code,
        messageId: seeded.ids.reply,
        conversationId: seeded.conversationId,
        partIndex: 0,
        blockIndex,
      },
    }) as Promise<CallAnswer>;
  const counts = async () => ({
    calls: Number(
      (
        await server.db.kysely
          .selectFrom('tool_calls')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    files: Number(
      (
        await server.db.kysely
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('getVerifyAgentToolAuth: usable without a key when the sandbox is', async () => {
    expect(await service.getVerifyAgentToolAuth({ toolId: 'execute_code' })).toEqual({
      authenticated: isAvailable,
      message: 'system_defined',
    });
  });

  it('Python computes with numpy and pandas, draws a PNG and writes a CSV; both download; the next run and a reload see them', async (context) => {
    needsSandbox(context);
    const seeded = await reply();
    // A file the user attached to their message is readable at /mnt/data.
    const upload = await postUpload(
      server.baseUrl,
      token,
      [{ name: 'notes.txt', data: 'from the user', type: 'text/plain' }],
      {
        endpoint: 'openAI',
        file_id: randomUUID(),
      },
    );
    expect(upload.status).toBe(200);
    await server.db.kysely
      .updateTable('messages')
      .set({ files: JSON.stringify([{ file_id: upload.json.file_id, filename: 'notes.txt', type: 'text/plain' }]) })
      .where('message_id', '=', seeded.ids.ask!)
      .execute();

    const code = [
      'import numpy as np, pandas as pd, matplotlib',
      "matplotlib.use('Agg')",
      'import matplotlib.pyplot as plt',
      "df = pd.DataFrame({'x': np.arange(5), 'y': np.arange(5) ** 2})",
      "print(int(df['y'].sum()))",
      "print(open('notes.txt').read())",
      "df.to_csv('squares.csv', index=False)",
      "plt.plot(df.x, df.y); plt.savefig('plot.png')",
    ].join('\n');
    const before = Date.now();
    const answer = await call(seeded, 'py', code);
    expect(answer.result).toMatch(/^stdout:\n30\nfrom the user\n/);
    expect(answer.result).toContain('Generated files:\n- /mnt/data/plot.png | Image is already displayed to the user');
    expect(answer.attachments.map((a) => a.filename).sort()).toEqual(['plot.png', 'squares.csv']);
    const png = answer.attachments.find((a) => a.filename === 'plot.png')!;
    const csv = answer.attachments.find((a) => a.filename === 'squares.csv')!;
    expect(png).toMatchObject({
      type: 'image/png',
      filepath: `/images/${userId}/${png.file_id}`,
      source: 'execute_code',
      context: 'execute_code',
      messageId: seeded.ids.reply,
      conversationId: seeded.conversationId,
      toolCallId: expect.any(String),
      width: expect.any(Number),
      height: expect.any(Number),
    });
    // The files end with the working folder: SANDBOX_SESSION_TTL_MINUTES (60) after the run.
    expect(Date.parse(png.expiresAt) - before).toBeGreaterThan(59 * 60_000);
    expect(csv).toMatchObject({ type: 'text/csv', filepath: `/api/files/download/${userId}/${csv.file_id}` });

    const image = await getBytes(server.baseUrl, token, png.filepath);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.body.subarray(1, 4).toString()).toBe('PNG');
    const table = await getBytes(server.baseUrl, token, csv.filepath);
    expect(table.body.toString()).toBe('x,y\n0,0\n1,1\n2,4\n3,9\n4,16\n');
    // They are the user's files, in My files.
    const mine = (await service.getFiles()) as Attachment[];
    expect(
      mine
        .filter((f) => f.source === 'execute_code')
        .map((f) => f.filename)
        .sort(),
    ).toEqual(['plot.png', 'squares.csv']);

    // A second run of the conversation (another block) sees the first one's file.
    const second = await call(seeded, 'py', "print(open('squares.csv').read().splitlines()[3])", 1);
    expect(second).toEqual({ result: 'stdout:\n2,4', attachments: [], exitCode: 0 });

    // After a reload: LibreChat's getToolCalls gives each block its runs.
    const calls = (await service.getToolCalls({ conversationId: seeded.conversationId })) as (CallAnswer &
      Record<string, unknown>)[];
    expect(calls.map((c) => [c.toolId, c.messageId, c.partIndex, c.blockIndex, c.result])).toEqual([
      ['execute_code', seeded.ids.reply, 0, 0, answer.result],
      ['execute_code', seeded.ids.reply, 0, 1, second.result],
    ]);
    expect(calls[0]!.attachments).toEqual(answer.attachments);
  });

  it('a produced file past its end shows as expired and no longer downloads', async (context) => {
    needsSandbox(context);
    const seeded = await reply();
    const { attachments } = await call(seeded, 'py', "open('old.txt', 'w').write('old')");
    const [file] = attachments;
    // As if the hour had passed (the session's access token would not survive a faked clock).
    const past = new Date(Date.now() - 1000).toISOString();
    await server.db.kysely
      .updateTable('files')
      .set({ expires_at: past })
      .where('file_id', '=', file!.file_id)
      .execute();
    await server.db.kysely
      .updateTable('tool_calls')
      .set({ attachments: JSON.stringify([{ ...file, expiresAt: past }]) })
      .where('conversation_id', '=', seeded.conversationId)
      .execute();
    const download = await getBytes(server.baseUrl, token, file!.filepath);
    expect(download.status).toBe(410);
    expect(JSON.parse(download.body.toString())).toEqual({ code: 'file_expired', message: 'This file has expired' });
    const listed = ((await service.getFiles()) as Attachment[]).find((f) => f.file_id === file!.file_id);
    expect(listed?.status).toBe('expired');
    const [run] = (await service.getToolCalls({ conversationId: seeded.conversationId })) as CallAnswer[];
    expect(run!.attachments[0]).toMatchObject({ file_id: file!.file_id, status: 'expired' });

    // A day later the row and its bytes go.
    const deleted: string[] = [];
    const storage = { delete: (key: string) => Promise.resolve(void deleted.push(key)) } as unknown as StorageAdapter;
    expect(await sweepExpiredFiles(server.db, storage, Date.now() + EXPIRED_FILE_GRACE_MS)).toBe(1);
    expect(deleted).toEqual([`${userId}/${file!.file_id}`]);
    expect((await getBytes(server.baseUrl, token, file!.filepath)).status).toBe(404);
  });

  it('JavaScript and TypeScript run', async (context) => {
    needsSandbox(context);
    const seeded = await reply();
    expect((await call(seeded, 'js', "console.log([1, 2, 3].map((n) => n * 2).join(','))")).result).toBe(
      'stdout:\n2,4,6',
    );
    const ts = await call(seeded, 'ts', 'const answer: number = 21;\nconsole.log(answer * 2);', 1);
    expect(ts.result).toBe('stdout:\n42');
  });

  it('a press within a second waits its turn; a flood is refused with run_code_limit', async (context) => {
    needsSandbox(context);
    const seeded = await reply();
    const started = Date.now();
    const both = await Promise.all([call(seeded, 'py', "print('a')"), call(seeded, 'py', "print('b')", 1)]);
    expect(both.map((a) => a.result)).toEqual(['stdout:\na', 'stdout:\nb']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    const flood = await Promise.all(Array.from({ length: 6 }, () => failureOf(call(seeded, 'py', 'pass'))));
    const refused = flood.filter((f) => f.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.body).toMatchObject({ code: 'run_code_limit' });
  });

  it('refusals run and store nothing: bad input, another user’s message, RUN_CODE off', async () => {
    const seeded = await reply();
    const run = vi.spyOn(server.app.codeRunner, 'run');
    const before = await counts();
    try {
      expect(await failureOf(call(seeded, 'cobol', 'DISPLAY 1'))).toMatchObject({
        status: 400,
        body: { code: 'validation_error' },
      });

      const other = new TestClient(server.baseUrl);
      const { user } = await other.register();
      const theirs = await reply(user.id);
      expect(await failureOf(call(theirs, 'py', "print('x')"))).toMatchObject({
        status: 404,
        body: { code: 'not_found' },
      });
      // Their own message in someone else's conversation id: still not found.
      expect(
        await failureOf(call({ conversationId: theirs.conversationId, ids: seeded.ids }, 'py', 'pass')),
      ).toMatchObject({
        status: 404,
      });

      // The first account is the administrator: every role loses it.
      for (const role of ROLES) await updateRolePermissions(server.db, role, 'RUN_CODE', { USE: false });
      expect(await failureOf(call(seeded, 'py', "print('x')"))).toMatchObject({
        status: 403,
        body: { code: 'forbidden' },
      });
      expect(run).not.toHaveBeenCalled();
      expect(await counts()).toEqual(before);
    } finally {
      run.mockRestore();
      for (const role of ROLES) await updateRolePermissions(server.db, role, 'RUN_CODE', { USE: true });
    }
  });
});
