/**
 * Escape across nested dialogs.
 *
 * Radix listens for Escape on the top layer only, and gives that role to a dialog opened above
 * another a render after it appears. An Escape in that gap (a few milliseconds; a fast keyboard
 * user or a test on a busy machine lands in it) closed the dialog beneath (Settings, say) and the
 * new dialog with it.
 */

/** The open dialog on top: portals join the end of <body> as they open, so it is the last one. */
export function newestOpenDialog(): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>('[data-dialog-content][data-state="open"]')].at(-1);
}

/** Closes `dialog` as its own close button does. */
export function closeDialog(dialog: HTMLElement): void {
  dialog.querySelector<HTMLElement>('[data-dialog-close]')?.click();
}

/**
 * For Radix's `onEscapeKeyDown`: when a newer dialog is open above `dialog`, that one closes
 * instead (and `dialog` stays).
 */
export function redirectEscapeToNewest(event: KeyboardEvent, dialog: HTMLElement | null): void {
  const newest = newestOpenDialog();
  if (!newest || newest === dialog) return;
  event.preventDefault();
  closeDialog(newest);
}
