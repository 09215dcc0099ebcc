import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { isSmallScreen } from './use-small-screen';

interface NavState {
  isNavVisible: boolean;
  setNavVisible(isVisible: boolean): void;
  toggleNav(): void;
}

/**
 * Sidebar visibility, persisted in localStorage `navVisible` (SPEC 2). On a small screen the
 * first load always starts hidden, whatever was stored.
 */
export const useNavVisible = create<NavState>()((set, get) => ({
  isNavVisible: isSmallScreen() ? false : readStorage(STORAGE_KEYS.navVisible, true),
  setNavVisible: (isVisible) => {
    writeStorage(STORAGE_KEYS.navVisible, isVisible);
    set({ isNavVisible: isVisible });
  },
  toggleNav: () => get().setNavVisible(!get().isNavVisible),
}));
