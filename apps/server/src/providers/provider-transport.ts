import type { Agent } from 'undici';
import { createGuardedDispatcher, createGuardedFetch, EgressError } from '../platform/egress.js';
import { ProviderError, type ResolvedCredentials } from './types.js';

/**
 * How a provider's SDK reaches the network. The provider factory chooses it once per call from
 * where the base URL came from, and every family builds its SDK on `fetch`: an adapter never
 * decides for itself whether a URL is trusted, so a new family cannot forget the egress guard.
 */
export interface ProviderTransport {
  readonly fetch: typeof fetch;
  /** The guarded connection pool, for readers that connect without fetch (the chat-completions tap). */
  readonly guardedDispatcher?: Agent | undefined;
}

/** URLs the administrator wrote are trusted as written (a local Ollama, a reverse proxy). */
const TRUSTED: ProviderTransport = { fetch: (input, init) => fetch(input, init) };

// One guarded connection pool for every user-supplied base URL.
let guarded: ProviderTransport | undefined;

/** The transport for a call with these credentials: the egress guard when the base URL is the user's. */
export function transportFor(credentials: Pick<ResolvedCredentials, 'isUserBaseURL'>): ProviderTransport {
  if (!credentials.isUserBaseURL) return TRUSTED;
  if (!guarded) {
    const dispatcher = createGuardedDispatcher();
    guarded = { fetch: createGuardedFetch(dispatcher), guardedDispatcher: dispatcher };
  }
  return guarded;
}

/** The egress refusal inside an SDK error (SDKs wrap what fetch throws), as the error the user sees. */
export function egressRefusal(err: unknown): ProviderError | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof EgressError)
      return new ProviderError('invalid_request_error', `The base URL is not allowed: ${current.message}`);
    current = current.cause;
  }
  return undefined;
}
