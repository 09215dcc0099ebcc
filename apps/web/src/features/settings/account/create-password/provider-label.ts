const LABELS: Record<string, string> = {
  discord: 'Discord',
  facebook: 'Facebook',
  github: 'GitHub',
  google: 'Google',
  apple: 'Apple',
  linkedin: 'LinkedIn',
  openid: 'OpenID',
  passkey: 'a passkey',
};

/** How a sign-in provider reads in a sentence ("You sign in with GitHub"). */
export function providerLabel(provider: string): string {
  return LABELS[provider] ?? provider;
}
