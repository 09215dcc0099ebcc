import type { z } from 'zod';
import { AppError, validationError } from './errors.js';

/** The path of the first string holding a NUL character, if any (PostgreSQL cannot store one). */
export function findNulString(value: unknown, path: (string | number)[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(body)' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulString(value[i], [...path, i]);
      if (found !== undefined) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const found = findNulString(v, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

type WellFormable = string & { isWellFormed(): boolean; toWellFormed(): string };

/**
 * Replaces lone surrogates (half of an emoji a client cut) with U+FFFD in every string, in place.
 * Unchanged, SQLite would store them as invalid UTF-8 (read back as three U+FFFD) and PostgreSQL
 * as one U+FFFD: now the text stored and echoed is the same on both.
 */
export function makeWellFormed<T>(value: T): T {
  if (typeof value === 'string') {
    const text = value as unknown as WellFormable;
    return (text.isWellFormed() ? value : text.toWellFormed()) as T;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = makeWellFormed(value[i]);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = makeWellFormed(record[key]);
  }
  return value;
}

/**
 * Deepest nesting of objects and arrays a request may carry. Fields of free-form JSON (a preset's
 * additionalModelRequestFields, its tools) would otherwise pass anything through, and a few
 * thousand levels overflow the stack of every recursive walk after it, JSON.stringify included.
 */
export const MAX_INPUT_DEPTH = 100;

/** Whether objects and arrays nest deeper than `max` levels. Looks no deeper than that, so any input is safe to check. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (!value || typeof value !== 'object') return false;
  if (max === 0) return true;
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
  return children.some((child) => nestsDeeperThan(child, max - 1));
}

/**
 * Parses untrusted input with a shared schema; a failure becomes a 400 validation_error. Text with
 * NUL characters is refused too, and lone surrogates replaced: the same request must behave alike
 * on SQLite and PostgreSQL. Input nested past MAX_INPUT_DEPTH is refused before anything walks it.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  if (nestsDeeperThan(value, MAX_INPUT_DEPTH)) {
    throw new AppError('validation_error', `The request nests objects and arrays deeper than ${MAX_INPUT_DEPTH} levels.`);
  }
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error);
  result.data = makeWellFormed(result.data);
  const nulAt = findNulString(result.data);
  if (nulAt !== undefined) {
    throw new AppError('validation_error', `${nulAt}: NUL characters are not allowed`, { issues: [{ path: nulAt, message: 'NUL characters are not allowed' }] });
  }
  return result.data;
}
