import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { DIALECTS, useTestDatabase } from '../../test/test-server.js';
import { insertUser } from '../features/users/users.repo.js';
import { preparedQuery } from './prepared-query.js';
import type { UsersTable } from './schema.js';

for (const dialect of DIALECTS) {
  describe(`preparedQuery [${dialect}]`, () => {
    const database = useTestDatabase(dialect);

    const newUser = (name: string) =>
      insertUser(database.db.kysely, { name, username: '', email: `${name}-${dialect}@example.com`, passwordHash: null, role: 'USER', emailVerified: true });

    const buildFind = vi.fn((db: Parameters<Parameters<typeof preparedQuery>[0]>[0], v: { id: string }) =>
      db.selectFrom('users').select(['id', 'name', 'avatar', 'banned_until']).where('id', '=', v.id),
    );
    const findUser = preparedQuery(buildFind);

    const buildUpdate = vi.fn(
      (db: Parameters<Parameters<typeof preparedQuery>[0]>[0], v: { set: Partial<UsersTable>; nameIfDefault?: string; id: string }) =>
        db
          .updateTable('users')
          .set({
            ...v.set,
            ...(v.nameIfDefault !== undefined ? { name: sql<string>`case when name = ${'Default'} then ${v.nameIfDefault} else name end` } : {}),
          })
          .where('id', '=', v.id)
          .returning(['id', 'name', 'avatar', 'banned_until']),
    );
    const updateUser = preparedQuery(buildUpdate);

    it('runs each time with the values given, compiling once', async () => {
      const [a, b] = [await newUser('Ada'), await newUser('Bob')];
      buildFind.mockClear();
      expect(await findUser(database.db.kysely, { id: a.id })).toEqual([{ id: a.id, name: 'Ada', avatar: null, banned_until: null }]);
      expect(await findUser(database.db.kysely, { id: b.id })).toEqual([{ id: b.id, name: 'Bob', avatar: null, banned_until: null }]);
      expect(await findUser(database.db.kysely, { id: 'nobody' })).toEqual([]);
      expect(buildFind).toHaveBeenCalledTimes(1);
    });

    it('treats each set of defined keys as its own statement, leaving undefined columns alone', async () => {
      const user = await newUser('Cy');
      buildUpdate.mockClear();
      await updateUser(database.db.kysely, { set: { avatar: 'a.png', banned_until: undefined }, id: user.id });
      await updateUser(database.db.kysely, { set: { banned_until: '2030-01-01' }, id: user.id });
      const [row] = await updateUser(database.db.kysely, { set: { avatar: 'b.png' }, id: user.id });
      expect(row).toEqual({ id: user.id, name: 'Cy', avatar: 'b.png', banned_until: '2030-01-01' });
      // Two shapes: { avatar } (twice) and { banned_until }.
      expect(buildUpdate).toHaveBeenCalledTimes(2);
    });

    it('keeps the constants written in the query and binds the values beside them', async () => {
      const renamed = await newUser('Dee');
      const unnamed = await newUser('Default');
      const [kept] = await updateUser(database.db.kysely, { set: {}, nameIfDefault: 'Titled', id: renamed.id });
      const [titled] = await updateUser(database.db.kysely, { set: {}, nameIfDefault: 'Titled', id: unnamed.id });
      expect(kept?.name).toBe('Dee');
      expect(titled?.name).toBe('Titled');
    });

    it('binds hostile text as a value, never as SQL', async () => {
      const user = await newUser('Eve');
      const hostile = `'); DELETE FROM users; --`;
      await updateUser(database.db.kysely, { set: { avatar: hostile }, id: user.id });
      expect((await findUser(database.db.kysely, { id: user.id }))[0]?.avatar).toBe(hostile);
      expect(await findUser(database.db.kysely, { id: hostile })).toEqual([]);
      expect((await database.db.kysely.selectFrom('users').select('id').execute()).length).toBeGreaterThan(1);
    });

    it('runs inside a transaction, on its connection', async () => {
      const user = await newUser('Fay');
      await expect(
        database.db.kysely.transaction().execute(async (trx) => {
          await updateUser(trx, { set: { avatar: 'in-trx.png' }, id: user.id });
          expect((await findUser(trx, { id: user.id }))[0]?.avatar).toBe('in-trx.png');
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect((await findUser(database.db.kysely, { id: user.id }))[0]?.avatar).toBeNull();
    });
  });
}
