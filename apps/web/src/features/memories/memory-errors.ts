import { ApiError } from '../../lib/api-client';

/**
 * Why the memories API refused, as the screen explains it. The server's 400s carry their limit
 * (`tokenLimit`, `validKeys`) beside the message; any other 400 keeps the server's own words,
 * which name the rule (the value's length against `charLimit`, a blank key).
 */
export type MemoryProblem =
  | { kind: 'duplicate' }
  | { kind: 'token_limit'; tokenLimit: number; totalTokens: number | null }
  | { kind: 'valid_keys'; validKeys: string[] }
  | { kind: 'invalid'; message: string }
  | { kind: 'forbidden' }
  | { kind: 'not_found' }
  | { kind: 'network' }
  | { kind: 'unknown' };

function fieldOf(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

export function classifyMemoryError(error: unknown): MemoryProblem {
  if (!(error instanceof ApiError)) return { kind: 'unknown' };
  if (error.status === 0) return { kind: 'network' };
  if (error.status === 409) return { kind: 'duplicate' };
  if (error.status === 403) return { kind: 'forbidden' };
  if (error.status === 404) return { kind: 'not_found' };
  if (error.status !== 400) return { kind: 'unknown' };
  const tokenLimit = fieldOf(error.body, 'tokenLimit');
  if (typeof tokenLimit === 'number') {
    const totalTokens = fieldOf(error.body, 'totalTokens');
    return { kind: 'token_limit', tokenLimit, totalTokens: typeof totalTokens === 'number' ? totalTokens : null };
  }
  const validKeys = fieldOf(error.body, 'validKeys');
  if (Array.isArray(validKeys) && validKeys.every((k) => typeof k === 'string'))
    return { kind: 'valid_keys', validKeys };
  // LibreChat's own routes answer `{ error }`; ours `{ code, message }`.
  const message = fieldOf(error.body, 'message') ?? fieldOf(error.body, 'error');
  return typeof message === 'string' && message ? { kind: 'invalid', message } : { kind: 'unknown' };
}

/** The sentence a form or toast shows for a refused memory call. */
export function memoryErrorText(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): string {
  const problem = classifyMemoryError(error);
  switch (problem.kind) {
    case 'duplicate':
      return t('errors.duplicate');
    case 'token_limit':
      return t('errors.token_limit', { limit: problem.tokenLimit });
    case 'valid_keys':
      return t('errors.valid_keys', { keys: problem.validKeys.join(', ') });
    case 'invalid':
      return problem.message;
    case 'forbidden':
      return t('errors.forbidden');
    case 'not_found':
      return t('errors.not_found');
    case 'network':
      return t('errors.network');
    case 'unknown':
      return t('errors.unknown');
  }
}
