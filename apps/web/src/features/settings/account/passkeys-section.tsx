/** PLACEHOLDER (issue 22): the passkeys part of Settings → Account. */
export function PasskeysSection() {
  return null;
}
