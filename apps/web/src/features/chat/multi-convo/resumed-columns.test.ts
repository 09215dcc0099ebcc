import type { ActiveJob, Message } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { columnsToResume } from './resumed-columns';

const job = (streamId: string, over: Partial<ActiveJob> = {}): ActiveJob => ({
  streamId,
  conversationId: 'c1',
  userMessageId: 'u1',
  responseMessageId: `r-${streamId}`,
  startedAt: '2026-01-01T00:00:01.000Z',
  ...over,
});
const reply = (messageId: string, createdAt: string) => ({ messageId, createdAt }) as Message;

describe('columnsToResume', () => {
  it('rejoins the newest generation of the conversation alone when it answers a question of its own', () => {
    const older = job('a', { userMessageId: 'u0', startedAt: '2026-01-01T00:00:00.000Z' });
    const newest = job('b');
    const elsewhere = job('x', { conversationId: 'c2', startedAt: '2026-01-01T00:00:09.000Z' });
    expect(columnsToResume([older, newest, elsewhere], 'c1', [])).toEqual([newest, null]);
    expect(columnsToResume([elsewhere], 'c1', [])).toBeNull();
  });

  it("rejoins both columns of a question sent to two models, the first column's reply being the one stored first", () => {
    const first = job('a', { startedAt: '2026-01-01T00:00:02.000Z' });
    const added = job('b', { startedAt: '2026-01-01T00:00:01.000Z' });
    const messages = [reply('r-b', '2026-01-01T00:00:00.900Z'), reply('r-a', '2026-01-01T00:00:00.800Z')];
    expect(columnsToResume([added, first], 'c1', messages)).toEqual([first, added]);
  });

  it("rejoins as the added column the job whose reply is stored as the added model's, whenever it was stored", () => {
    const first = job('a', { startedAt: '2026-01-01T00:00:02.000Z' });
    const added = job('b', { startedAt: '2026-01-01T00:00:01.000Z' });
    const messages = [
      { ...reply('r-b', '2026-01-01T00:00:00.700Z'), addedConvo: true },
      reply('r-a', '2026-01-01T00:00:00.800Z'),
    ];
    expect(columnsToResume([first, added], 'c1', messages)).toEqual([first, added]);
  });

  it('orders the columns by when their jobs started when the replies are not known or stored in the same instant', () => {
    const first = job('a', { startedAt: '2026-01-01T00:00:01.000Z' });
    const added = job('b', { startedAt: '2026-01-01T00:00:01.050Z' });
    expect(columnsToResume([added, first], 'c1', [])).toEqual([first, added]);
    const sameInstant = [reply('r-a', '2026-01-01T00:00:00.800Z'), reply('r-b', '2026-01-01T00:00:00.800Z')];
    expect(columnsToResume([added, first], 'c1', sameInstant)).toEqual([first, added]);
  });
});
