import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestDatabase } from '../../test/test-server.js';
import { insertUser } from '../features/users/users.repo.js';
import { isUniqueViolation } from './unique-violation.js';

const user = (email: string) => ({ name: 'Ada', username: '', email, passwordHash: 'x', role: 'USER' as const, emailVerified: true });

async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected the statement to fail');
}

describe.each(DIALECTS)('isUniqueViolation (%s)', (dialect) => {
  const t = useTestDatabase(dialect);

  it("recognises the driver's own duplicate-key errors, unique column and primary key alike", async () => {
    await insertUser(t.db.kysely, user('taken@example.com'));
    expect(isUniqueViolation(await errorOf(() => insertUser(t.db.kysely, user('taken@example.com'))))).toBe(true);
    const [row] = await t.db.kysely.selectFrom('users').selectAll().execute();
    expect(isUniqueViolation(await errorOf(() => t.db.kysely.insertInto('users').values({ ...row!, email: 'other@example.com' }).execute()))).toBe(true);
  });

  it('tells other failures apart', async () => {
    const [row] = await t.db.kysely.selectFrom('users').selectAll().execute();
    const notNull = await errorOf(() => t.db.kysely.insertInto('users').values({ ...row!, id: 'n', email: 'n@example.com', name: null as never }).execute());
    expect(String(notNull)).toMatch(/null/i);
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
