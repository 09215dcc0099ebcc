import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';

/** SPEC 9: 30-second TOTP steps. */
const STEP_SECONDS = 30;

/** The base32 secret of an otpauth:// URL (what an authenticator app reads from the QR code). */
export function secretOf(otpauthUrl: string): string {
  const secret = new URL(otpauthUrl).searchParams.get('secret');
  if (!secret) throw new Error(`No secret in ${otpauthUrl}`);
  return secret;
}

export function currentStep(): number {
  return Math.floor(Date.now() / 1000 / STEP_SECONDS);
}

/** The authenticator app's code for a step (now by default). */
export function totpCode(secret: string, step = currentStep()): Promise<string> {
  return generate({ secret, epoch: step * STEP_SECONDS });
}

/**
 * A code the server has not seen yet: a TOTP code is accepted once, so after a code of step
 * `usedStep` this waits for the next step to begin (at most 30 seconds).
 */
export async function freshTotpCode(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  while (currentStep() <= usedStep) await new Promise((r) => setTimeout(r, 250));
  const step = currentStep();
  return { code: await totpCode(secret, step), step };
}

/** /login/2fa: a 6-digit code, or an 8-character backup code after the switch. */
export class TwoFactorLoginPage {
  readonly heading: Locator;
  readonly code: Locator;
  readonly backupCode: Locator;
  readonly verify: Locator;
  readonly useBackupCode: Locator;
  readonly useAuthenticator: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Verify your identity' });
    this.code = page.getByLabel('Authentication code');
    this.backupCode = page.getByLabel('Backup code');
    this.verify = page.getByRole('button', { name: 'Verify' });
    this.useBackupCode = page.getByRole('button', { name: 'Use a backup code instead' });
    this.useAuthenticator = page.getByRole('button', { name: 'Use your authenticator app instead' });
    this.error = page.getByTestId('twofa-error');
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/login\/2fa\?tempToken=/);
    await expect(this.heading).toBeVisible();
  }

  async enterCode(code: string): Promise<void> {
    await this.code.fill(code);
    await this.verify.click();
  }

  async enterBackupCode(code: string): Promise<void> {
    await this.useBackupCode.click();
    await this.backupCode.fill(code);
    await this.verify.click();
  }
}

/** Turns two-factor on through LibreChat's API calls, as the setup dialog does; returns the secret, backup codes and the step spent. */
export async function enableThroughApi(
  request: APIRequestContext,
  token: string,
): Promise<{ secret: string; backupCodes: string[]; step: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const enabled = await request.get('/api/auth/2fa/enable', { headers });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  const { otpauthUrl, backupCodes } = (await enabled.json()) as { otpauthUrl: string; backupCodes: string[] };
  const secret = secretOf(otpauthUrl);
  const step = currentStep();
  const confirmed = await request.post('/api/auth/2fa/confirm', {
    headers,
    data: { token: await totpCode(secret, step) },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return { secret, backupCodes, step };
}
