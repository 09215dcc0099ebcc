import type { CDPSession, Page } from '@playwright/test';

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** The credentials the authenticator holds (passkeys are resident: one per registration). */
  credentials(): Promise<{ credentialId: string; isResidentCredential: boolean; rpId?: string; userHandle?: string }[]>;
  remove(): Promise<void>;
}

/**
 * Chromium's virtual WebAuthn authenticator (DevTools protocol): a platform authenticator that
 * keeps resident keys and verifies its user without a prompt, so passkey ceremonies run headless.
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    remove: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}
