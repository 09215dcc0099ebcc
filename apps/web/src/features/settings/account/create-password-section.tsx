/** PLACEHOLDER (issue 22): the create-password part of Settings → Account. */
export function CreatePasswordSection() {
  return null;
}
