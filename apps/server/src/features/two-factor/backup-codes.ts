import { randomInt } from 'node:crypto';
import { TWO_FACTOR, type BackupCodeStatus } from '@confab/shared';
import { sha256 } from '../../platform/ids.js';

/** No 0/O, 1/I/L: a code copied from paper by hand reads one way only. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Case and surrounding spaces do not matter when a code is typed. */
export function normalizeBackupCode(code: string): string {
  return code.trim().toUpperCase();
}

export function hashBackupCode(code: string): string {
  return sha256(normalizeBackupCode(code));
}

/** Fresh codes in clear (shown once) and what is stored of them. */
export function newBackupCodes(): { codes: string[]; stored: BackupCodeStatus[] } {
  const codes = Array.from({ length: TWO_FACTOR.backupCodeCount }, () =>
    Array.from({ length: TWO_FACTOR.backupCodeLength }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return { codes, stored: codes.map((code) => ({ codeHash: hashBackupCode(code), used: false, usedAt: null })) };
}

export function parseBackupCodes(json: string): BackupCodeStatus[] {
  return JSON.parse(json) as BackupCodeStatus[];
}

/** The stored list with `code` marked used, or undefined when it is not an unused code of the list. */
export function markBackupCodeUsed(
  stored: BackupCodeStatus[],
  code: string,
  at: string,
): BackupCodeStatus[] | undefined {
  const hash = hashBackupCode(code);
  const index = stored.findIndex((entry) => !entry.used && entry.codeHash === hash);
  if (index < 0) return undefined;
  return stored.map((entry, i) => (i === index ? { ...entry, used: true, usedAt: at } : entry));
}
