import { useEffect } from 'react';
import { useStartupConfig } from '../features/config/use-startup-config';

const GTM_ORIGIN = 'https://www.googletagmanager.com';
const GTM_ID = /^GTM-[A-Z0-9]{1,12}$/;

/** The container's script, or null for an id that is not a Tag Manager id (nothing else may go in a script URL). */
export function tagManagerScriptUrl(id: string): string | null {
  return GTM_ID.test(id) ? `${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}` : null;
}

/**
 * Loads Google Tag Manager's container once (SPEC 7: events also go to a web analytics
 * service), as its snippet does: the start event in `dataLayer`, then its script, async. The
 * id comes from the server (`ANALYTICS_GTM_ID`), whose CSP then allows that origin.
 * @returns whether the container was loaded by this call
 */
export function loadTagManager(id: string): boolean {
  const src = tagManagerScriptUrl(id);
  if (!src || document.getElementById('gtm-script')) return false;
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
  return true;
}

/** Loads the container when the startup config names one. */
export function useTagManager(): void {
  const id = useStartupConfig().data?.analyticsGtmId;
  useEffect(() => {
    if (id) loadTagManager(id);
  }, [id]);
}
