/** PLACEHOLDER (issue 22, passkeys): "Use a passkey" on /login/2fa, finishing a pending login. */
export function PasskeySecondFactorButton(_props: { tempToken: string }) {
  return null;
}
