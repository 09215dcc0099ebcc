/** The typed confirmation unlocks deletion when it is the account's email, ignoring case and spaces around it. */
export function emailMatches(typed: string, email: string): boolean {
  const a = typed.trim().toLowerCase();
  return a.length > 0 && a === email.trim().toLowerCase();
}
