import type { UiLanguage } from '@confab/shared';
import { create } from 'zustand';
import { changeLanguage, getLanguageChoice } from '../../lib/i18n';

interface LanguageState {
  /** The user's choice, which may be 'auto'. */
  choice: UiLanguage;
  setChoice(choice: UiLanguage): Promise<void>;
}

export const useLanguage = create<LanguageState>()((set) => ({
  choice: getLanguageChoice(),
  setChoice: async (choice) => {
    set({ choice });
    await changeLanguage(choice);
  },
}));
