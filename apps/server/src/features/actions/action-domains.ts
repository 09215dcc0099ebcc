/**
 * `actions.allowedDomains` (LibreChat's shape): without a list every domain may be called; with
 * one, a spec's server must match an entry: a host name (`api.example.com`), a wildcard for its
 * subdomains (`*.example.com`), optionally with a scheme that must then match too.
 */
export function isActionDomainAllowed(serverUrl: string, allowedDomains: readonly string[] | undefined): boolean {
  if (!allowedDomains?.length) return true;
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return allowedDomains.some((entry) => {
    const raw = entry.trim().toLowerCase();
    const scheme = /^([a-z]+):\/\//.exec(raw)?.[1];
    if (scheme && `${scheme}:` !== url.protocol) return false;
    const pattern = raw.replace(/^[a-z]+:\/\//, '').replace(/[/:].*$/, '');
    if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
    return host === pattern;
  });
}
