import { create } from 'zustand';

interface BookmarkFilterState {
  /** The tags the sidebar list is filtered by (a conversation with any of them shows). */
  tags: string[];
  toggle(tag: string): void;
  clear(): void;
  renameTag(from: string, to: string | null): void;
}

export const useBookmarkFilter = create<BookmarkFilterState>()((set) => ({
  tags: [],
  toggle: (tag) => set((s) => ({ tags: s.tags.includes(tag) ? s.tags.filter((t) => t !== tag) : [...s.tags, tag] })),
  clear: () => set({ tags: [] }),
  renameTag: (from, to) =>
    set((s) =>
      s.tags.includes(from)
        ? { tags: [...new Set(s.tags.flatMap((t) => (t === from ? (to === null ? [] : [to]) : [t])))] }
        : s,
    ),
}));
