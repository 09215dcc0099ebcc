import { describe, expect, it } from 'vitest';
import { backupCodesText } from './backup-codes-file';
import { codeInputOf } from './two-factor-code-field';

describe('two-factor entries', () => {
  it('sends a code only once it has its full length (SPEC 5: shorter input is ignored)', () => {
    expect(codeInputOf('code', '12345')).toBeNull();
    expect(codeInputOf('code', '123456')).toEqual({ token: '123456' });
    expect(codeInputOf('backup', 'ABCD234')).toBeNull();
    expect(codeInputOf('backup', 'ABCD2345')).toEqual({ backupCode: 'ABCD2345' });
  });

  it('writes the backup codes file one code a line under its heading', () => {
    expect(backupCodesText(['AAAA2222', 'BBBB3333'], 'Backup codes')).toBe('Backup codes\n\nAAAA2222\nBBBB3333\n');
  });
});
