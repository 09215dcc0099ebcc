import { useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { HeaderSlotContext } from './header-slot-context';

/**
 * Puts page content into the app header: `start` is beside the sidebar controls (the model
 * selector goes here), `end` is the right edge (share button and the like).
 * @example <HeaderSlot><ModelSelector /></HeaderSlot>
 */
export function HeaderSlot({ position = 'start', children }: { position?: 'start' | 'end'; children: ReactNode }) {
  const target = useContext(HeaderSlotContext)[position];
  return target ? createPortal(children, target) : null;
}
