import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';

/** A URL a user supplied that we refuse to fetch. */
export class EgressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EgressError';
  }
}

/**
 * Only globally routable unicast addresses pass: no loopback, private, link-local, CGNAT,
 * multicast, reserved, and no IPv4 hidden in IPv6 (mapped, NAT64, 6to4, Teredo).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else {
      const range = v6.range();
      if (range !== 'unicast') return false;
      // NAT64 (64:ff9b::/96) embeds an IPv4 address: judge that one.
      if (v6.match(ipaddr.parseCIDR('64:ff9b::/96'))) {
        const bytes = v6.toByteArray().slice(12);
        return isPublicAddress(bytes.join('.'));
      }
      return true;
    }
  }
  return parsed.range() === 'unicast';
}

async function resolvePublic(hostname: string): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await lookup(host, { all: true, verbatim: true });
  if (!addresses.length) throw new EgressError(`${hostname} does not resolve`);
  const blocked = addresses.find((a) => !isPublicAddress(a.address));
  if (blocked) throw new EgressError(`${hostname} resolves to a non-public address`);
  return addresses;
}

/** Checks scheme and every resolved address of a user-supplied URL. */
export async function assertPublicUrl(raw: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EgressError('Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EgressError('Only http and https URLs are allowed');
  if (url.username || url.password) throw new EgressError('URLs with credentials are not allowed');
  await resolvePublic(url.hostname);
  return url;
}

/**
 * The connection pool for user-supplied URLs: a connection goes only to an address vetted at
 * connect time, so DNS cannot rebind between the check and the use.
 */
export function createGuardedDispatcher(): Agent {
  return new Agent({
    connect: {
      lookup(hostname, _options, callback) {
        resolvePublic(hostname).then(
          (addresses) => {
            const first = addresses[0]!;
            callback(null, first.address, first.family);
          },
          (err: Error) => callback(err, '', 0),
        );
      },
    },
  });
}

/** The URL a fetch call was given, whatever form it came in. */
export function requestUrl(input: string | URL | Request): string {
  return typeof input === 'string' || input instanceof URL ? String(input) : input.url;
}

/** fetch for user-supplied URLs: checked first, connected through the guarded pool, no redirects followed. */
export function createGuardedFetch(agent: Agent = createGuardedDispatcher()): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = requestUrl(input);
    await assertPublicUrl(url);
    return undiciFetch(url, { ...(init as object), dispatcher: agent, redirect: 'manual' } as never);
  }) as unknown as typeof fetch;
}
