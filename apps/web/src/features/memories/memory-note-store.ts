import { create } from 'zustand';

export type MemoryNoteState = 'undoing' | 'undone';

interface MemoryNoteStore {
  /** By memoryNoteId: kept for the page's session, so a reply scrolled away and back still says "Undone". */
  states: Record<string, MemoryNoteState>;
  setState(id: string, state: MemoryNoteState | null): void;
}

export const useMemoryNoteStore = create<MemoryNoteStore>()((set) => ({
  states: {},
  setState: (id, state) =>
    set((s) => {
      const states = { ...s.states };
      if (state) states[id] = state;
      else delete states[id];
      return { states };
    }),
}));
