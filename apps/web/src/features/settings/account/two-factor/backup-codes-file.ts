import { TWO_FACTOR } from '@confab/shared';
import { saveBlob } from '../../../files/download-file';

/** The codes as a text file, one a line, with a line saying what they are for. */
export function backupCodesText(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

/** Saves backup-codes.txt (SPEC 9). */
export function downloadBackupCodes(codes: readonly string[], heading: string): void {
  saveBlob(new Blob([backupCodesText(codes, heading)], { type: 'text/plain' }), TWO_FACTOR.backupCodesFileName);
}
