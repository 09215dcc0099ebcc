import { passkeyNameSchema } from '@confab/shared';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';

/** The one answer to every failed ceremony: which check failed helps only an attacker. */
export function passkeyFailed(message = 'The passkey could not be verified.'): AppError {
  return new AppError('passkey_failed', message);
}

/**
 * What a browser sends back from navigator.credentials. Only the shape is checked here (bounded
 * strings); the meaning is the library's to verify. A malformed answer fails like a wrong one.
 */
const b64 = z.string().max(16_384);
const credentialBase = {
  id: z.string().min(1).max(1_024),
  rawId: z.string().min(1).max(1_024),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

const registrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64,
    attestationObject: b64,
    authenticatorData: b64.optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64.optional(),
  }),
});

const authenticationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64,
    authenticatorData: b64,
    signature: b64,
    userHandle: z.string().max(1_024).optional(),
  }),
});

const challengeId = z.string().min(1).max(100);
const tempToken = z.string().min(1).max(512);

export const registerVerifySchema = z.object({ response: z.unknown(), name: passkeyNameSchema.optional() });
export const renameSchema = z.object({ name: passkeyNameSchema });
export const secondFactorOptionsSchema = z.object({ tempToken });
export const loginVerifySchema = z.object({ challengeId, response: z.unknown() });
export const secondFactorVerifySchema = z.object({ tempToken, challengeId, response: z.unknown() });

export function registrationResponseOf(value: unknown): RegistrationResponseJSON {
  const parsed = registrationResponse.safeParse(value);
  if (!parsed.success) throw passkeyFailed();
  return parsed.data as RegistrationResponseJSON;
}

export function authenticationResponseOf(value: unknown): AuthenticationResponseJSON {
  const parsed = authenticationResponse.safeParse(value);
  if (!parsed.success) throw passkeyFailed();
  return parsed.data as AuthenticationResponseJSON;
}
