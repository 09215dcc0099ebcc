import { AppError } from '../../platform/errors.js';

/** A value a cursor may carry: sort keys are text (ISO dates, titles, ids) or integers. */
export type CursorValue = string | number;
export type CursorShape = readonly ('string' | 'number')[];

/**
 * Paging cursors are opaque to clients: base64url of a JSON array of the last item's sort keys.
 * Opaque means we may change what is inside without breaking anyone who only passes it back.
 */
export function encodeCursor(values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/**
 * Reads a cursor back, checking it has exactly the expected shape. A cursor that was tampered
 * with, truncated or made for another sort order is a 400, never a silently wrong page.
 */
export function decodeCursor(cursor: string, shape: CursorShape): CursorValue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursorError();
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length) throw invalidCursorError();
  parsed.forEach((value: unknown, i) => {
    const expected = shape[i];
    if (expected === 'number' ? !Number.isSafeInteger(value) : typeof value !== 'string' || value.length > 2048) throw invalidCursorError();
  });
  return parsed as CursorValue[];
}

export function invalidCursorError(): AppError {
  return new AppError('validation_error', 'cursor: Invalid cursor', { issues: [{ path: 'cursor', message: 'Invalid cursor' }] });
}
