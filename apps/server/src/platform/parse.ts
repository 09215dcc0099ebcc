import type { z } from 'zod';
import { validationError } from './errors.js';

/** Parses untrusted input with a shared schema; a failure becomes a 400 validation_error. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}
