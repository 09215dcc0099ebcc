import { createContext } from 'react';

export interface HeaderSlots {
  start: HTMLElement | null;
  end: HTMLElement | null;
}

export const HeaderSlotContext = createContext<HeaderSlots>({ start: null, end: null });
