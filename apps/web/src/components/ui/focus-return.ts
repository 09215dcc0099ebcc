/**
 * Where focus goes back to when a dialog closes.
 *
 * Radix returns a modal dialog's focus to its `DialogTrigger` only. Ours are mostly opened by a
 * plain button or a menu item (the row's "…" menu, the user menu), so without this focus fell
 * to <body> on close and a keyboard user started again from the top of the page. A menu item
 * is gone by the time the dialog closes, so it is remembered as the button that opened its menu.
 */
let lastFocused: HTMLElement | null = null;
/** The one before: a dialog whose field takes focus as it mounts (`autoFocus`) has moved it already. */
let previousFocused: HTMLElement | null = null;

/** The element that opened the menu `element` is in (through submenus), or `element` itself. */
function resolveMenuOpener(element: HTMLElement): HTMLElement {
  let current = element;
  // Menus label themselves with their trigger's id (submenus with their sub-trigger's).
  for (let depth = 0; depth < 4; depth++) {
    const menu = current.closest('[role="menu"]');
    const triggerId = menu?.getAttribute('aria-labelledby');
    const trigger = triggerId ? document.getElementById(triggerId) : null;
    if (!trigger) break;
    current = trigger;
  }
  return current;
}

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      // Resolved now, while the menu is still in the document.
      if (!(event.target instanceof HTMLElement)) return;
      const next = resolveMenuOpener(event.target);
      if (next === lastFocused) return;
      previousFocused = lastFocused;
      lastFocused = next;
    },
    true,
  );
}

/** The element to give focus back to when `dialog`, opening now, closes (null: none sensible). */
export function getFocusReturnTarget(dialog: HTMLElement): HTMLElement | null {
  const isOutside = (element: HTMLElement | null): element is HTMLElement =>
    !!element && element !== document.body && !dialog.contains(element);
  const active = document.activeElement;
  if (active instanceof HTMLElement && isOutside(active)) return resolveMenuOpener(active);
  // The opener is gone (a menu item) or focus is already inside the dialog.
  if (isOutside(lastFocused)) return lastFocused;
  return isOutside(previousFocused) ? previousFocused : null;
}

/** Focuses `target` if it is still on the page; whether it did. */
export function returnFocusTo(target: HTMLElement | null): boolean {
  if (!target?.isConnected) return false;
  target.focus({ preventScroll: true });
  return document.activeElement === target;
}
