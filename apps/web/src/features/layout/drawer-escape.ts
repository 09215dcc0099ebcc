/** Open layers that handle Escape themselves: the drawer must not close with them. */
const LAYER_SELECTOR = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

type EscapeEvent = Pick<KeyboardEvent, 'key' | 'defaultPrevented' | 'isComposing' | 'target'>;

/**
 * Whether an Escape keypress is the mobile drawer's to close it. Not when a layer already
 * used it (Radix dialogs and menus `preventDefault` the Escape that dismisses them), nor when
 * it comes from inside an open dialog or menu, nor while an IME composition is cancelled.
 */
export function isDrawerEscape(event: EscapeEvent): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return false;
  const target = event.target as { closest?: (selector: string) => unknown } | null;
  return !(typeof target?.closest === 'function' && target.closest(LAYER_SELECTOR));
}
