import type { PublicUser } from '@confab/shared';

type MessageAuthorUser = Pick<PublicUser, 'name' | 'username'>;

/**
 * The label above the user's own messages, as LibreChat words it: with "display username in
 * messages" on, their name, else their username; off (or with neither set), the generic label.
 *
 * @example userMessageLabel({ name: 'Ada', username: 'ada' }, true, 'You'); // 'Ada'
 */
export function userMessageLabel(
  user: MessageAuthorUser | null,
  isUsernameDisplayed: boolean,
  genericLabel: string,
): string {
  if (!isUsernameDisplayed || !user) return genericLabel;
  return user.name.trim() || user.username.trim() || genericLabel;
}
