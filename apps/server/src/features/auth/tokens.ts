import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../platform/errors.js';

export interface AccessClaims {
  id: string;
  sessionId: string;
}

const ISSUER = 'confab';
/** Verified tokens remembered (first in, first out): a client sends the same token until it expires. */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokens {
  /** Imported once: a raw secret would be imported into WebCrypto again at every verify. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature and claims were checked, with their expiry (seconds): checking an
   * HMAC through WebCrypto was ~5 % of a busy chat server's thread. A token is immutable, so a
   * verified one stays valid until it expires; sessions are still checked at every request.
   */
  private readonly verified = new Map<string, AccessClaims & { exp: number }>();
  constructor(
    secret: string,
    private readonly ttlMs: number,
  ) {
    const raw = new TextEncoder().encode(secret);
    this.key = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: AccessClaims, now = Date.now()): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.id)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor((now + this.ttlMs) / 1000))
      .sign(await this.key);
  }

  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token);
    // Expired (as jose counts it: exp <= now, in whole seconds): verified again, which says so.
    if (known && Math.floor(Date.now() / 1000) < known.exp) return { id: known.id, sessionId: known.sessionId };
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
        throw new AppError('unauthorized', 'Invalid access token');
      }
      const claims = { id: payload.sub, sessionId: payload.sid };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { ...claims, exp: payload.exp });
      return claims;
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new AppError('token_expired', 'Access token expired');
      if (err instanceof AppError) throw err;
      throw new AppError('unauthorized', 'Invalid access token');
    }
  }
}
