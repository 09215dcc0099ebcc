/** PLACEHOLDER (issue 22, passkeys): "Sign in with a passkey" on the login page, no email typed. */
export function PasskeySignInButton() {
  return null;
}
