import { LAYOUT } from '@confab/shared';
import { useSyncExternalStore } from 'react';

const QUERY = `(max-width: ${LAYOUT.mobileBreakpointPx - 1}px)`;

export function isSmallScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(QUERY).matches === true;
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/** True under the 768 px mobile breakpoint (SPEC 9). */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, isSmallScreen, () => false);
}
