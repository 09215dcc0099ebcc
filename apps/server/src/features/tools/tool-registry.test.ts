import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../../test/test-server.js';
import { seedUser } from '../conversations/test-seed.js';
import { staticToolSource, ToolRegistry, type ToolSource } from './tool-registry.js';
import type { ToolDefinition } from './tool-types.js';

const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {}, trace: () => {}, fatal: () => {}, child: () => silent, level: 'silent', silent: () => {} };
const log = silent as unknown as ConstructorParameters<typeof ToolRegistry>[2];

const tool = (name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  description: name,
  inputSchema: { type: 'object' },
  kind: 'builtin',
  run: () => Promise.resolve({ parts: [{ type: 'text', text: name }] }),
  ...extra,
});

describeEachDialect('tool registry', (dialect) => {
  const t = useTestDatabase(dialect);
  const key = randomBytes(32).toString('hex');

  it('lists every source, the first of two same names kept, a failing source skipped; resolve keeps order and skips unknown names', async () => {
    const registry = new ToolRegistry(t.db, key, log);
    const first = tool('dup', { description: 'first' });
    registry.register(staticToolSource([tool('a'), first]));
    registry.register({ listTools: () => Promise.reject(new Error('server down')) } satisfies ToolSource);
    // A per-user source: only user u1 has tool "mine".
    registry.register({ listTools: (userId) => Promise.resolve(userId === 'u1' ? [tool('mine'), tool('dup', { description: 'second' })] : []) });

    expect((await registry.listFor('u1')).map((x) => x.name)).toEqual(['a', 'dup', 'mine']);
    expect((await registry.get('u1', 'dup'))?.description).toBe('first');
    expect(await registry.get('u2', 'mine')).toBeUndefined();
    expect((await registry.resolve('u1', ['mine', 'gone', 'a', 'mine'])).map((x) => x.name)).toEqual(['mine', 'a']);
    expect(await registry.resolve('u2', ['mine'])).toEqual([]);
  });

  it('credentials: encrypted per user, complete or nothing, unreadable under another key', async () => {
    const userId = await seedUser(t.db);
    const other = await seedUser(t.db);
    const registry = new ToolRegistry(t.db, key, log);
    const needsAuth = tool('quotes', { auth: [{ authField: 'A', label: 'A', description: '' }, { authField: 'B', label: 'B', description: '' }] });
    expect(await registry.isAuthenticated(userId, tool('free'))).toBe(true);
    expect(await registry.credentialsFor(userId, tool('free'))).toBeUndefined();

    await registry.credentials.save(userId, 'quotes', { A: 'alpha-secret' });
    expect(await registry.credentialsFor(userId, needsAuth)).toBeUndefined();
    await registry.credentials.save(userId, 'quotes', { A: 'alpha-secret', B: 'beta-secret' });
    expect(await registry.credentialsFor(userId, needsAuth)).toEqual({ A: 'alpha-secret', B: 'beta-secret' });
    expect(await registry.credentialsFor(other, needsAuth)).toBeUndefined();

    const rows = await t.db.kysely.selectFrom('tool_credentials').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toMatch(/alpha-secret|beta-secret/);

    const rotated = new ToolRegistry(t.db, randomBytes(32).toString('hex'), log);
    expect(await rotated.credentialsFor(userId, needsAuth)).toBeUndefined();

    await registry.credentials.delete(userId, 'quotes');
    expect(await registry.isAuthenticated(userId, needsAuth)).toBe(false);
  });
});
