/** PLACEHOLDER (issue 22): the delete-account part of Settings → Account. */
export function DeleteAccountSection() {
  return null;
}
