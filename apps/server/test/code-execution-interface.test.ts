import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { seedConversation } from '../src/features/conversations/test-seed.js';
import { dataService as service, failureOf, librechat, librechatAxios as axios } from './librechat-package.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * `interface.runCode: false` (issue 37), as LibreChat's interface settings do: at start it turns
 * RUN_CODE USE off for every role, so the Run button's call answers 403 and runs nothing.
 */
describeEachDialect('interface.runCode: false', (dialect) => {
  let server: TestServer;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { interface: { runCode: false } } });
    axios.defaults.baseURL = server.baseUrl;
    const password = 'correct horse battery';
    const { token, user } = await service.register({
      name: 'No Code',
      email: `nocode-${randomUUID()}@example.com`,
      password,
      confirm_password: password,
    });
    userId = user.id ?? user._id;
    librechat.setTokenHeader(token);
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server?.close();
  });

  it('turns RUN_CODE USE off for every role at start; the call is refused and nothing runs', async () => {
    const roles = await server.db.kysely.selectFrom('roles').select(['name', 'permissions']).execute();
    expect(roles.map((r) => [r.name, JSON.parse(r.permissions).RUN_CODE])).toEqual(
      expect.arrayContaining([
        ['ADMIN', { USE: false }],
        ['USER', { USE: false }],
      ]),
    );
    expect((await service.getRole('USER')).RUN_CODE).toEqual({ USE: false });
    expect((await service.getStartupConfig()).interface.runCode).toBe(false);

    const seeded = await seedConversation(server.db, userId, {
      messages: [{ key: 'reply', text: '```py\nprint(1)\n```', isCreatedByUser: false }],
    });
    const run = vi.spyOn(server.app.codeRunner, 'run');
    const refused = await failureOf(
      service.callTool({
        toolId: 'execute_code',
        toolParams: {
          lang: 'py',
          code: 'print(1)',
          messageId: seeded.ids.reply,
          conversationId: seeded.conversationId,
          partIndex: 0,
          blockIndex: 0,
        },
      }),
    );
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(run).not.toHaveBeenCalled();
    expect(await service.getToolCalls({ conversationId: seeded.conversationId })).toEqual([]);
    run.mockRestore();
  });
});
