/** The parts of a key press that decide whether it sends. */
export interface SendKeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** An IME is composing (`isComposing`, or keyCode 229 in browsers that do not set it). */
  isComposing: boolean;
}

/**
 * Whether a key press in the chat input sends the message (SPEC 4). With "enter to send" on,
 * Enter sends and Shift+Enter breaks the line; with it off, Enter breaks the line. Ctrl/Cmd+Enter
 * sends either way. A key pressed while an IME composes never sends.
 *
 * @example isSendKey({ key: 'Enter', shiftKey: false, ctrlKey: true, metaKey: false, isComposing: false }, false) // true
 */
export function isSendKey(press: SendKeyPress, isEnterToSend: boolean): boolean {
  if (press.key !== 'Enter' || press.isComposing) return false;
  if (press.ctrlKey || press.metaKey) return true;
  return isEnterToSend && !press.shiftKey;
}
