import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();
export const nowIso = (): string => new Date().toISOString();
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

let lastMs = 0;
let sequence = 0;
/**
 * A UUID version 7: it sorts by creation time, and within one millisecond of this process by
 * creation order (a 12-bit counter in `rand_a`, RFC 9562 method 1). For rows listed newest first
 * whose timestamps tie, such as the audit rows one request writes.
 */
export function sortableId(): string {
  let ms = Date.now();
  if (ms > lastMs) {
    lastMs = ms;
    sequence = randomBytes(2).readUInt16BE(0) & 0x3ff; // room to count up within the millisecond
  } else {
    ms = lastMs;
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      ms = lastMs;
      sequence = 0;
    }
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes.writeUInt8(0x80 | (bytes.readUInt8(8) & 0x3f), 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
