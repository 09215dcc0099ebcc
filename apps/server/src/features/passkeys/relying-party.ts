import type { FastifyRequest } from 'fastify';
import type { Env } from '../../env.js';

export interface RelyingParty {
  /** The domain passkeys are bound to (browsers refuse IP addresses: use localhost in tests). */
  id: string;
  name: string;
  /** Origins clientDataJSON may name: the configured ones, else the request's own. */
  origins: string[];
}

function parsedUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * Who the passkeys belong to. Configured values win (WEBAUTHN_RP_ID, DOMAIN_CLIENT, DOMAIN_SERVER)
 * because a passkey made under one RP ID never works under another; the Host header is the
 * fallback of an instance run without them. Trusting Host there is safe: the authenticator signs
 * the RP ID hash and the browser writes the origin, so a forged Host only makes verification fail.
 */
export function relyingPartyOf(env: Env, request: FastifyRequest, appTitle: string): RelyingParty {
  const configured = [parsedUrl(env.DOMAIN_CLIENT), parsedUrl(env.DOMAIN_SERVER)].filter(
    (u): u is URL => u !== undefined,
  );
  const ownOrigin = `${request.protocol}://${request.host}`;
  const id = env.WEBAUTHN_RP_ID?.trim() || configured[0]?.hostname || request.hostname;
  const origins = configured.length ? [...new Set(configured.map((u) => u.origin))] : [ownOrigin];
  return { id, name: env.WEBAUTHN_RP_NAME?.trim() || appTitle, origins };
}
