import { MEME_IMAGE } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import {
  boundingRect,
  boxAfterKey,
  keepInside,
  MIN_BOX_SIZE,
  moveBox,
  resizeBox,
  rotateToward,
  rotatedCorners,
  screenDeltaToMeme,
  screenToMeme,
  snapAngle,
  type BoxGeometry,
} from './box-geometry';

const box: BoxGeometry = { x: 100, y: 200, w: 400, h: 200, rotation: 0 };
const key = (k: string, mods: Partial<{ shiftKey: boolean; altKey: boolean; ctrlKey: boolean }> = {}) => ({
  key: k,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});
const isInside = (b: BoxGeometry) => {
  const r = boundingRect(b);
  const e = 0.02;
  return r.left >= -e && r.top >= -e && r.right <= MEME_IMAGE.width + e && r.bottom <= MEME_IMAGE.height + e;
};

describe('moveBox', () => {
  it('moves by the delta', () => {
    expect(moveBox(box, 30, -50)).toMatchObject({ x: 130, y: 150, w: 400, h: 200 });
  });
  it('stops at the picture edges', () => {
    expect(moveBox(box, -500, -900)).toMatchObject({ x: 0, y: 0 });
    expect(moveBox(box, 5000, 5000)).toMatchObject({ x: MEME_IMAGE.width - 400, y: MEME_IMAGE.height - 200 });
  });
  it('keeps a rotated box corners inside', () => {
    const turned = moveBox({ ...box, rotation: 45 }, -1000, -1000);
    expect(isInside(turned)).toBe(true);
    expect(Math.min(...rotatedCorners(turned).map((p) => p.x))).toBeCloseTo(0, 1);
  });
});

describe('resizeBox', () => {
  it('drags the east and south sides, the others stay', () => {
    expect(resizeBox(box, 'se', 50, 20)).toMatchObject({ x: 100, y: 200, w: 450, h: 220 });
  });
  it('drags the north-west corner: the right and bottom sides stay', () => {
    const next = resizeBox(box, 'nw', 40, 30);
    expect(next).toMatchObject({ x: 140, y: 230, w: 360, h: 170 });
  });
  it('edge handles change one side only', () => {
    expect(resizeBox(box, 'n', 99, -20)).toMatchObject({ x: 100, y: 180, w: 400, h: 220 });
    expect(resizeBox(box, 'w', -20, 99)).toMatchObject({ x: 80, y: 200, w: 420, h: 200 });
  });
  it('never goes under the minimum size', () => {
    const next = resizeBox(box, 'e', -1000, 0);
    expect(next.w).toBe(MIN_BOX_SIZE);
    expect(next.x).toBe(100);
  });
  it('follows the box axes when rotated: the opposite corner keeps its place', () => {
    const turned = { ...box, rotation: 90 };
    // Rotated 90°, the box's east side points down the picture.
    const next = resizeBox(turned, 'e', 0, 60);
    expect(next.w).toBeCloseTo(460);
    expect(next.h).toBeCloseTo(200);
    const before = rotatedCorners(turned)[0]!;
    const after = rotatedCorners(next)[0]!;
    expect(after.x).toBeCloseTo(before.x, 1);
    expect(after.y).toBeCloseTo(before.y, 1);
  });
});

describe('rotation', () => {
  it('turns the top handle toward the pointer about the centre', () => {
    const c = { x: 300, y: 300 };
    expect(rotateToward(box, { x: c.x + 100, y: c.y }).rotation).toBe(90);
    expect(rotateToward(box, { x: c.x, y: c.y + 100 }).rotation).toBe(180);
    expect(rotateToward(box, { x: c.x - 100, y: c.y - 100 }).rotation).toBe(-45);
  });
  it('snaps near right angles, and to 15° steps with Shift', () => {
    expect(snapAngle(3)).toBe(0);
    expect(snapAngle(88)).toBe(90);
    expect(snapAngle(-183)).toBe(180);
    expect(snapAngle(10)).toBe(10);
    expect(snapAngle(22, true)).toBe(15);
    expect(snapAngle(23, true)).toBe(30);
  });
  it('a rotated box that would stick out shrinks and shifts to stay inside', () => {
    const wide = keepInside({ x: 0, y: 0, w: 1080, h: 300, rotation: 30 });
    expect(isInside(wide)).toBe(true);
    expect(wide.w).toBeLessThan(1080);
  });
});

describe('boxAfterKey', () => {
  it('moves with arrows: 8 px, 40 px with Shift', () => {
    expect(boxAfterKey(box, key('ArrowRight'))).toMatchObject({ x: 108, y: 200 });
    expect(boxAfterKey(box, key('ArrowUp', { shiftKey: true }))).toMatchObject({ x: 100, y: 160 });
  });
  it('resizes with Alt or Ctrl and an arrow', () => {
    expect(boxAfterKey(box, key('ArrowRight', { altKey: true }))).toMatchObject({ x: 100, w: 408, h: 200 });
    expect(boxAfterKey(box, key('ArrowUp', { ctrlKey: true, shiftKey: true }))).toMatchObject({ h: 160 });
  });
  it('rotates with the bracket keys', () => {
    expect(boxAfterKey(box, key(']'))?.rotation).toBe(1);
    expect(boxAfterKey(box, key('[', { shiftKey: true }))?.rotation).toBe(-15);
  });
  it('ignores other keys', () => {
    expect(boxAfterKey(box, key('a'))).toBeNull();
  });
});

describe('screen and meme pixels', () => {
  it('converts a point and a delta by the stage scale', () => {
    const stage = { left: 10, top: 20, width: 270, height: 480 };
    expect(screenToMeme({ x: 10 + 135, y: 20 + 240 }, stage)).toEqual({ x: 540, y: 960 });
    expect(screenDeltaToMeme({ x: 27, y: -48 }, stage)).toEqual({ x: 108, y: -192 });
  });
});

describe('rotate handle below the box', () => {
  it('points the bottom of the box at the pointer', () => {
    const c = { x: 300, y: 300 };
    expect(rotateToward(box, { x: c.x, y: c.y + 100 }, false, true).rotation).toBe(0);
    expect(rotateToward(box, { x: c.x - 100, y: c.y }, false, true).rotation).toBe(90);
  });
});
