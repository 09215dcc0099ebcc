import { messageText } from '@confab/shared';
import { expect, it } from 'vitest';
import { useBalanceServer } from './balance-kit.js';
import { finalFrame, readSse } from './sse-client.js';
import { describeEachDialect } from './test-server.js';
import { waitFor } from './chat-harness.js';
import { seedAgent } from './agent-seed.js';

/**
 * Rates chosen so the scenarios are exact: gpt-4o-mini costs 10 credits a completion token and
 * nothing for the prompt, so with maxOutputTokens 5 and a reported usage of 5 completion tokens
 * the hold (50) is the real cost.
 */
const config = {
  balance: { enabled: true, startBalance: 500 },
  pricing: {
    models: {
      'gpt-4o-mini': { prompt: 0, completion: 10 },
      'gpt-4o': { prompt: 2, completion: 10 },
    },
  },
};

describeEachDialect('the token balance around generations', (dialect) => {
  const w = useBalanceServer(dialect, config);

  it('runs exactly the 10 of 50 parallel generations the balance covers, never below zero', async () => {
    const { client, id } = await w.user();
    w.sim.setResponder(() => ({
      text: 'Five tokens of reply',
      usage: { prompt_tokens: 9, completion_tokens: 5 },
      delayMs: 5,
    }));
    const results = await Promise.all(Array.from({ length: 50 }, () => w.ask(client, { maxOutputTokens: 5 })));
    const finals = results.filter((r) => r.frames.some((f) => f.event === 'message' && f.data.final));
    const refusals = results.map((r) => r.frames.find((f) => f.event === 'error')).filter((f) => f !== undefined);
    expect(finals).toHaveLength(10);
    expect(refusals).toHaveLength(40);
    for (const frame of refusals) {
      expect(JSON.parse(frame.data.text)).toEqual({
        type: 'token_balance',
        balance: 0,
        tokenCost: 50,
        promptTokens: expect.any(Number),
        generations: 0,
      });
    }
    expect(w.chatRequests()).toBe(10);
    expect(await w.money(id)).toEqual({ credits: 0, ledger: 0 });
    // The refused replies are stored as errors, with the error's JSON as their text.
    const stored = await w.server.db.kysely
      .selectFrom('messages')
      .select(['text', 'error'])
      .where('user_id', '=', id)
      .where('is_created_by_user', '=', 0)
      .execute();
    const errors = stored.filter((m) => Number(m.error) === 1);
    expect(errors).toHaveLength(40);
    expect(JSON.parse(errors[0]!.text).type).toBe('token_balance');
    const violations = await w.server.db.kysely
      .selectFrom('violations')
      .select('type')
      .where('user_id', '=', id)
      .execute();
    expect(violations).toHaveLength(40);
    expect(violations.every((v) => v.type === 'token_balance')).toBe(true);
    const balance = await client.get('/api/balance');
    expect(balance.json).toEqual({ tokenCredits: 0, autoRefillEnabled: false });
  });

  it('spends what the provider reports, as a prompt and a completion row, and releases the hold', async () => {
    const { client, id } = await w.user();
    w.sim.enqueue({ text: 'Hi!', usage: { prompt_tokens: 7, completion_tokens: 5 } });
    const result = await w.ask(client, { model: 'gpt-4o', maxOutputTokens: 20 });
    expect(finalFrame(result.frames)).toBeDefined();
    expect(await w.money(id)).toEqual({ credits: 500 - (7 * 2 + 5 * 10), ledger: 500 - 64 });
    const page = await client.get('/api/transactions?limit=10');
    const rows = page.json.transactions as {
      kind: string;
      tokenType: string;
      rawAmount: number | null;
      rate: number | null;
      tokenValue: number;
      context: string | null;
      model: string | null;
    }[];
    const spends = rows.filter((r) => r.context === 'message');
    expect(spends.map((r) => [r.tokenType, r.rawAmount, r.rate, r.tokenValue, r.model]).sort()).toEqual([
      ['completion', -5, 10, -50, 'gpt-4o'],
      ['prompt', -7, 2, -14, 'gpt-4o'],
    ]);
    const hold = rows.find((r) => r.context === 'hold')!;
    const release = rows.find((r) => r.context === 'hold_release')!;
    expect(hold.tokenValue).toBeLessThan(0);
    expect(release.tokenValue).toBe(-hold.tokenValue);
    expect(release.kind).toBe('refund');
    expect(page.json.pagination.total).toBe(5);
  });

  it('settles an aborted generation for what it wrote, and gives the hold back when it wrote nothing', async () => {
    const { client, id } = await w.user();
    w.sim.enqueue({ text: 'word '.repeat(300), chunkSize: 5, delayMs: 10 });
    const partial = await readSse(`${w.server.baseUrl}/api/ask/openAI`, {
      token: client.token,
      body: { text: 'long please', endpoint: 'openAI', model: 'gpt-4o-mini', maxOutputTokens: 40 },
      until: (_f, all) => all.filter((x) => x.data.event === 'on_message_delta').length >= 3,
    });
    const { conversationId } = partial.frames[0]!.data;
    const stopped = await client.post('/api/ask/openAI/abort', { abortKey: conversationId });
    expect(stopped.json.responseMessage.finish_reason).toBe('incomplete');
    const after = await w.money(id);
    expect(after.credits).toBe(after.ledger);
    expect(after.credits).toBeLessThan(500);
    expect(after.credits).toBeGreaterThan(0);
    const completion = await w.server.db.kysely
      .selectFrom('transactions')
      .select(['raw_amount', 'token_value'])
      .where('user_id', '=', id)
      .where('token_type', '=', 'completion')
      .executeTakeFirstOrThrow();
    expect(Number(completion.raw_amount)).toBeLessThan(0);
    expect(Number(completion.token_value)).toBe(Number(completion.raw_amount) * 10);

    // Stopped before the first token: nothing used, nothing spent.
    const { client: other, id: otherId } = await w.user();
    w.sim.enqueue({ text: 'never seen', firstTokenDelayMs: 5000 });
    const started = await readSse(`${w.server.baseUrl}/api/ask/openAI`, {
      token: other.token,
      body: { text: 'wait', endpoint: 'openAI', model: 'gpt-4o-mini', maxOutputTokens: 40 },
      until: (f) => Boolean(f.data.created),
    });
    await waitFor(async () => w.chatRequests() > 0);
    await other.post('/api/ask/openAI/abort', { abortKey: started.frames[0]!.data.conversationId });
    expect(await w.money(otherId)).toEqual({ credits: 500, ledger: 500 });
  });

  it('gives the hold back when the provider fails before writing anything', async () => {
    const { client, id } = await w.user();
    w.sim.enqueue({ error: { status: 500 } });
    const result = await w.ask(client, { maxOutputTokens: 5 });
    expect(result.frames.find((f) => f.event === 'error')).toBeDefined();
    expect(await w.money(id)).toEqual({ credits: 500, ledger: 500 });
  });

  it('charges an agent chat for every step of its tool loop', async () => {
    const { client, id } = await w.user();
    w.server.app.tools.register({
      listTools: () =>
        Promise.resolve([
          {
            name: 'get_weather',
            description: 'The weather in a city',
            inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
            kind: 'builtin' as const,
            run: async () => ({ parts: [{ type: 'text' as const, text: 'Sunny' }] }),
          },
        ]),
    });
    const agentId = await seedAgent(w.server.db.kysely, id, {
      name: 'Weather agent',
      instructions: 'You answer weather questions.',
      model: 'gpt-4o',
      model_parameters: JSON.stringify({ max_tokens: 20 }),
      tools: JSON.stringify(['get_weather']),
    });
    w.sim.enqueue(
      {
        toolCalls: [{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }],
        usage: { prompt_tokens: 30, completion_tokens: 4 },
      },
      { text: 'Sunny in Paris.', usage: { prompt_tokens: 40, completion_tokens: 6 } },
    );
    const result = await readSse(`${w.server.baseUrl}/api/agents/chat/agents`, {
      token: client.token,
      body: {
        text: 'Weather in Paris?',
        endpoint: 'agents',
        agent_id: agentId,
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        conversationId: null,
      },
    });
    expect(messageText(finalFrame(result.frames)?.data.responseMessage ?? { text: '' })).toBe('Sunny in Paris.');
    expect(w.chatRequests()).toBe(2);
    // Both steps: (30 + 40) prompt tokens × 2 and (4 + 6) completion tokens × 10.
    expect(await w.money(id)).toEqual({ credits: 500 - 140 - 100, ledger: 500 - 240 });
  });
});
