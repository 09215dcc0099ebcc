import { create } from 'zustand';
import { applyTheme, readThemePreference, writeThemePreference, type ResolvedTheme, type ThemePreference } from '../../lib/theme';

interface ThemeState {
  preference: ThemePreference;
  resolved: ResolvedTheme;
  setPreference(preference: ThemePreference): void;
  /** Re-applies 'system' after the OS setting changed. */
  syncSystem(): void;
}

export const useThemeStore = create<ThemeState>()((set, get) => {
  const preference = readThemePreference();
  return {
    preference,
    resolved: applyTheme(preference),
    setPreference: (next) => {
      writeThemePreference(next);
      set({ preference: next, resolved: applyTheme(next) });
    },
    syncSystem: () => {
      if (get().preference === 'system') set({ resolved: applyTheme('system') });
    },
  };
});

export function useTheme() {
  return useThemeStore();
}
