import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../platform/errors.js';

export interface AccessClaims {
  id: string;
  sessionId: string;
}

const ISSUER = 'confab';

export class AccessTokens {
  /** Imported once: a raw secret would be imported into WebCrypto again at every verify. */
  private readonly key: Promise<webcrypto.CryptoKey>;
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
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
        throw new AppError('unauthorized', 'Invalid access token');
      }
      return { id: payload.sub, sessionId: payload.sid };
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new AppError('token_expired', 'Access token expired');
      if (err instanceof AppError) throw err;
      throw new AppError('unauthorized', 'Invalid access token');
    }
  }
}
