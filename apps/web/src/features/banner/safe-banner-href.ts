/** Whether a banner link may be followed: absolute http(s) and mailto only, never javascript: or data:. */
export function isSafeBannerHref(url: string): boolean {
  try {
    const { protocol } = new URL(url.trim());
    return protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:';
  } catch {
    return false;
  }
}
