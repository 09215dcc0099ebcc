import { create } from 'zustand';

/** SPEC 3, Search state. `query` is what the box shows; `debouncedQuery` what is searched. */
interface SearchState {
  query: string;
  debouncedQuery: string;
  isTyping: boolean;
  setQuery(query: string): void;
  commit(): void;
  clear(): void;
}

export const useSearchStore = create<SearchState>()((set, get) => ({
  query: '',
  debouncedQuery: '',
  isTyping: false,
  setQuery: (query) => set({ query, isTyping: true }),
  commit: () => set({ debouncedQuery: get().query.trim(), isTyping: false }),
  clear: () => set({ query: '', debouncedQuery: '', isTyping: false }),
}));
