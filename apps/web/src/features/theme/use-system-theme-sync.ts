import { useEffect } from 'react';
import { useThemeStore } from './use-theme';

/** Follows the OS light/dark switch while the preference is 'system'. */
export function useSystemThemeSync(): void {
  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!media) return;
    const onChange = () => useThemeStore.getState().syncSystem();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
}
