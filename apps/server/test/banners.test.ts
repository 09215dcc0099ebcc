import { afterAll, beforeAll, expect, it } from 'vitest';
import { conforms, dataService, librechat, librechatAxios } from './librechat-package.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describeEachDialect('banners (Admin → Banners and GET /api/banner)', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = new TestClient(server.baseUrl);
    await admin.register({ name: 'Admin' });
    user = new TestClient(server.baseUrl);
    await user.register({ name: 'Someone' });
  });
  afterAll(() => server.close());

  const count = async (table: 'banners' | 'admin_audit') =>
    Number(
      (
        await server.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const clearBanners = () => server.db.kysely.deleteFrom('banners').execute();

  it('refuses a USER (403) and a visitor (401) on every admin call, storing nothing', async () => {
    const created = await admin.post('/api/admin/banners', { message: 'Keep me', displayFrom: at(-hour) });
    expect(created.status).toBe(201);
    const before = { banners: await count('banners'), audit: await count('admin_audit') };
    const visitor = new TestClient(server.baseUrl);
    const body = { message: 'Nope', displayFrom: at(-hour) };
    for (const client of [user, visitor]) {
      const expected = client === user ? 403 : 401;
      expect((await client.get('/api/admin/banners')).status).toBe(expected);
      expect((await client.post('/api/admin/banners', body)).status).toBe(expected);
      expect((await client.put(`/api/admin/banners/${created.json.bannerId}`, body)).status).toBe(expected);
      expect((await client.delete(`/api/admin/banners/${created.json.bannerId}`)).status).toBe(expected);
    }
    expect({ banners: await count('banners'), audit: await count('admin_audit') }).toEqual(before);
    const kept = await server.db.kysely.selectFrom('banners').select('message').where('id', '=', created.json.bannerId).executeTakeFirst();
    expect(kept?.message).toBe('Keep me');
    await clearBanners();
  });

  it('creates, lists, edits and deletes a banner, each with its audit row', async () => {
    const created = await admin.post('/api/admin/banners', {
      message: '**Maintenance** tonight',
      displayFrom: at(-hour),
      displayTo: at(hour),
      isPublic: true,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ message: '**Maintenance** tonight', isPublic: true, persistable: false, status: 'live', type: 'banner' });
    const id = created.json.bannerId as string;

    const list = await admin.get('/api/admin/banners');
    expect(list.json.banners.map((b: { bannerId: string }) => b.bannerId)).toEqual([id]);

    const edited = await admin.put(`/api/admin/banners/${id}`, {
      message: 'Maintenance moved',
      displayFrom: at(hour),
      displayTo: null,
      persistable: true,
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ message: 'Maintenance moved', displayTo: null, persistable: true, isPublic: false, status: 'scheduled' });
    expect(edited.json.updatedAt > created.json.updatedAt).toBe(true);

    expect((await admin.delete(`/api/admin/banners/${id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/banners/${id}`)).status).toBe(404);
    expect((await admin.put(`/api/admin/banners/${id}`, { message: 'x', displayFrom: at(0) })).status).toBe(404);
    expect(await count('banners')).toBe(0);

    const audit = await admin.get(`/api/admin/audit?targetId=${id}`);
    expect(audit.json.entries.map((e: { action: string }) => e.action)).toEqual(['banner.delete', 'banner.update', 'banner.create']);
    expect(audit.json.entries[1].details.changes).toEqual(['message', 'display_from', 'display_to', 'is_public', 'persistable']);
    expect(audit.json.entries[2].target).toMatchObject({ type: 'banner', id, label: '**Maintenance** tonight' });
  });

  it('validates the message and the window, storing nothing', async () => {
    const before = await count('banners');
    const refused = [
      { message: '', displayFrom: at(0) },
      { message: 'x'.repeat(1001), displayFrom: at(0) },
      { message: 'ok', displayFrom: 'tomorrow' },
      { message: 'ok', displayFrom: at(hour), displayTo: at(0) },
      { message: 'ok', displayFrom: at(0), displayTo: at(0) },
      { message: 'ok', displayFrom: at(0), createdBy: 'someone-else' },
    ];
    for (const body of refused) expect((await admin.post('/api/admin/banners', body)).status).toBe(400);
    expect(await count('banners')).toBe(before);
  });

  it('answers the current banner: the window, public for visitors, the newest start when several overlap', async () => {
    await clearBanners();
    const visitor = new TestClient(server.baseUrl);
    expect((await visitor.get('/api/banner')).json).toBeNull();

    await admin.post('/api/admin/banners', { message: 'Ended', displayFrom: at(-2 * hour), displayTo: at(-hour), isPublic: true });
    await admin.post('/api/admin/banners', { message: 'Later', displayFrom: at(hour), isPublic: true });
    expect((await visitor.get('/api/banner')).json).toBeNull();
    expect((await user.get('/api/banner')).json).toBeNull();

    const open = await admin.post('/api/admin/banners', { message: 'Public, open-ended', displayFrom: at(-2 * hour), isPublic: true });
    expect((await visitor.get('/api/banner')).json).toMatchObject({ bannerId: open.json.bannerId, isPublic: true });
    // Open-ended: no displayTo at all, as LibreChat's stored banner has none.
    expect('displayTo' in (await visitor.get('/api/banner')).json).toBe(false);

    const members = await admin.post('/api/admin/banners', {
      message: 'Members only',
      displayFrom: at(-hour),
      displayTo: at(hour),
      persistable: true,
    });
    // The newest start wins for a signed-in user; a visitor still gets the public one.
    expect((await user.get('/api/banner')).json).toEqual({
      bannerId: members.json.bannerId,
      message: 'Members only',
      displayFrom: members.json.displayFrom,
      displayTo: members.json.displayTo,
      type: 'banner',
      isPublic: false,
      persistable: true,
      createdAt: members.json.createdAt,
      updatedAt: members.json.updatedAt,
    });
    expect((await visitor.get('/api/banner')).json.bannerId).toBe(open.json.bannerId);
    // A stale or forged token is a visitor, not an error.
    const stale = await visitor.get('/api/banner', { headers: { authorization: 'Bearer not-a-token' } });
    expect(stale.status).toBe(200);
    expect(stale.json.bannerId).toBe(open.json.bannerId);
  });

  it("answers LibreChat's client (librechat-data-provider) in its banner schema", async () => {
    await clearBanners();
    const { json } = await admin.post('/api/admin/banners', {
      message: 'Hello from the admin',
      displayFrom: at(-hour),
      displayTo: at(hour),
    });
    librechatAxios.defaults.baseURL = server.baseUrl;
    try {
      librechat.setTokenHeader(undefined);
      expect(await dataService.getBanner()).toBeNull();
      librechat.setTokenHeader(user.token);
      const banner = await dataService.getBanner();
      expect(banner.bannerId).toBe(json.bannerId);
      expect(conforms(librechat.tBannerSchema, banner)).toBe('ok');
    } finally {
      librechat.setTokenHeader(undefined);
    }
  });
});
