/**
 * `registration.allowedDomains` (LibreChat's config): when it names domains, new accounts (by
 * registration or a first social sign-in) need an address at one of them. Exact domains, any case.
 */
export function isEmailDomainAllowed(email: string, allowedDomains: readonly string[] | undefined): boolean {
  if (!allowedDomains || allowedDomains.length === 0) return true;
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return allowedDomains.some((allowed) => allowed.trim().toLowerCase() === domain);
}
