import { TWO_FACTOR } from '@confab/shared';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { hashBackupCode, markBackupCodeUsed, newBackupCodes } from './backup-codes.js';
import { matchTotpStep, newTotpSecret, totpUri } from './totp.js';

const step = () => Math.floor(Date.now() / 1000 / TWO_FACTOR.periodSeconds);
const codeAt = (secret: string, s: number) => generate({ secret, epoch: s * TWO_FACTOR.periodSeconds });

describe('TOTP', () => {
  it('accepts a code of the drift window once its step is past the last accepted one', async () => {
    const secret = newTotpSecret();
    const now = step();
    expect(await matchTotpStep(secret, await codeAt(secret, now - 1))).toBe(now - 1);
    expect(await matchTotpStep(secret, await codeAt(secret, now + 1))).toBe(now + 1);
    expect(await matchTotpStep(secret, await codeAt(secret, now - 3))).toBeUndefined();
    expect(await matchTotpStep(secret, await codeAt(secret, now), now)).toBeUndefined();
    expect(await matchTotpStep(secret, await codeAt(secret, now), now - 1)).toBe(now);
  });

  it('names the app and the account in the otpauth address', () => {
    const url = new URL(totpUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'My Chat', 'me@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe('My Chat');
    expect(decodeURIComponent(url.pathname)).toContain('My Chat:me@example.com');
  });
});

describe('backup codes', () => {
  it('makes ten distinct 8-character codes of an unambiguous alphabet, stored as hashes', () => {
    const { codes, stored } = newBackupCodes();
    expect(new Set(codes).size).toBe(TWO_FACTOR.backupCodeCount);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(stored.map((s) => s.codeHash)).toEqual(codes.map(hashBackupCode));
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
  });

  it('marks a code used once, whatever its case', () => {
    const { codes, stored } = newBackupCodes();
    const code = codes[4] ?? '';
    const used = markBackupCodeUsed(stored, ` ${code.toLowerCase()} `, '2026-01-01T00:00:00.000Z');
    expect(used?.[4]).toEqual({ codeHash: stored[4]?.codeHash, used: true, usedAt: '2026-01-01T00:00:00.000Z' });
    expect(used && markBackupCodeUsed(used, code, 'later')).toBeUndefined();
    expect(markBackupCodeUsed(stored, 'ZZZZZZZZ', 'now')).toBeUndefined();
  });
});
