import { createRequire } from 'node:module';

/**
 * LibreChat's own client package (`librechat-data-provider`), loaded as LibreChat's web app
 * uses it: its request builders, data service and zod schemas, unchanged. It ships no types;
 * tests read it through its results.
 */
const requireHere = createRequire(import.meta.url);
export const librechat = requireHere('librechat-data-provider');
/** The data service sends through axios' shared instance: the copy the package itself loads. */
export const librechatAxios = createRequire(requireHere.resolve('librechat-data-provider'))('axios');
export const dataService = librechat.dataService;

type Schema = { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } };

/** A schema's verdict with its issues, so a failure names the field that differs. */
export function conforms(schema: Schema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error?.issues;
}

/** The HTTP status and body of a data-service call that failed (axios throws on any status over 299). */
export async function failureOf(call: Promise<unknown>): Promise<{ status: number; body?: unknown; error?: string }> {
  try {
    await call;
    return { status: 200 };
  } catch (err) {
    const { response } = err as { response?: { status: number; data: unknown } };
    return response ? { status: response.status, body: response.data } : { status: 0, error: String(err) };
  }
}
