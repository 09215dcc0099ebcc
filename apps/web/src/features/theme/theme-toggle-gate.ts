/**
 * Decides whether a theme-toggle key press counts: held keys repeat and two presses closer than
 * the debounce window are treated as one (SPEC 9: 500 ms).
 */
export function createToggleGate(windowMs: number) {
  let last = Number.NEGATIVE_INFINITY;
  return (now: number, isRepeat: boolean): boolean => {
    if (isRepeat || now - last < windowMs) return false;
    last = now;
    return true;
  };
}

export function isThemeToggleKey(event: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey' | 'key' | 'code'>): boolean {
  return event.ctrlKey && event.shiftKey && !event.altKey && !event.metaKey && (event.code === 'KeyT' || event.key.toLowerCase() === 't');
}
