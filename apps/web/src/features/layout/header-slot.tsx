import { useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { HeaderSlotContext } from './header-slot-context';

/**
 * Puts page content into the app header: `start` is beside the sidebar controls (the model
 * selector goes here), `end` is the right edge (share button and the like). Slots fill in
 * the order their owners mount; `order` pins a place instead (higher is further right), so
 * a control does not jump when another feature's controls appear later.
 * @example <HeaderSlot><ModelSelector /></HeaderSlot>
 */
export function HeaderSlot({
  position = 'start',
  order,
  children,
}: {
  position?: 'start' | 'end';
  order?: number;
  children: ReactNode;
}) {
  const target = useContext(HeaderSlotContext)[position];
  if (!target) return null;
  return createPortal(
    order === undefined ? children : <div className="flex items-center gap-1" style={{ order }}>{children}</div>,
    target,
  );
}
