import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests: what a platform authenticator (Touch ID, Windows
 * Hello, a phone) does behind navigator.credentials.create/get, with ES256 (P-256) keys made by
 * node:crypto. It answers with the JSON a browser hands to the page (RegistrationResponseJSON and
 * AuthenticationResponseJSON of @simplewebauthn), so a test drives the server's real verification:
 * 'none' attestation, authenticator data with the RP ID hash, flags and sign counter, the COSE
 * public key, and the user handle a discoverable credential returns.
 *
 * The shapes are written out here instead of importing @simplewebauthn's types so the testkit
 * keeps no dependency on the library it helps test.
 */

type Base64Url = string;

export interface CreationOptionsLike {
  challenge: Base64Url;
  rp: { id?: string; name: string };
  user: { id: Base64Url; name: string; displayName: string };
  excludeCredentials?: { id: Base64Url }[];
  authenticatorSelection?: { userVerification?: string; residentKey?: string };
}

export interface RequestOptionsLike {
  challenge: Base64Url;
  rpId?: string;
  allowCredentials?: { id: Base64Url }[];
  userVerification?: string;
}

export interface RegistrationResponseLike {
  id: Base64Url;
  rawId: Base64Url;
  type: 'public-key';
  response: {
    clientDataJSON: Base64Url;
    attestationObject: Base64Url;
    authenticatorData: Base64Url;
    transports: string[];
    publicKeyAlgorithm: number;
    publicKey: Base64Url;
  };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

export interface AuthenticationResponseLike {
  id: Base64Url;
  rawId: Base64Url;
  type: 'public-key';
  response: {
    clientDataJSON: Base64Url;
    authenticatorData: Base64Url;
    signature: Base64Url;
    userHandle?: Base64Url;
  };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

/** Per-ceremony choices: what the person and the authenticator "did". */
export interface CeremonyOptions {
  /** The origin the browser would put in clientDataJSON (a phishing page's, to test refusal). */
  origin: string;
  /** The person verified themselves (biometrics, PIN). Default true. */
  userVerified?: boolean;
  /** The credential may be synced (BE) and is synced (BS). Default false for both. */
  backupEligible?: boolean;
  backedUp?: boolean;
  /** Sign with this counter instead of the next one (a cloned authenticator going back). */
  counter?: number;
  /** For a discoverable sign-in offering several credentials: which one the person picks. */
  credentialId?: Base64Url;
}

export interface SoftwareCredential {
  id: Base64Url;
  rpId: string;
  userHandle: Base64Url;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

export class NotAllowedError extends Error {
  override name = 'NotAllowedError';
}
export class InvalidStateError extends Error {
  override name = 'InvalidStateError';
}

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;
const ES256 = -7;
/** All zeros: what a 'none' attestation reports when it does not name its model. */
const AAGUID = new Uint8Array(16);

export class SoftwareAuthenticator {
  /** Credentials by id, in the order they were made. */
  readonly credentials = new Map<Base64Url, SoftwareCredential>();

  /** navigator.credentials.create(): a new resident ES256 credential for options.rp. */
  create(options: CreationOptionsLike, ceremony: CeremonyOptions): RegistrationResponseLike {
    const rpId = options.rp.id ?? new URL(ceremony.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    for (const credential of this.credentials.values()) {
      if (credential.rpId === rpId && excluded.has(credential.id)) {
        throw new InvalidStateError('The authenticator already holds a credential of this account');
      }
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = randomBytes(32);
    const id = rawId.toString('base64url');
    const credential: SoftwareCredential = {
      id,
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey,
      counter: ceremony.counter ?? 0,
    };
    this.credentials.set(id, credential);

    const attested = concat(AAGUID, uint16(rawId.length), rawId, coseKeyOf(publicKey));
    const authData = authenticatorData(rpId, flagsOf(ceremony, FLAG.AT), credential.counter, attested);
    const clientData = clientDataJSON('webauthn.create', options.challenge, ceremony.origin);
    const attestationObject = encodeCbor(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        authenticatorData: b64url(authData),
        transports: ['internal', 'hybrid'],
        publicKeyAlgorithm: ES256,
        publicKey: b64url(publicKey.export({ type: 'spki', format: 'der' })),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get(): an assertion by one of the allowed credentials or, with no
   * allowCredentials (a sign-in without an email), by a resident credential of the RP, which
   * then also returns its user handle.
   */
  get(options: RequestOptionsLike, ceremony: CeremonyOptions): AuthenticationResponseLike {
    const rpId = options.rpId ?? new URL(ceremony.origin).hostname;
    const allowed = options.allowCredentials?.length ? new Set(options.allowCredentials.map((c) => c.id)) : undefined;
    const candidates = [...this.credentials.values()].filter((c) => c.rpId === rpId && (!allowed || allowed.has(c.id)));
    const credential = ceremony.credentialId ? candidates.find((c) => c.id === ceremony.credentialId) : candidates[0];
    if (!credential) throw new NotAllowedError('No credential of this authenticator fits the request');

    credential.counter = ceremony.counter ?? credential.counter + 1;
    const authData = authenticatorData(rpId, flagsOf(ceremony, 0), credential.counter);
    const clientData = clientDataJSON('webauthn.get', options.challenge, ceremony.origin);
    const signature = sign('sha256', concat(authData, sha256(clientData)), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Forgets a credential (the person deleted it from their device). */
  remove(id: Base64Url): void {
    this.credentials.delete(id);
  }
}

function flagsOf(ceremony: CeremonyOptions, extra: number): number {
  let flags = FLAG.UP | extra;
  if (ceremony.userVerified ?? true) flags |= FLAG.UV;
  if (ceremony.backupEligible) flags |= FLAG.BE;
  if (ceremony.backedUp) flags |= FLAG.BS;
  return flags;
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Uint8Array {
  const count = new Uint8Array(4);
  new DataView(count.buffer).setUint32(0, counter >>> 0);
  return concat(sha256(Buffer.from(rpId, 'utf8')), Uint8Array.of(flags), count, attested ?? new Uint8Array());
}

function clientDataJSON(type: string, challenge: string, origin: string): Uint8Array {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

/** The EC2 COSE_Key of RFC 9053 (kty 2, alg ES256, crv P-256, x, y), in CTAP2's canonical order. */
function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return encodeCbor(
    new Map<number, CborValue>([
      [1, 2],
      [3, ES256],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
}

type CborValue = number | string | Uint8Array | CborValue[] | Map<number | string, CborValue>;

/** The few CBOR (RFC 8949) types WebAuthn needs: integers, byte and text strings, arrays, maps. */
export function encodeCbor(value: CborValue): Uint8Array {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError('Only integers are encoded');
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return concat(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  if (Array.isArray(value)) return concat(head(4, value.length), ...value.map(encodeCbor));
  const parts: Uint8Array[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return concat(...parts);
}

function head(major: number, length: number): Uint8Array {
  const type = major << 5;
  if (length < 24) return Uint8Array.of(type | length);
  if (length < 0x100) return Uint8Array.of(type | 24, length);
  if (length < 0x10000) return Uint8Array.of(type | 25, length >> 8, length & 0xff);
  const out = new Uint8Array(5);
  out[0] = type | 26;
  new DataView(out.buffer).setUint32(1, length);
  return out;
}

function uint16(n: number): Uint8Array {
  return Uint8Array.of(n >> 8, n & 0xff);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}

function sha256(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(data).digest());
}

function b64url(data: Uint8Array): string {
  return Buffer.from(data).toString('base64url');
}
