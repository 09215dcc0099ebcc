import { afterAll, beforeAll, expect, it } from 'vitest';
import { countTokens } from '../src/features/tokenizer/count-tokens.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * LibreChat's memories API (issue 41) over HTTP. The installed librechat-data-provider (0.7.6998)
 * has no memory calls yet, so a plain client sends LibreChat's requests.
 */
describeEachDialect('memories API', (dialect) => {
  let limited: TestServer;
  let defaults: TestServer;
  let disabled: TestServer;
  const TOKEN_LIMIT = 40;

  beforeAll(async () => {
    [limited, defaults, disabled] = await Promise.all([
      startTestServer({
        dialect,
        config: { memory: { tokenLimit: TOKEN_LIMIT, charLimit: 120, validKeys: ['food', 'work', 'pets', 'music'] } },
      }),
      startTestServer({ dialect }),
      startTestServer({ dialect, config: { memory: { disabled: true, agent: { provider: 'openAI', model: 'gpt-4o-mini' } } } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([limited, defaults, disabled].map((server) => server?.close()));
  });

  async function userOf(server: TestServer) {
    const client = new TestClient(server.baseUrl);
    await client.register();
    return client;
  }

  it('creates, lists newest first, updates, renames and deletes a memory with its token count', async () => {
    const user = await userOf(limited);
    const empty = await user.get('/api/memories');
    expect(empty.json).toEqual({ memories: [], totalTokens: 0, tokenLimit: TOKEN_LIMIT, charLimit: 120, usagePercentage: 0 });

    const food = await user.post('/api/memories', { key: ' food ', value: ' Likes green tea ' });
    expect(food.status).toBe(201);
    const foodTokens = await countTokens('Likes green tea');
    expect(food.json).toEqual({
      created: true,
      memory: { key: 'food', value: 'Likes green tea', tokenCount: foodTokens, updated_at: expect.any(String) },
    });
    const work = await user.post('/api/memories', { key: 'work', value: 'Nurse' });
    expect(work.status).toBe(201);

    // Both may be saved within the same millisecond: the older one is dated back to make the order certain.
    await limited.db.kysely.updateTable('memories').set({ updated_at: '2020-01-01T00:00:00.000Z' }).where('value', '=', 'Likes green tea').execute();
    const listed = await user.get('/api/memories');
    const total = foodTokens + (await countTokens('Nurse'));
    expect(listed.json.memories.map((m: { key: string }) => m.key)).toEqual(['work', 'food']);
    expect(listed.json.totalTokens).toBe(total);
    expect(listed.json.usagePercentage).toBe(Math.round((total / TOKEN_LIMIT) * 100));

    const changed = await user.patch('/api/memories/food', { value: 'Likes black coffee' });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ updated: true, memory: { key: 'food', value: 'Likes black coffee' } });

    const renamed = await user.patch('/api/memories/food', { key: 'music', value: 'Likes jazz' });
    expect(renamed.json).toMatchObject({ updated: true, memory: { key: 'music', value: 'Likes jazz' } });
    const afterRename = (await user.get('/api/memories')).json.memories.map((m: { key: string }) => m.key);
    expect(afterRename.sort()).toEqual(['music', 'work']);

    expect((await user.delete('/api/memories/music')).json).toEqual({ deleted: true });
    expect((await user.delete('/api/memories/music')).status).toBe(404);
    expect((await user.patch('/api/memories/music', { value: 'x' })).status).toBe(404);
    expect((await user.get('/api/memories')).json.memories.map((m: { key: string }) => m.key)).toEqual(['work']);
  });

  it('refuses a duplicate key with 409, on create and on rename, and keeps both memories as they were', async () => {
    const user = await userOf(limited);
    await user.post('/api/memories', { key: 'food', value: 'Vegan' });
    await user.post('/api/memories', { key: 'pets', value: 'A cat' });
    const again = await user.post('/api/memories', { key: 'food', value: 'Eats fish' });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('conflict');
    expect((await user.patch('/api/memories/pets', { key: 'food', value: 'A dog' })).status).toBe(409);
    const values = (await user.get('/api/memories')).json.memories.map((m: { value: string }) => m.value).sort();
    expect(values).toEqual(['A cat', 'Vegan']);
  });

  it('refuses bad input, a value over charLimit, a key outside validKeys and a total over tokenLimit', async () => {
    const user = await userOf(limited);
    for (const body of [{ key: 'food' }, { key: '  ', value: 'x' }, { key: 'food', value: '   ' }, { key: 'food', value: 3 }, { key: 'food', value: 'x', extra: 1 }]) {
      const refused = await user.post('/api/memories', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.code).toBe('validation_error');
    }
    expect((await user.post('/api/memories', { key: 'food', value: 'x'.repeat(121) })).status).toBe(400);
    const outside = await user.post('/api/memories', { key: 'secrets', value: 'x' });
    expect(outside.status).toBe(400);
    expect(outside.json.validKeys).toEqual(['food', 'work', 'pets', 'music']);

    // Words of one token each: 30 of them fit, 11 more would pass the limit of 40.
    const thirty = Array.from({ length: 30 }, () => 'cat').join(' ');
    const used = await countTokens(thirty);
    expect((await user.post('/api/memories', { key: 'pets', value: thirty })).status).toBe(201);
    const eleven = Array.from({ length: 11 }, () => 'tea').join(' ');
    expect(used + (await countTokens(eleven))).toBeGreaterThan(TOKEN_LIMIT);
    const over = await user.post('/api/memories', { key: 'food', value: eleven });
    expect(over.status).toBe(400);
    expect(over.json).toMatchObject({ code: 'validation_error', tokenLimit: TOKEN_LIMIT, totalTokens: used });
    // An update counts the memory's new value in place of its old one.
    const longer = Array.from({ length: 41 }, () => 'cat').join(' ');
    expect((await user.patch('/api/memories/pets', { value: longer })).status).toBe(400);
    expect((await user.patch('/api/memories/pets', { value: eleven })).status).toBe(200);
    expect((await user.get('/api/memories')).json.totalTokens).toBe(await countTokens(eleven));
  });

  it('never shows or changes another user’s memory', async () => {
    const owner = await userOf(limited);
    const other = await userOf(limited);
    await owner.post('/api/memories', { key: 'work', value: 'Pilot' });
    expect((await other.get('/api/memories')).json.memories).toEqual([]);
    expect((await other.patch('/api/memories/work', { value: 'Spy' })).status).toBe(404);
    expect((await other.delete('/api/memories/work')).status).toBe(404);
    // The other user may hold the same key for themselves.
    expect((await other.post('/api/memories', { key: 'work', value: 'Chef' })).status).toBe(201);
    expect((await owner.get('/api/memories')).json.memories).toMatchObject([{ key: 'work', value: 'Pilot' }]);
    expect((await new TestClient(limited.baseUrl).get('/api/memories')).status).toBe(401);
  });

  it('keeps the user’s memory switch and refuses a switch that is not a boolean', async () => {
    const user = await userOf(limited);
    const off = await user.patch('/api/memories/preferences', { memories: false });
    expect(off.json).toEqual({ updated: true, preferences: { memories: false } });
    const row = await limited.db.kysely.selectFrom('memory_preferences').select('memories').executeTakeFirst();
    expect(row?.memories).toBe(0);
    expect((await user.patch('/api/memories/preferences', { memories: true })).json.preferences).toEqual({ memories: true });
    expect((await user.patch('/api/memories/preferences', { memories: 'no' })).status).toBe(400);
  });

  it('uses LibreChat’s defaults without a memory section: charLimit 10000, no token limit, keys to 1000 characters', async () => {
    const user = await userOf(defaults);
    const key = 'k'.repeat(1000);
    expect((await user.post('/api/memories', { key, value: 'v'.repeat(10_000) })).status).toBe(201);
    expect((await user.post('/api/memories', { key: 'other', value: 'v'.repeat(10_001) })).status).toBe(400);
    expect((await user.post('/api/memories', { key: `${key}k`, value: 'v' })).status).toBe(400);
    const listed = (await user.get('/api/memories')).json;
    expect(listed).toMatchObject({ tokenLimit: null, charLimit: 10_000, usagePercentage: null });
    // A long key travels in the path too.
    expect((await user.patch(`/api/memories/${key}`, { value: 'short' })).status).toBe(200);
    expect((await user.delete(`/api/memories/${key}`)).status).toBe(200);
  });

  it('answers 403 on every call when the config disables memory', async () => {
    const user = await userOf(disabled);
    const calls = [
      user.get('/api/memories'),
      user.post('/api/memories', { key: 'food', value: 'x' }),
      user.patch('/api/memories/food', { value: 'x' }),
      user.delete('/api/memories/food'),
      user.patch('/api/memories/preferences', { memories: false }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    expect(await disabled.db.kysely.selectFrom('memories').select('id').execute()).toEqual([]);
  });

  it('removes the user’s memories and switch with the account', async () => {
    const user = await userOf(limited);
    const userId = (await user.get('/api/user')).json.id as string;
    await user.post('/api/memories', { key: 'food', value: 'Tacos' });
    await user.patch('/api/memories/preferences', { memories: false });
    expect((await user.delete('/api/user/delete')).status).toBe(200);
    const { kysely } = limited.db;
    expect(await kysely.selectFrom('memories').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await kysely.selectFrom('memory_preferences').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
  });
});
