import { describe, expect, it } from 'vitest';
import { computeExpiresAt, DEFAULT_EXPIRY, describeKey, isKeyUsable, KEY_EXPIRY_KEYS } from './key-expiry';

const now = Date.parse('2025-01-01T00:00:00.000Z');

describe('key expiry (SPEC 9)', () => {
  it('offers the seven options, 12 hours by default', () => {
    expect(KEY_EXPIRY_KEYS).toEqual(['30m', '2h', '12h', '1d', '7d', '30d', 'never']);
    expect(DEFAULT_EXPIRY).toBe('12h');
  });
  it('computes expiresAt from now', () => {
    expect(computeExpiresAt('30m', now)).toBe('2025-01-01T00:30:00.000Z');
    expect(computeExpiresAt('12h', now)).toBe('2025-01-01T12:00:00.000Z');
    expect(computeExpiresAt('7d', now)).toBe('2025-01-08T00:00:00.000Z');
    expect(computeExpiresAt('30d', now)).toBe('2025-01-31T00:00:00.000Z');
    expect(computeExpiresAt('never', now)).toBeNull();
  });
  it('describes the stored key: none, never, expired, expires', () => {
    expect(describeKey({ expiresAt: null, exists: false }, now)).toEqual({ kind: 'none' });
    expect(describeKey(undefined, now)).toEqual({ kind: 'none' });
    expect(describeKey({ expiresAt: null }, now)).toEqual({ kind: 'never' });
    expect(describeKey({ expiresAt: '2024-12-31T23:59:59.000Z' }, now).kind).toBe('expired');
    expect(describeKey({ expiresAt: '2025-01-01T00:00:00.000Z' }, now).kind).toBe('expired');
    expect(describeKey({ expiresAt: '2025-01-02T00:00:00.000Z' }, now)).toEqual({
      kind: 'expires',
      at: new Date('2025-01-02T00:00:00.000Z'),
    });
  });
  it('allows sends only with a key that has not expired', () => {
    expect(isKeyUsable({ kind: 'none' })).toBe(false);
    expect(isKeyUsable({ kind: 'expired', at: new Date(now) })).toBe(false);
    expect(isKeyUsable({ kind: 'never' })).toBe(true);
    expect(isKeyUsable({ kind: 'expires', at: new Date(now + 1) })).toBe(true);
  });
});
