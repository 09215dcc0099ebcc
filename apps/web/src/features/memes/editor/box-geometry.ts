import { MEME_IMAGE } from '@confab/shared';

/**
 * The editor's box geometry, in the pixels of the 1080×1920 meme (SPEC 3: x, y the top-left
 * corner of the unrotated box, rotated by `rotation` degrees about its centre). Pure functions:
 * a drag computes the box from where it started and the pointer's total travel, so clamping
 * never accumulates and one drag is one undo step.
 */
export interface BoxGeometry {
  x: number;
  y: number;
  w: number;
  h: number;
  rotation: number;
}

export type ResizeHandle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
export const RESIZE_HANDLES: readonly ResizeHandle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** Smallest box side: large enough to grab and to hold one line of the smallest caption. */
export const MIN_BOX_SIZE = 40;
/** Arrow keys move a box this far; with Shift, `large`. */
export const KEY_STEP = { small: 8, large: 40 } as const;
/** [ and ] turn a box this many degrees (Shift: `large`). */
export const ROTATE_STEP = { small: 1, large: 15 } as const;
/** A rotation within this many degrees of a right angle snaps onto it. */
export const SNAP_DEGREES = 4;

const FRAME = MEME_IMAGE;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** An angle in (-180, 180]. */
export function normalizeAngle(degrees: number): number {
  const a = (((degrees % 360) + 540) % 360) - 180;
  return a === -180 ? 180 : a;
}

export function boxCenter(box: BoxGeometry): { x: number; y: number } {
  return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
}

/** The four corners as drawn (rotated), clockwise from the top-left. */
export function rotatedCorners(box: BoxGeometry): { x: number; y: number }[] {
  const c = boxCenter(box);
  const cos = Math.cos(radians(box.rotation));
  const sin = Math.sin(radians(box.rotation));
  return [
    [-box.w / 2, -box.h / 2],
    [box.w / 2, -box.h / 2],
    [box.w / 2, box.h / 2],
    [-box.w / 2, box.h / 2],
  ].map(([dx = 0, dy = 0]) => ({ x: c.x + dx * cos - dy * sin, y: c.y + dx * sin + dy * cos }));
}

/** The rotated box's bounding rectangle. */
export function boundingRect(box: BoxGeometry): { left: number; top: number; right: number; bottom: number } {
  const corners = rotatedCorners(box);
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

/**
 * Keeps every rotated corner inside the picture: a box too large for it at its angle shrinks
 * about its centre, then the box shifts back in.
 */
export function keepInside<T extends BoxGeometry>(box: T): T {
  let next = { ...box };
  const first = boundingRect(next);
  const scale = Math.min(1, FRAME.width / (first.right - first.left), FRAME.height / (first.bottom - first.top));
  if (scale < 1) {
    const c = boxCenter(next);
    const w = Math.max(MIN_BOX_SIZE, next.w * scale);
    const h = Math.max(MIN_BOX_SIZE, next.h * scale);
    next = { ...next, w, h, x: c.x - w / 2, y: c.y - h / 2 };
  }
  const r = boundingRect(next);
  const dx = r.left < 0 ? -r.left : r.right > FRAME.width ? FRAME.width - r.right : 0;
  const dy = r.top < 0 ? -r.top : r.bottom > FRAME.height ? FRAME.height - r.bottom : 0;
  return { ...next, x: round(next.x + dx), y: round(next.y + dy), w: round(next.w), h: round(next.h) };
}

/** Whole pixels to a hundredth: the arguments stay short and stable. */
const round = (n: number) => Math.round(n * 100) / 100;

export function moveBox<T extends BoxGeometry>(box: T, dx: number, dy: number): T {
  return keepInside({ ...box, x: box.x + dx, y: box.y + dy });
}

/**
 * Resizes from a handle by the pointer's travel (dx, dy in the picture's axes): the travel is
 * turned into the box's own axes, the dragged sides follow it (never under MIN_BOX_SIZE) and the
 * opposite sides stay where they were on the picture.
 */
export function resizeBox<T extends BoxGeometry>(box: T, handle: ResizeHandle, dx: number, dy: number): T {
  const cos = Math.cos(radians(box.rotation));
  const sin = Math.sin(radians(box.rotation));
  const localX = dx * cos + dy * sin;
  const localY = -dx * sin + dy * cos;
  let w = box.w;
  let h = box.h;
  let shiftX = 0;
  let shiftY = 0;
  if (handle.includes('e')) {
    w = Math.max(MIN_BOX_SIZE, box.w + localX);
    shiftX = (w - box.w) / 2;
  } else if (handle.includes('w')) {
    w = Math.max(MIN_BOX_SIZE, box.w - localX);
    shiftX = -(w - box.w) / 2;
  }
  if (handle.includes('s')) {
    h = Math.max(MIN_BOX_SIZE, box.h + localY);
    shiftY = (h - box.h) / 2;
  } else if (handle.includes('n')) {
    h = Math.max(MIN_BOX_SIZE, box.h - localY);
    shiftY = -(h - box.h) / 2;
  }
  const c = boxCenter(box);
  const cx = c.x + shiftX * cos - shiftY * sin;
  const cy = c.y + shiftX * sin + shiftY * cos;
  return keepInside({ ...box, w, h, x: cx - w / 2, y: cy - h / 2 });
}

/**
 * Snaps an angle: onto the nearest right angle within SNAP_DEGREES, and with `isStepped` (Shift)
 * onto multiples of ROTATE_STEP.large.
 */
export function snapAngle(degrees: number, isStepped = false): number {
  const a = normalizeAngle(degrees);
  if (isStepped) return normalizeAngle(Math.round(a / ROTATE_STEP.large) * ROTATE_STEP.large);
  const right = Math.round(a / 90) * 90;
  return Math.abs(a - right) <= SNAP_DEGREES ? normalizeAngle(right) : round(a);
}

/**
 * Rotates so that the rotate handle points at `point`: the handle above the box's top, or with
 * `isHandleBelow` (a box at the picture's top keeps it below) under its bottom.
 */
export function rotateToward<T extends BoxGeometry>(
  box: T,
  point: { x: number; y: number },
  isStepped = false,
  isHandleBelow = false,
): T {
  const c = boxCenter(box);
  const degrees = (Math.atan2(point.y - c.y, point.x - c.x) * 180) / Math.PI + (isHandleBelow ? -90 : 90);
  return keepInside({ ...box, rotation: snapAngle(degrees, isStepped) });
}

export function rotateBy<T extends BoxGeometry>(box: T, degrees: number): T {
  return keepInside({ ...box, rotation: normalizeAngle(box.rotation + degrees) });
}

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * What a key does to the focused box: arrows move it (Shift: farther), Alt or Ctrl with an arrow
 * resizes it from its bottom-right (left/up shrink), [ and ] rotate it. Null: not a box key.
 */
export function boxAfterKey<T extends BoxGeometry>(box: T, input: KeyInput): T | null {
  const step = input.shiftKey ? KEY_STEP.large : KEY_STEP.small;
  const arrow = ARROWS[input.key];
  if (arrow) {
    const [ax, ay] = arrow;
    if (input.altKey || input.ctrlKey || input.metaKey) {
      return keepInside({
        ...box,
        w: Math.max(MIN_BOX_SIZE, box.w + ax * step),
        h: Math.max(MIN_BOX_SIZE, box.h + ay * step),
      });
    }
    return moveBox(box, ax * step, ay * step);
  }
  const turn = input.shiftKey ? ROTATE_STEP.large : ROTATE_STEP.small;
  // With Shift, some layouts report { and } for the bracket keys.
  if (input.key === '[' || input.key === '{') return rotateBy(box, -turn);
  if (input.key === ']' || input.key === '}') return rotateBy(box, turn);
  return null;
}

/** A point on the screen (client px) in the meme's pixels, given where the stage is shown. */
export function screenToMeme(
  point: { x: number; y: number },
  stage: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  return {
    x: ((point.x - stage.left) * FRAME.width) / stage.width,
    y: ((point.y - stage.top) * FRAME.height) / stage.height,
  };
}

/** A distance on the screen (client px) in the meme's pixels. */
export function screenDeltaToMeme(delta: { x: number; y: number }, stage: { width: number; height: number }) {
  return { x: (delta.x * FRAME.width) / stage.width, y: (delta.y * FRAME.height) / stage.height };
}

/** A new box's place: centred, a third of the picture high down from the last one, kept inside. */
export function newBoxGeometry(count: number): BoxGeometry {
  const w = 880;
  const h = 240;
  const y = 160 + ((count * 320) % (FRAME.height - 400));
  return keepInside({ x: (FRAME.width - w) / 2, y, w, h, rotation: 0 });
}
