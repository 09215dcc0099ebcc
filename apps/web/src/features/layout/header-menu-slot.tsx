import { useId, useLayoutEffect, type ReactNode } from 'react';
import { removeHeaderMenuEntry, setHeaderMenuEntry } from './header-menu-store';

/**
 * Puts menu items into the small-screen header's "⋯" menu for as long as it is mounted; the
 * features render it instead of their header buttons under the mobile breakpoint, where the
 * bar keeps only the sidebar toggle, the model selector and New chat.
 * @example <HeaderMenuSlot order={HEADER_MENU_ORDER.export}><DropdownMenuItem … /></HeaderMenuSlot>
 */
export function HeaderMenuSlot({ order, children }: { order: number; children: ReactNode }) {
  const id = useId();
  useLayoutEffect(() => () => removeHeaderMenuEntry(id), [id]);
  // Every render: the items carry the owner's current state (checked, disabled, handlers).
  useLayoutEffect(() => setHeaderMenuEntry(id, { order, node: children }));
  return null;
}
