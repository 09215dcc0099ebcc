import { Agent, fetch as undiciFetch } from 'undici';
import { createGuardedFetch, EgressError, requestUrl } from '../../platform/egress.js';

/**
 * The fetch page reading uses: every URL a search returned goes through the egress guard (public
 * addresses only, vetted again at connect time), except an exact `host:port` an administrator
 * listed in `webSearch.allowedAddresses` (LibreChat's exemption for private hosts, as its MCP
 * settings have). No redirect is followed here: the reader re-checks each hop through this fetch.
 */
export function createPageFetch(allowedAddresses: readonly string[] = []): typeof fetch {
  const guarded = createGuardedFetch();
  const allowed = new Set(allowedAddresses.map(normaliseHostPort).filter((a): a is string => Boolean(a)));
  // The exempt hosts get their own plain pool, so the guarded pool stays guarded.
  let exemptAgent: Agent | undefined;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const raw = requestUrl(input);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new EgressError('Not a valid URL');
    }
    if (allowed.size && allowed.has(hostPortOf(url))) {
      if (url.username || url.password) throw new EgressError('URLs with credentials are not allowed');
      exemptAgent ??= new Agent();
      return undiciFetch(url, { ...(init as object), dispatcher: exemptAgent, redirect: 'manual' } as never);
    }
    return guarded(raw, init);
  }) as unknown as typeof fetch;
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/** `host:port` of a URL, lower case, IPv6 in brackets, the scheme's port when none is given. */
export function hostPortOf(url: URL): string {
  return `${url.hostname.toLowerCase()}:${url.port || defaultPort(url.protocol)}`;
}

/** An `allowedAddresses` entry (`host:port`, `[v6]:port`, or a bare host meaning port 80) in hostPortOf's form. */
export function normaliseHostPort(entry: string): string | undefined {
  const trimmed = entry.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    return hostPortOf(url);
  } catch {
    return undefined;
  }
}

/** Whether `err` (or what it wraps: undici reports a refused connect as `fetch failed` with a cause) is the egress guard's refusal. */
export function isEgressRefusal(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof EgressError || e.name === 'EgressError') return true;
  }
  return false;
}
