import { describe, expect, it, vi } from 'vitest';
import { DIALECTS, useTestDatabase } from '../../test/test-server.js';
import { insertUser } from '../features/users/users.repo.js';
import { CommitGroup } from './commit-group.js';

for (const dialect of DIALECTS) {
  describe(`CommitGroup [${dialect}]`, () => {
    const database = useTestDatabase(dialect);

    const user = (name: string) => ({ name, username: '', email: `${name}-${Date.now()}@example.com`, passwordHash: null, role: 'USER' as const, emailVerified: true });
    const exists = async (name: string) => (await database.db.kysely.selectFrom('users').select('id').where('name', '=', name).execute()).length === 1;

    it('rolls back only the work that failed, and reports each outcome', async () => {
      const group = new CommitGroup(database.db);
      const transactions = vi.spyOn(database.db.kysely, 'transaction');
      const [a, b, c] = await Promise.allSettled([
        group.run((trx) => insertUser(trx, user(`a-${dialect}`))),
        group.run(async (trx) => {
          await insertUser(trx, user(`b-${dialect}`));
          throw new Error('refused');
        }),
        group.run((trx) => insertUser(trx, user(`c-${dialect}`))),
      ]);
      expect(a.status).toBe('fulfilled');
      expect(b).toMatchObject({ status: 'rejected', reason: { message: 'refused' } });
      expect(c.status).toBe('fulfilled');
      expect(await exists(`a-${dialect}`)).toBe(true);
      expect(await exists(`b-${dialect}`)).toBe(false);
      expect(await exists(`c-${dialect}`)).toBe(true);
      // SQLite: one commit for the three; PostgreSQL: a transaction each.
      expect(transactions).toHaveBeenCalledTimes(dialect === 'sqlite' ? 1 : 3);
      transactions.mockRestore();
    });

    it('rolls back work that fails alone in its commit, and stores work that succeeds alone', async () => {
      const group = new CommitGroup(database.db);
      await expect(
        group.run(async (trx) => {
          await insertUser(trx, user(`alone-failed-${dialect}`));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await exists(`alone-failed-${dialect}`)).toBe(false);
      await group.run((trx) => insertUser(trx, user(`alone-stored-${dialect}`)));
      expect(await exists(`alone-stored-${dialect}`)).toBe(true);
    });

    it('keeps taking work queued while a commit runs', async () => {
      const group = new CommitGroup(database.db);
      let later: Promise<unknown> | undefined;
      const first = group.run(async (trx) => {
        // Queued while this group is being written: goes in the next one.
        later = group.run((t) => insertUser(t, user(`later-${dialect}`)));
        return insertUser(trx, user(`first-${dialect}`));
      });
      await first;
      await later;
      expect(await exists(`first-${dialect}`)).toBe(true);
      expect(await exists(`later-${dialect}`)).toBe(true);
    });
  });
}
