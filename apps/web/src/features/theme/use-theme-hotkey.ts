import { TIMING } from '@confab/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createToggleGate, isThemeToggleKey } from './theme-toggle-gate';
import { useAnnouncer } from './use-announcer';
import { useThemeStore } from './use-theme';

/** Ctrl+Shift+T flips between dark and light and announces the result. */
export function useThemeHotkey(): void {
  const { t } = useTranslation('common');
  const announce = useAnnouncer((s) => s.announce);
  useEffect(() => {
    const shouldToggle = createToggleGate(TIMING.themeToggleDebounceMs);
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isThemeToggleKey(event)) return;
      event.preventDefault();
      if (!shouldToggle(performance.now(), event.repeat)) return;
      const { resolved, setPreference } = useThemeStore.getState();
      const next = resolved === 'dark' ? 'light' : 'dark';
      setPreference(next);
      announce(t(next === 'dark' ? 'theme_dark_enabled' : 'theme_light_enabled'));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [announce, t]);
}
