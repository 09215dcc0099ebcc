/** PLACEHOLDER (issue 22): the two-factor part of Settings → Account. */
export function TwoFactorSection() {
  return null;
}
