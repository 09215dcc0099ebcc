import { TWO_FACTOR } from '@confab/shared';
import { generateSecret, generateURI, verify } from 'otplib';

/** A new Base32 TOTP secret (20 random bytes, what authenticator apps expect). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address the QR code carries; the issuer names the app in the authenticator. */
export function totpUri(secret: string, issuer: string, label: string): string {
  return generateURI({
    issuer,
    label,
    secret,
    digits: TWO_FACTOR.codeDigits,
    period: TWO_FACTOR.periodSeconds,
  });
}

/**
 * The time step a code belongs to when it is right for now (within the drift window) and later
 * than `afterStep`, else undefined. The caller still has to claim the step in the database: this
 * check alone cannot stop two requests racing with the same code.
 */
export async function matchTotpStep(
  secret: string,
  token: string,
  afterStep?: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token,
    digits: TWO_FACTOR.codeDigits,
    period: TWO_FACTOR.periodSeconds,
    epochTolerance: TWO_FACTOR.window * TWO_FACTOR.periodSeconds,
    ...(afterStep !== null && afterStep !== undefined ? { afterTimeStep: afterStep } : {}),
  });
  // The functional API also types HOTP's result; a TOTP verification always carries its step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
