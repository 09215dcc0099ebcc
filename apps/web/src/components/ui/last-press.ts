/**
 * Whether the last press on the page was a finger's. A tap focuses its button just before the
 * click, so a hover label opening on that focus would stay over whatever the tap opened: a
 * finger cannot move away to close it. A key press counts as not touch (a keyboard's Tab).
 */
let wasTouch = false;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (event) => {
      wasTouch = event.pointerType === 'touch';
    },
    { capture: true, passive: true },
  );
  document.addEventListener(
    'keydown',
    () => {
      wasTouch = false;
    },
    { capture: true, passive: true },
  );
}

export function wasLastPressTouch(): boolean {
  return wasTouch;
}
