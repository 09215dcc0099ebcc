import { expect, it } from 'vitest';
import { describeEachDialect, useTestDatabase } from '../../../test/test-server.js';
import { insertUser } from '../users/users.repo.js';
import { credit, debitUpTo, ensureBalance, ledgerSum, readCredits, tryDebit } from './ledger.js';

const settings = {
  startBalance: 100,
  autoRefillEnabled: false,
  refillIntervalValue: 30,
  refillIntervalUnit: 'days',
  refillAmount: 0,
};

describeEachDialect('the ledger', (dialect) => {
  const database = useTestDatabase(dialect);

  async function newUser() {
    const user = await insertUser(database.db.kysely, {
      name: 'Ledger Person',
      username: '',
      email: `ledger-${crypto.randomUUID()}@example.com`,
      passwordHash: null,
      role: 'USER',
      emailVerified: true,
    });
    return user.id;
  }

  it('starts a balance once, grants a credit once per external id, and always equals its ledger', async () => {
    const db = database.db.kysely;
    const userId = await newUser();
    expect(await ensureBalance(db, userId, settings)).toBe(true);
    expect(await ensureBalance(db, userId, settings)).toBe(false);
    expect(await readCredits(db, userId)).toBe(100);
    expect(await credit(db, userId, 50, { kind: 'subscription', externalId: 'in_1:1' })).toBe(true);
    expect(await credit(db, userId, 50, { kind: 'subscription', externalId: 'in_1:1' })).toBe(false);
    expect(await readCredits(db, userId)).toBe(150);
    expect(await tryDebit(db, userId, 151, { kind: 'spend' })).toBe(false);
    expect(await tryDebit(db, userId, 149.2, { kind: 'spend' })).toBe(true);
    expect(await readCredits(db, userId)).toBe(0);
    expect(await credit(db, userId, 5, { kind: 'grant' })).toBe(true);
    expect(await debitUpTo(db, userId, 8, { kind: 'spend' })).toBe(5);
    expect(await readCredits(db, userId)).toBe(0);
    expect(await ledgerSum(db, userId)).toBe(0);
  });

  it('lets concurrent debits take a balance to zero and never below', async () => {
    const db = database.db.kysely;
    const userId = await newUser();
    await ensureBalance(db, userId, settings);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        database.db.kysely.transaction().execute((trx) => tryDebit(trx, userId, 10, { kind: 'spend' })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await readCredits(db, userId)).toBe(0);
    expect(await ledgerSum(db, userId)).toBe(0);
  });
});
