import { TIMING } from '@confab/shared';
import { create } from 'zustand';

interface AnnouncerState {
  message: string;
  announce(message: string): void;
}

let clearTimer: ReturnType<typeof setTimeout> | undefined;

/** Polite screen-reader announcements, cleared after 1 s (SPEC 9). */
export const useAnnouncer = create<AnnouncerState>()((set) => ({
  message: '',
  announce: (message) => {
    clearTimeout(clearTimer);
    set({ message });
    clearTimer = setTimeout(() => set({ message: '' }), TIMING.themeAnnounceMs);
  },
}));
