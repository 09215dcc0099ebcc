import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './tokens.js';

describe('AccessTokens', () => {
  const secret = 'a'.repeat(32);
  afterEach(() => vi.useRealTimers());

  it('verifies a token again from memory until it expires, then says it expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    const tokens = new AccessTokens(secret, 60_000);
    const token = await tokens.sign({ id: 'u1', sessionId: 's1' });
    expect(await tokens.verify(token)).toEqual({ id: 'u1', sessionId: 's1' });
    expect(await tokens.verify(token)).toEqual({ id: 'u1', sessionId: 's1' });
    vi.setSystemTime(new Date('2026-11-21T10:01:00Z'));
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'token_expired' });
  });

  it('refuses a token changed after signing, or signed with another secret', async () => {
    const tokens = new AccessTokens(secret, 60_000);
    const token = await tokens.sign({ id: 'u1', sessionId: 's1' });
    await tokens.verify(token);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sid: 's1', sub: 'admin', iss: 'confab', exp: 9e9 })).toString('base64url')}.${signature}`;
    await expect(tokens.verify(forged)).rejects.toMatchObject({ code: 'unauthorized' });
    const other = await new AccessTokens('b'.repeat(32), 60_000).sign({ id: 'u1', sessionId: 's1' });
    await expect(tokens.verify(other)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
