import type { PasskeySummary } from '@confab/shared';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { consumeAuthToken, peekAuthToken } from '../auth/auth-tokens.repo.js';
import { assertNotBanned, type AuthService, type ClientInfo, type SignedIn } from '../auth/auth.service.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import {
  consumeChallenge,
  consumeRegistrationChallenges,
  countPasskeys,
  deletePasskey,
  findPasskey,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  recordUse,
  renamePasskey,
  toSummary,
  transportsOf,
  type ChallengeKind,
  type PasskeyRow,
} from './passkeys.repo.js';
import { authenticationResponseOf, passkeyFailed, registrationResponseOf } from './passkey-inputs.js';
import type { RelyingParty } from './relying-party.js';

/** How long the browser waits for the person, and how long the server keeps the challenge. */
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Enough for every device a person owns; bounds what one account can store. */
export const MAX_PASSKEYS_PER_USER = 25;

export interface StartedCeremony {
  challengeId: string;
  options: PublicKeyCredentialRequestOptionsJSON;
}

/** The user handle is the user's id: opaque, stable, and never the email. */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

export class PasskeysService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly auth: AuthService,
    private readonly requireVerifiedEmail: boolean,
  ) {}

  async list(userId: string): Promise<PasskeySummary[]> {
    return (await listPasskeys(this.db, userId)).map(toSummary);
  }

  async rename(userId: string, id: string, name: string): Promise<PasskeySummary> {
    const row = await renamePasskey(this.db, userId, id, name);
    if (!row) throw new AppError('not_found', 'Passkey not found');
    return toSummary(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deletePasskey(this.db, userId, id))) throw new AppError('not_found', 'Passkey not found');
  }

  async registrationOptions(user: UserRow, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await listPasskeys(this.db, user.id);
    if (existing.length >= MAX_PASSKEYS_PER_USER) {
      throw passkeyFailed(`An account holds at most ${MAX_PASSKEYS_PER_USER} passkeys; remove one first.`);
    }
    const { generateRegistrationOptions } = await loadWebAuthn();
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.email,
      userDisplayName: user.name || user.email,
      userID: userHandleOf(user.id),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      // The same authenticator twice would only be a duplicate row.
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p) })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    });
    // Only the newest ceremony of a user counts: an abandoned dialog leaves nothing usable.
    await consumeRegistrationChallenges(this.db, user.id);
    await insertChallenge(this.db, {
      userId: user.id,
      kind: 'registration',
      challenge: options.challenge,
      ttlMs: CHALLENGE_TTL_MS,
    });
    return options;
  }

  async register(user: UserRow, answer: unknown, name: string, rp: RelyingParty): Promise<PasskeySummary> {
    const live = await consumeRegistrationChallenges(this.db, user.id);
    const response = registrationResponseOf(answer);
    const answered = await challengeOf(response.response.clientDataJSON);
    const expectedChallenge = live.find((c) => c === answered);
    if (!expectedChallenge) throw passkeyFailed('This passkey request has expired. Please try again.');
    if (await findPasskey(this.db, response.id)) throw passkeyFailed('This passkey is already registered.');
    if ((await countPasskeys(this.db, user.id)) >= MAX_PASSKEYS_PER_USER) throw passkeyFailed();

    const { verifyRegistrationResponse, isoBase64URL } = await loadWebAuthn();
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
    }).catch(() => undefined);
    if (!verified?.verified) throw passkeyFailed();
    const info = verified.registrationInfo;
    const row = await insertPasskey(this.db, {
      id: info.credential.id,
      user_id: user.id,
      public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: JSON.stringify(info.credential.transports ?? response.response.transports ?? []),
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp ? 1 : 0,
      name,
    }).catch(() => {
      // Two answers with one credential racing: the primary key refuses the second.
      throw passkeyFailed('This passkey is already registered.');
    });
    return toSummary(row);
  }

  /** Sign-in without an email: any resident passkey of this site may answer. */
  async loginOptions(rp: RelyingParty): Promise<StartedCeremony> {
    return this.startAssertion(rp, null, 'authentication', []);
  }

  async login(challengeId: string, answer: unknown, rp: RelyingParty, client: ClientInfo): Promise<SignedIn> {
    const challenge = (await consumeChallenge(this.db, challengeId, 'authentication'))?.challenge;
    if (!challenge) throw passkeyFailed('This sign-in request has expired. Please try again.');
    const response = authenticationResponseOf(answer);
    const passkey = await findPasskey(this.db, response.id);
    if (!passkey) throw passkeyFailed('This passkey is not registered here. It may have been removed.');
    // A discoverable credential names its account; it must be the one the key is stored under.
    const handle = response.response.userHandle;
    if (handle && !(await sameHandle(handle, passkey.user_id))) throw passkeyFailed();
    // User verification makes the passkey both factors, so it is required here.
    const user = await this.verifyAssertion(passkey, challenge, response, rp, true);
    if (this.requireVerifiedEmail && user.email_verified !== 1) {
      throw new AppError('email_not_verified', 'Your email has not been verified. Please check your inbox.');
    }
    return this.auth.startSession(user, client);
  }

  /** A pending login (password right, second factor due) of a user with passkeys. */
  async secondFactorOptions(tempToken: string, rp: RelyingParty): Promise<StartedCeremony> {
    const userId = await peekAuthToken(this.db, tempToken, 'two_factor_temp');
    if (!userId) throw passkeyFailed('Your sign-in has expired. Please sign in again.');
    const passkeys = await listPasskeys(this.db, userId);
    if (!passkeys.length) throw passkeyFailed('This account has no passkey.');
    return this.startAssertion(rp, userId, 'second_factor', passkeys);
  }

  async secondFactor(
    input: { tempToken: string; challengeId: string; response: unknown },
    rp: RelyingParty,
    client: ClientInfo,
  ): Promise<SignedIn> {
    // The challenge goes first, whatever happens next.
    const issued = await consumeChallenge(this.db, input.challengeId, 'second_factor');
    const userId = await peekAuthToken(this.db, input.tempToken, 'two_factor_temp');
    const challenge = issued && userId && issued.userId === userId ? issued.challenge : undefined;
    if (!userId || !challenge) throw passkeyFailed('Your sign-in has expired. Please sign in again.');
    const response = authenticationResponseOf(input.response);
    const passkey = await findPasskey(this.db, response.id);
    if (!passkey || passkey.user_id !== userId) throw passkeyFailed();
    const user = await this.verifyAssertion(passkey, challenge, response, rp, false, async () => {
      // Used up only once the passkey checked out: a failed attempt leaves the TOTP way open.
      if (!(await consumeAuthToken(this.db, input.tempToken, 'two_factor_temp', userId))) {
        throw passkeyFailed('Your sign-in has expired. Please sign in again.');
      }
    });
    return this.auth.startSession(user, client);
  }

  private async startAssertion(
    rp: RelyingParty,
    userId: string | null,
    kind: ChallengeKind,
    allow: PasskeyRow[],
  ): Promise<StartedCeremony> {
    const { generateAuthenticationOptions } = await loadWebAuthn();
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: kind === 'authentication' ? 'required' : 'preferred',
      allowCredentials: allow.map((p) => ({ id: p.id, transports: transportsOf(p) })),
    });
    const challengeId = await insertChallenge(this.db, {
      userId,
      kind,
      challenge: options.challenge,
      ttlMs: CHALLENGE_TTL_MS,
    });
    return { challengeId, options };
  }

  /**
   * The library checks the challenge, origin, RP ID hash, flags and signature, and refuses a
   * counter that did not move forward (a cloned authenticator). `beforeUse` runs after those
   * checks and before the use is recorded (the second factor spends its temp token there).
   */
  private async verifyAssertion(
    passkey: PasskeyRow,
    expectedChallenge: string,
    response: AuthenticationResponseJSON,
    rp: RelyingParty,
    requireUserVerification: boolean,
    beforeUse?: () => Promise<void>,
  ): Promise<UserRow> {
    const { verifyAuthenticationResponse, isoBase64URL } = await loadWebAuthn();
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: passkey.counter,
        transports: transportsOf(passkey) as AuthenticatorTransport[],
      },
    }).catch(() => undefined);
    if (!verified?.verified) throw passkeyFailed();
    const user = await findUserById(this.db, passkey.user_id);
    if (!user) throw passkeyFailed();
    assertNotBanned(user);
    await beforeUse?.();
    const info = verified.authenticationInfo;
    if (!(await recordUse(this.db, passkey, info.newCounter, info.credentialBackedUp))) throw passkeyFailed();
    return user;
  }
}

/**
 * The WebAuthn library, loaded by the first passkey ceremony rather than at start: it and its
 * crypto helpers hold about 25 MB that a server whose users never use passkeys need not keep.
 */
async function loadWebAuthn() {
  const [server, helpers] = await Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]);
  return { ...server, ...helpers };
}

async function challengeOf(clientDataJSON: string): Promise<string | undefined> {
  const { decodeClientDataJSON } = await loadWebAuthn();
  try {
    return decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return undefined;
  }
}

async function sameHandle(handle: string, userId: string): Promise<boolean> {
  const { isoBase64URL } = await loadWebAuthn();
  try {
    return new TextDecoder().decode(isoBase64URL.toBuffer(handle)) === userId;
  } catch {
    return false;
  }
}
