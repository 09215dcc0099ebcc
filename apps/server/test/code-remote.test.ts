import { startCodeInterpreterFake, type CodeInterpreterFake } from '@confab/testkit';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readEnv } from '../src/env.js';
import { CodeRunError, type CodeRunner } from '../src/features/code-execution/code-runner.js';
import { createRemoteCodeRunner } from '../src/features/code-execution/remote/remote-code-runner.js';
import { codeApiMode, getUserCodeApiKey, selectCodeRunner } from '../src/features/code-execution/select-code-runner.js';
import { seedConversation } from '../src/features/conversations/test-seed.js';
import { dataService as service, failureOf, librechat, librechatAxios as axios } from './librechat-package.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * LibreChat's Code Interpreter API as where code runs (issue 37, item 2), against the testkit's
 * fake of that service: the runner's calls (exec, upload, download, X-API-Key), a system key, and
 * a `user_provided` key installed, used and revoked through LibreChat's own client calls
 * (updateUserPlugins, getVerifyAgentToolAuth, callTool).
 */
const SYSTEM_KEY = 'sys-code-key';
const USER_KEY = 'user-code-key-5f2a';

const text = async (read: () => Promise<Readable>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await read()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};
const refusalOf = (run: Promise<unknown>) =>
  run.then(
    () => undefined,
    (err: unknown) => (err instanceof CodeRunError ? { kind: err.kind, message: err.message } : err),
  );

describe('the remote code runner (LibreChat Code Interpreter API)', () => {
  let fake: CodeInterpreterFake;
  let runner: CodeRunner;
  const request = { userId: 'u1', conversationId: randomUUID(), lang: 'py' as const };

  beforeAll(async () => {
    fake = await startCodeInterpreterFake({ apiKeys: [SYSTEM_KEY, USER_KEY] });
    runner = createRemoteCodeRunner({ baseURL: fake.url, apiKey: SYSTEM_KEY });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('runs with the key in X-API-Key; produced files download; the next run of the conversation gets them and the uploads', async () => {
    const first = await runner.run({ ...request, code: "print('hello')\nopen('out.csv', 'w').write('a,b')" });
    expect(first).toMatchObject({
      stdout: 'hello\n',
      stderr: '',
      files: [{ name: 'out.csv', size: 3, mime: 'text/csv' }],
    });
    expect(await text(first.files[0]!.read)).toBe('a,b');
    expect(fake.requests.map((r) => [r.method, r.path.replace(/\/download\/.*/, '/download'), r.apiKey])).toEqual([
      ['POST', '/exec', SYSTEM_KEY],
      ['GET', '/download', SYSTEM_KEY],
    ]);

    const input = {
      fileId: 'file-1',
      name: 'notes.txt',
      read: () => Promise.resolve(Readable.from([Buffer.from('from the user')])),
    };
    const second = await runner.run({
      ...request,
      code: "print(open('out.csv').read())\nprint(open('notes.txt').read())",
      files: [input],
    });
    expect(second).toMatchObject({ stdout: 'a,b\nfrom the user\n', files: [] });
    const exec = fake.requests.filter((r) => r.path === '/exec').at(-1)!.json!;
    expect(exec).toMatchObject({ lang: 'py', session_id: expect.any(String) });
    expect((exec.files as { name: string }[]).map((f) => f.name).sort()).toEqual(['notes.txt', 'out.csv']);
    // An input already uploaded for this conversation is not sent again.
    await runner.run({ ...request, code: "print('again')", files: [input] });
    expect(fake.requests.filter((r) => r.path === '/upload')).toHaveLength(1);
  });

  it('says clearly what went wrong: a refused key, no key, the service down or failing', async () => {
    const userRunner = createRemoteCodeRunner({ baseURL: fake.url, apiKey: 'user_provided' });
    expect(await refusalOf(userRunner.run({ ...request, code: "print('x')" }))).toEqual({
      kind: 'key_required',
      message: 'Add your Code API key to run code.',
    });
    expect(await refusalOf(userRunner.run({ ...request, code: "print('x')", userApiKey: 'wrong' }))).toEqual({
      kind: 'key_required',
      message: 'Your Code API key was refused. Check it and add it again.',
    });
    expect((await userRunner.run({ ...request, code: "print('mine')", userApiKey: USER_KEY })).stdout).toBe('mine\n');
    const wrongServerKey = createRemoteCodeRunner({ baseURL: fake.url, apiKey: 'wrong' });
    expect(await refusalOf(wrongServerKey.run({ ...request, code: "print('x')" }))).toMatchObject({
      kind: 'unavailable',
    });
    fake.failWith = 503;
    expect(await refusalOf(runner.run({ ...request, code: "print('x')" }))).toMatchObject({ kind: 'unavailable' });
    const down = createRemoteCodeRunner({ baseURL: 'http://127.0.0.1:9', apiKey: SYSTEM_KEY });
    expect(await refusalOf(down.run({ ...request, code: "print('x')" }))).toEqual({
      kind: 'unavailable',
      message: 'The code execution service is unavailable. Try again later.',
    });
  });

  it('is chosen by LibreChat env names; the base URL is validated', () => {
    const local = { status: () => Promise.reject(new Error('unused')), run: () => Promise.reject(new Error('unused')) };
    expect(selectCodeRunner(readEnv({}), { local })).toBe(local);
    expect(selectCodeRunner(readEnv({ LIBRECHAT_CODE_API_KEY: 'k' }), { local })).not.toBe(local);
    expect(codeApiMode(readEnv({ LIBRECHAT_CODE_API_KEY: 'user_provided' }))).toBe('user_provided');
    expect(codeApiMode(readEnv({ LIBRECHAT_CODE_BASEURL: 'http://127.0.0.1:1/v1/' }))).toBe('user_provided');
    expect(readEnv({ LIBRECHAT_CODE_BASEURL: 'http://127.0.0.1:1/v1/' }).LIBRECHAT_CODE_BASEURL).toBe(
      'http://127.0.0.1:1/v1',
    );
    expect(() => readEnv({ LIBRECHAT_CODE_BASEURL: 'ftp://x' })).toThrow(/LIBRECHAT_CODE_BASEURL/);
  });
});

describeEachDialect('Code Interpreter API through the app (librechat-data-provider)', (dialect) => {
  let fake: CodeInterpreterFake;
  let server: TestServer;
  let userId: string;
  /** Every answer the app gave, to check that the key never comes back. */
  const answers: string[] = [];

  async function start(key: string) {
    await server?.close();
    server = await startTestServer({ dialect, env: { LIBRECHAT_CODE_API_KEY: key, LIBRECHAT_CODE_BASEURL: fake.url } });
    axios.defaults.baseURL = server.baseUrl;
    const password = 'correct horse battery';
    const { token, user } = await service.register({
      name: 'Coder',
      email: `code-${randomUUID()}@example.com`,
      password,
      confirm_password: password,
    });
    userId = user.id ?? user._id;
    librechat.setTokenHeader(token);
  }
  /** LibreChat's Run button: callTool on a code block of a reply. */
  async function runBlock(code: string) {
    const seeded = await seedConversation(server.db, userId, {
      messages: [{ key: 'reply', text: '```py\n...\n```', isCreatedByUser: false }],
    });
    const call = service.callTool({
      toolId: 'execute_code',
      toolParams: {
        lang: 'py',
        code,
        messageId: seeded.ids.reply,
        conversationId: seeded.conversationId,
        partIndex: 0,
        blockIndex: 0,
      },
    });
    const failure = await failureOf(call);
    const result =
      failure.status === 200
        ? ((await call) as { result: string; attachments: { filepath: string; filename: string }[] })
        : undefined;
    answers.push(JSON.stringify(failure), JSON.stringify(result));
    return { failure, result };
  }
  const verify = async () => {
    const answer = await service.getVerifyAgentToolAuth({ toolId: 'execute_code' });
    answers.push(JSON.stringify(answer));
    return answer;
  };

  beforeAll(async () => {
    fake = await startCodeInterpreterFake({ apiKeys: [SYSTEM_KEY, USER_KEY] });
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server?.close();
    await fake.close();
  });

  it('a system key: runs go to the service, and a produced file downloads', async () => {
    await start(SYSTEM_KEY);
    expect(await verify()).toEqual({ authenticated: true, message: 'system_defined' });
    const { result } = await runBlock("print('from the service')\nopen('table.csv', 'w').write('x,y')");
    expect(result?.result).toContain('from the service');
    const file = result!.attachments.find((a) => a.filename === 'table.csv');
    expect(file).toBeDefined();
    const download = await fetch(
      `${server.baseUrl}/api/files/download/${userId}/${(file as unknown as { file_id: string }).file_id}`,
      {
        headers: { authorization: String(axios.defaults.headers.common.Authorization) },
      },
    );
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('x,y');
    expect(fake.requests.some((r) => r.path === '/exec' && r.apiKey === SYSTEM_KEY)).toBe(true);
  });

  it('user_provided: asks for the key, runs with it once installed, refuses again once revoked; the key stays encrypted and unseen', async () => {
    await start('user_provided');
    expect(await verify()).toEqual({ authenticated: false, message: 'user_provided' });
    const sentBefore = fake.requests.length + fake.refusals;
    const refused = await runBlock("print('no key')");
    expect(refused.failure).toMatchObject({ status: 400, body: { code: 'code_key_required', authenticated: false } });
    // Refused here, before anything reaches the service.
    expect(fake.requests.length + fake.refusals).toBe(sentBefore);

    // LibreChat's key dialog: updateUserPlugins with the execute_code plugin's auth field.
    await service.updateUserPlugins({
      pluginKey: 'execute_code',
      action: 'install',
      auth: { LIBRECHAT_CODE_API_KEY: USER_KEY },
      isEntityTool: true,
    });
    expect(await verify()).toEqual({ authenticated: true, message: 'user_provided' });
    const ran = await runBlock("print('with my key')");
    expect(ran.result?.result).toContain('with my key');
    expect(fake.requests.at(-1)).toMatchObject({ path: '/exec', apiKey: USER_KEY });

    // Kept encrypted like every tool credential, readable only through the store.
    const row = await server.db.kysely
      .selectFrom('tool_credentials')
      .select(['tool_key', 'value'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.tool_key).toBe('execute_code');
    expect(row.value).not.toContain(USER_KEY);
    expect(await getUserCodeApiKey(server.app.tools.credentials, userId)).toBe(USER_KEY);
    answers.push(JSON.stringify(await service.getUser()), JSON.stringify(await service.getAvailableAgentTools()));

    await service.updateUserPlugins({ pluginKey: 'execute_code', action: 'uninstall', isEntityTool: true });
    expect(await verify()).toEqual({ authenticated: false, message: 'user_provided' });
    expect((await runBlock("print('revoked')")).failure).toMatchObject({
      status: 400,
      body: { code: 'code_key_required' },
    });

    // A wrong key is refused by the service, and the user is told so.
    await service.updateUserPlugins({
      pluginKey: 'execute_code',
      action: 'install',
      auth: { LIBRECHAT_CODE_API_KEY: 'not-a-key' },
      isEntityTool: true,
    });
    const wrong = await runBlock("print('wrong key')");
    expect(wrong.failure).toMatchObject({
      status: 400,
      body: { code: 'code_key_required', message: expect.stringContaining('Your Code API key was refused') },
    });

    expect(answers.join('\n')).not.toContain(USER_KEY);
    expect(answers.join('\n')).not.toContain('not-a-key');
  });
});
