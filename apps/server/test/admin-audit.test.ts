import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordAdminAction } from '../src/features/admin/audit/record-admin-action.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

describeEachDialect('the admin audit list', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = new TestClient(server.baseUrl);
    adminId = (await admin.register({ name: 'Admin' })).user.id as string;
  });
  afterAll(() => server.close());

  it('is for administrators only: a USER gets 403, a visitor 401', async () => {
    const user = new TestClient(server.baseUrl);
    await user.register();
    expect((await user.get('/api/admin/audit')).status).toBe(403);
    expect((await new TestClient(server.baseUrl).get('/api/admin/audit')).status).toBe(401);
  });

  it('pages newest first with an opaque cursor, filters by target, and refuses a forged cursor', async () => {
    for (let i = 0; i < 5; i++) {
      await recordAdminAction(server.db.kysely, {
        actor: { id: adminId, email: 'admin@example.com' },
        action: 'user.role',
        target: { type: 'user', id: `target-${i % 2}`, label: `t${i}@example.com` },
        details: { role: i % 2 ? 'ADMIN' : 'USER', i },
      });
    }
    const first = await admin.get('/api/admin/audit?limit=3');
    expect(first.status).toBe(200);
    expect(first.json.entries).toHaveLength(3);
    expect(first.json.entries[0]).toMatchObject({
      actor: { id: adminId, label: 'admin@example.com' },
      action: 'user.role',
      target: { type: 'user', id: 'target-0', label: 't4@example.com' },
      details: { role: 'USER', i: 4 },
    });
    const second = await admin.get(`/api/admin/audit?limit=3&cursor=${first.json.nextCursor}`);
    expect(second.json.entries.map((e: { details: { i: number } }) => e.details.i)).toEqual([1, 0]);
    expect(second.json.nextCursor).toBeNull();
    const one = await admin.get('/api/admin/audit?targetId=target-1');
    expect(one.json.entries.map((e: { details: { i: number } }) => e.details.i)).toEqual([3, 1]);
    expect((await admin.get('/api/admin/audit?cursor=bm9wZQ')).status).toBe(400);
    expect((await admin.get('/api/admin/audit?action=user.nothing')).status).toBe(400);
  });
});
