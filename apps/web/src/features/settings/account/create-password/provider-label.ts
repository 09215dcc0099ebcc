import { SOCIAL_PROVIDER_LABELS } from '../../../auth/social-providers';

const LABELS: Record<string, string> = { ...SOCIAL_PROVIDER_LABELS, passkey: 'a passkey' };

/** How a sign-in provider reads in a sentence ("You sign in with GitHub"). */
export function providerLabel(provider: string): string {
  return LABELS[provider] ?? provider;
}
