import { PROMPT_SYSTEM_CATEGORIES } from '@confab/shared';
import { create } from 'zustand';
import type { PromptListState } from './prompt-rules';

interface PromptListStore extends PromptListState {
  setCategory(category: string): void;
  setName(name: string): void;
  setPageNumber(pageNumber: number): void;
}

/**
 * The library page's filter and page, kept while the user moves between the list and a prompt
 * (on a phone those are two screens) for the rest of the visit. A new filter starts at page 1.
 */
export const usePromptListStore = create<PromptListStore>((set) => ({
  category: PROMPT_SYSTEM_CATEGORIES.ALL,
  name: '',
  pageNumber: 1,
  setCategory: (category) => set({ category, pageNumber: 1 }),
  setName: (name) => set({ name, pageNumber: 1 }),
  setPageNumber: (pageNumber) => set({ pageNumber: Math.max(1, pageNumber) }),
}));
