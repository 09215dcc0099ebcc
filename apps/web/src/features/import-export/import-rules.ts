import { isImportFileName } from '@confab/shared';

/** SPEC 5: imported conversation files must be .json (by name; a JSON type without one is let through too). */
export function isImportFile(file: Pick<File, 'name' | 'type'>): boolean {
  return isImportFileName(file.name) || file.type === 'application/json';
}

/** "512 B", "1.5 KB", "12 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
