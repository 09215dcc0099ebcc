import { describe, expect, it } from 'vitest';
import { credit } from '../src/features/balance/ledger.js';
import { useBalanceServer } from './balance-kit.js';
import { TestClient } from './http-client.js';
import { describeEachDialect } from './test-server.js';

describeEachDialect('the balance routes', (dialect) => {
  describe('with refills every second', () => {
    const w = useBalanceServer(dialect, {
      balance: {
        enabled: true,
        startBalance: 0,
        autoRefillEnabled: true,
        refillIntervalValue: 1,
        refillIntervalUnit: 'seconds',
        refillAmount: 100,
      },
    });

    /** Moves the user's last refill back, as if the interval had passed. */
    const age = (userId: string, seconds: number) =>
      w.server.db.kysely
        .updateTable('balances')
        .set({ last_refill: new Date(Date.now() - seconds * 1000).toISOString() })
        .where('user_id', '=', userId)
        .execute();

    it('creates the balance on first read and refills once per interval, once however many ask at once', async () => {
      const { client, id } = await w.user();
      const first = await client.get('/api/balance');
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({
        tokenCredits: 0,
        autoRefillEnabled: true,
        refillIntervalValue: 1,
        refillIntervalUnit: 'seconds',
        refillAmount: 100,
      });
      expect(typeof first.json.lastRefill).toBe('string');
      expect((await client.get('/api/balance')).json.tokenCredits).toBe(0);

      await age(id, 5);
      const answers = await Promise.all(Array.from({ length: 10 }, () => client.get('/api/balance')));
      expect(answers.every((a) => a.json.tokenCredits === 100)).toBe(true);
      expect(await w.money(id)).toEqual({ credits: 100, ledger: 100 });
      expect((await client.get('/api/balance')).json.tokenCredits).toBe(100);

      // Waited out for real: one second later the next refill is due.
      await new Promise((r) => setTimeout(r, 1100));
      expect((await client.get('/api/balance')).json.tokenCredits).toBe(200);
      const refills = await client.get('/api/transactions');
      expect(
        refills.json.transactions.map((t: { kind: string; tokenValue: number }) => [t.kind, t.tokenValue]),
      ).toEqual([
        ['refill', 100],
        ['refill', 100],
      ]);
    });

    it('refills before a generation when due, and refuses one the balance cannot hold', async () => {
      const { client, id } = await w.user();
      await client.get('/api/balance');
      const refused = await w.ask(client, { maxOutputTokens: 1 });
      expect(JSON.parse(refused.frames.find((f) => f.event === 'error')!.data.text)).toMatchObject({
        type: 'token_balance',
        balance: 0,
      });
      expect(w.chatRequests()).toBe(0);

      await age(id, 5);
      w.sim.enqueue({ text: 'ok', usage: { prompt_tokens: 3, completion_tokens: 2 } });
      const result = await w.ask(client, { maxOutputTokens: 1 });
      expect(result.frames.some((f) => f.event === 'message' && f.data.final)).toBe(true);
      // gpt-4o-mini at LibreChat's rates: 3 × 0.15 and 2 × 0.6 credits, each rounded up.
      expect(await w.money(id)).toEqual({ credits: 97, ledger: 97 });
    });

    it("pages and filters transactions by date, newest first, and shows only the caller's", async () => {
      const { client, id } = await w.user();
      const { client: stranger, id: strangerId } = await w.user();
      await client.get('/api/balance');
      await stranger.get('/api/balance');
      const db = w.server.db.kysely;
      const dated = async (userId: string, amount: number, at: string) => {
        await db
          .transaction()
          .execute((trx) => credit(trx, userId, amount, { kind: 'grant', context: `grant ${amount}` }));
        await db
          .updateTable('transactions')
          .set({ created_at: at })
          .where('user_id', '=', userId)
          .where('context', '=', `grant ${amount}`)
          .execute();
      };
      await dated(id, 1, '2025-01-01T10:00:00.000Z');
      await dated(id, 2, '2025-01-02T23:30:00.000Z');
      await dated(id, 3, '2025-01-03T00:00:01.000Z');
      await dated(id, 4, '2025-01-05T12:00:00.000Z');
      await dated(strangerId, 9, '2025-01-02T12:00:00.000Z');

      const all = await client.get('/api/transactions?page=1&limit=2&dateFrom=2025-01-01&dateTo=2025-01-31');
      expect(all.status).toBe(200);
      expect(all.json.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2 });
      expect(all.json.transactions.map((t: { tokenValue: number }) => t.tokenValue)).toEqual([4, 3]);
      const second = await client.get('/api/transactions?page=2&limit=2&dateFrom=2025-01-01&dateTo=2025-01-31');
      expect(second.json.transactions.map((t: { tokenValue: number }) => t.tokenValue)).toEqual([2, 1]);

      // A date-only dateTo takes in the whole of that day.
      const twoDays = await client.get('/api/transactions?dateFrom=2025-01-01&dateTo=2025-01-02');
      expect(twoDays.json.transactions.map((t: { tokenValue: number }) => t.tokenValue)).toEqual([2, 1]);
      const timed = await client.get(
        `/api/transactions?dateFrom=${encodeURIComponent('2025-01-02T23:00:00+00:00')}&dateTo=${encodeURIComponent('2025-01-03T00:00:01Z')}`,
      );
      expect(timed.json.transactions.map((t: { tokenValue: number }) => t.tokenValue)).toEqual([3, 2]);
      expect(twoDays.json.transactions[0]).toEqual({
        id: expect.any(String),
        kind: 'grant',
        tokenType: 'credits',
        model: null,
        endpoint: null,
        conversationId: null,
        messageId: null,
        rawAmount: null,
        rate: null,
        tokenValue: 2,
        context: 'grant 2',
        createdAt: '2025-01-02T23:30:00.000Z',
      });

      const theirs = await stranger.get('/api/transactions?dateFrom=2025-01-01&dateTo=2025-01-31');
      expect(theirs.json.transactions.map((t: { tokenValue: number }) => t.tokenValue)).toEqual([9]);

      for (const bad of ['limit=0', 'limit=101', 'page=0', 'page=x', 'dateFrom=yesterday', 'dateTo=2025-13-45']) {
        const res = await client.get(`/api/transactions?${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.json.code).toBe('validation_error');
      }
      expect((await new TestClient(w.server.baseUrl).get('/api/transactions')).status).toBe(401);
    });

    it('counts analytics events for administrators only', async () => {
      const { client: admin, id: adminId } = await w.user();
      const { client: user } = await w.user();
      await w.server.db.kysely.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', adminId).execute();
      const before = (await admin.get('/api/events/counts')).json;
      expect((await user.post('/api/events', { type: 'paywall_shown' })).status).toBe(204);
      expect((await user.post('/api/events', { type: 'paywall_shown' })).status).toBe(204);
      expect((await admin.post('/api/events', { type: 'subscribe_success' })).status).toBe(204);

      const forbidden = await user.get('/api/events/counts');
      expect(forbidden.status).toBe(403);
      expect(forbidden.json.code).toBe('forbidden');
      const counts = await admin.get('/api/events/counts');
      expect(counts.status).toBe(200);
      expect(counts.json.counts.paywall_shown).toBe(before.counts.paywall_shown + 2);
      expect(counts.json.counts.subscribe_success).toBe(before.counts.subscribe_success + 1);
      expect(counts.json.counts.meme_liked).toBe(0);
      expect(counts.json.total).toBe(before.total + 3);
      expect(Object.values(counts.json.counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(
        counts.json.total,
      );

      const future = await admin.get('/api/events/counts?from=2999-01-01');
      expect(future.json.total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect((await admin.get(`/api/events/counts?from=${today}&to=${today}`)).json.total).toBe(counts.json.total);
      expect((await admin.get('/api/events/counts?from=soon')).status).toBe(400);
    });
  });

  describe('turned off', () => {
    const w = useBalanceServer(dialect, { balance: { enabled: false, startBalance: 10 } });

    it('checks nothing and writes no balance or ledger rows', async () => {
      const { client, id } = await w.user();
      w.sim.enqueue({ text: 'free', usage: { prompt_tokens: 3, completion_tokens: 2 } });
      const result = await w.ask(client, { model: 'gpt-4o' });
      expect(result.frames.some((f) => f.event === 'message' && f.data.final)).toBe(true);
      expect((await client.get('/api/balance')).json).toEqual({ tokenCredits: 0, autoRefillEnabled: false });
      expect((await client.get('/api/transactions')).json).toEqual({
        transactions: [],
        pagination: { page: 1, limit: 25, total: 0, totalPages: 0 },
      });
      const balances = await w.server.db.kysely
        .selectFrom('balances')
        .select('user_id')
        .where('user_id', '=', id)
        .execute();
      const rows = await w.server.db.kysely.selectFrom('transactions').select('id').where('user_id', '=', id).execute();
      expect([balances, rows]).toEqual([[], []]);
    });
  });
});
