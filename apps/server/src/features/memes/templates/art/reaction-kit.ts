import { C, OUTLINE, circle, ellipse, path, place } from './svg-kit.js';

/**
 * Extra pieces for the reaction templates (issue 39): the expressions the characters' own options
 * do not cover (rolled, spiral or tiny eyes, brows, tears, smirks), drawn over a character in its
 * own coordinates, and small props (hearts, puffs, hand-drawn letters). Letters are strokes, not
 * <text>: the server's rasteriser would otherwise depend on whichever fonts the host happens to have.
 */

/** The default caption places of a single picture, as the other single-scene templates use them. */
export const TOP_BOX = { x: 60, y: 60, w: 960, h: 320 } as const;
export const BOTTOM_BOX = { x: 60, y: 1580, w: 960, h: 300 } as const;

/** Eye centres in each character's coordinates (see characters.ts). */
export const EYES = {
  cat: [-62, -10],
  blob: [-54, 0],
  robot: [-46, -14],
} as const;

const GLYPHS: Record<string, { d: string; w: number }> = {
  '0': { d: 'M30 0C2 0 2 100 30 100C58 100 58 0 30 0Z', w: 60 },
  '1': { d: 'M14 20L34 0L34 100', w: 50 },
  '2': { d: 'M6 24Q8 0 32 0Q56 0 54 26Q52 46 6 100L58 100', w: 64 },
  '3': { d: 'M8 12Q30-8 50 12Q60 38 26 48Q62 54 54 82Q44 108 6 90', w: 62 },
  '4': { d: 'M44 100L44 0L4 66L60 66', w: 64 },
  '7': { d: 'M4 0L56 0L22 100', w: 60 },
  '8': { d: 'M30 48C4 44 8 0 30 0C52 0 56 44 30 48C0 52 2 100 30 100C58 100 60 52 30 48Z', w: 60 },
  '9': { d: 'M54 34C54 66 6 66 6 34C6 2 54 2 54 34L46 100', w: 60 },
  x: { d: 'M6 36L54 100M54 36L6 100', w: 60 },
  y: { d: 'M6 36L30 80M54 36L22 120', w: 60 },
  '+': { d: 'M30 30L30 90M0 60L60 60', w: 62 },
  '-': { d: 'M6 60L54 60', w: 60 },
  '=': { d: 'M4 46L56 46M4 74L56 74', w: 62 },
  '?': { d: 'M8 26Q8 0 32 0Q58 0 56 26Q54 46 32 56L32 72M32 98L32 99', w: 64 },
  '!': { d: 'M30 0L30 66M30 96L30 97', w: 40 },
  π: { d: 'M0 34L64 34M20 34L14 100M46 34L48 90Q50 102 62 96', w: 70 },
  '√': { d: 'M0 62L14 54L30 100L50 0L84 0', w: 90 },
  '∫': { d: 'M54 10Q46-6 34 8L26 92Q18 110 4 96', w: 60 },
  '²': { d: 'M4 8Q6-4 18-4Q30-4 30 8Q28 20 4 40L32 40', w: 40 },
  '÷': { d: 'M4 60L56 60M30 34L30 35M30 86L30 87', w: 60 },
  Z: { d: 'M4 0L56 0L4 100L56 100', w: 66 },
  z: { d: 'M8 40L52 40L8 100L52 100', w: 60 },
  H: { d: 'M6 0L6 100M54 0L54 100M6 50L54 50', w: 66 },
  A: { d: 'M2 100L30 0L58 100M12 66L48 66', w: 66 },
  ' ': { d: '', w: 30 },
};

/**
 * A few hand-drawn letters, digits and maths signs (GLYPHS) as strokes, `height` px tall with the
 * top-left corner at (x, y); unknown characters are skipped.
 */
export function glyphs(text: string, x: number, y: number, height: number, color: string, weight = 10): string {
  const scale = height / 100;
  let advance = 0;
  const strokes = [...text].map((ch) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return '';
    const d = glyph.d ? `<path d="${glyph.d}" transform="translate(${advance} 0)"/>` : '';
    advance += glyph.w + 14;
    return d;
  });
  return place(
    x,
    y,
    scale,
    `<g fill="none" stroke="${color}" stroke-width="${weight / scale}" stroke-linecap="round" stroke-linejoin="round">${strokes.join('')}</g>`,
  );
}

/** A heart centred on (cx, cy), about `size` wide. */
export function heart(cx: number, cy: number, size: number, fill: string = C.coral, extra: string = OUTLINE): string {
  return place(
    cx,
    cy,
    size / 104,
    path('M0 42C-66 0-60-52-26-52C-10-52 0-40 0-28C0-40 10-52 26-52C60-52 66 0 0 42Z', fill, extra) +
      ellipse(-24, -30, 12, 8, 'white', 'opacity="0.55" transform="rotate(-30 -24 -30)"'),
  );
}

/** A thick ink eyebrow from (x1, y1) to (x2, y2), slightly arched. */
export function brow(x1: number, y1: number, x2: number, y2: number, color: string = C.ink, width = 14): string {
  const mx = (x1 + x2) / 2;
  const my = Math.min(y1, y2) - 8;
  return `<path d="M${x1} ${y1}Q${mx} ${my} ${x2} ${y2}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;
}

/** A drop of water (a tear, rain, sweat), point up, about 40·s tall. */
export function drop(x: number, y: number, s = 1, fill: string = C.sky): string {
  return path(
    `M${x} ${y}Q${x + 18 * s} ${y + 26 * s} ${x + 16 * s} ${y + 34 * s}A16 16 0 0 1 ${x - 16 * s} ${y + 34 * s}Q${x - 18 * s} ${y + 26 * s} ${x} ${y}Z`,
    fill,
    `stroke="${C.ink}" stroke-width="${Math.max(3, 5 * s)}" stroke-linejoin="round"`,
  );
}

/** A cloud of steam, smoke or dust: overlapping circles with a soft ink edge. */
export function puff(cx: number, cy: number, r: number, fill = 'white', opacity = 1): string {
  const parts = [
    [0, 0, 1],
    [-0.8, 0.25, 0.7],
    [0.85, 0.2, 0.75],
    [0.35, -0.55, 0.65],
    [-0.4, -0.5, 0.55],
  ] as const;
  const shape = (stroke: string) =>
    parts.map(([dx, dy, k]) => circle(cx + dx * r, cy + dy * r, r * k, fill, stroke)).join('');
  return `<g opacity="${opacity}">${shape(`stroke="${C.ink}" stroke-width="14"`)}${shape('')}</g>`;
}

/** An eye rolled up to the brow: the white, with the pupil pressed to its top edge. */
export function rolledEye(cx: number, cy: number, rx: number, ry: number): string {
  return (
    ellipse(cx, cy, rx, ry, C.paper, OUTLINE) +
    path(
      `M${cx - rx * 0.5} ${cy - ry * 0.78}Q${cx} ${cy - ry * 1.02} ${cx + rx * 0.5} ${cy - ry * 0.78}Q${cx + rx * 0.5} ${cy - ry * 0.28} ${cx} ${cy - ry * 0.28}Q${cx - rx * 0.5} ${cy - ry * 0.28} ${cx - rx * 0.5} ${cy - ry * 0.78}Z`,
      C.ink,
    )
  );
}

/** A stunned eye: wide white with a pin-prick pupil. */
export function blankEye(cx: number, cy: number, r: number): string {
  return ellipse(cx, cy, r, r * 1.08, C.paper, OUTLINE) + circle(cx, cy + 2, r * 0.16, C.ink);
}

/** A dizzy spiral eye, in `color` (ink for the cat and Bo, the glow for the robot's screen). */
export function spiralEye(cx: number, cy: number, r: number, color: string = C.ink): string {
  const turns = Array.from({ length: 28 }, (_, i) => {
    const a = i * 0.55;
    const rr = (r * (i + 1)) / 28;
    return `${(cx + rr * Math.cos(a)).toFixed(1)} ${(cy + rr * Math.sin(a)).toFixed(1)}`;
  });
  return `<path d="M${turns.join('L')}" fill="none" stroke="${color}" stroke-width="${Math.max(6, r / 5)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** A sparkling eye: big pupil with two shines, for delight and pride. */
export function starryEye(cx: number, cy: number, r: number): string {
  return (
    ellipse(cx, cy, r, r * 1.15, C.ink) +
    circle(cx + r * 0.35, cy - r * 0.4, r * 0.32, C.paper) +
    circle(cx - r * 0.3, cy + r * 0.4, r * 0.16, C.paper)
  );
}

/** A stream of tears arcing out of an eye corner (crying with laughter), toward `dir` (−1 or 1). */
export function tearJet(x: number, y: number, dir: 1 | -1, length = 180): string {
  const end = [x + dir * length, y + length * 0.62] as const;
  const d = `M${x} ${y}Q${x + dir * length * 0.72} ${y - length * 0.36} ${end[0]} ${end[1]}`;
  return (
    `<path d="${d}" fill="none" stroke="${C.ink}" stroke-width="54" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${C.sky}" stroke-width="38" stroke-linecap="round"/>` +
    `<path d="M${x + dir * 30} ${y - 16}Q${x + dir * length * 0.62} ${y - length * 0.34} ${x + dir * length * 0.9} ${y + length * 0.2}" fill="none" stroke="white" stroke-width="9" stroke-linecap="round" opacity="0.7"/>` +
    drop(end[0] - dir * 6, end[1] + 50, 1.1) +
    drop(end[0] - dir * 60, end[1] + 90, 0.7) +
    drop(end[0] + dir * 30, end[1] + 130, 0.55)
  );
}

/** Short strokes radiating from a point: a shake, a clap, a sudden movement. */
export function impactLines(
  cx: number,
  cy: number,
  inner: number,
  outer: number,
  angles: number[],
  width = 10,
): string {
  const lines = angles.map((deg) => {
    const a = (deg * Math.PI) / 180;
    const p = (r: number) => `${(cx + r * Math.cos(a)).toFixed(0)} ${(cy + r * Math.sin(a)).toFixed(0)}`;
    return `M${p(inner)}L${p(outer)}`;
  });
  return `<path d="${lines.join('')}" stroke="${C.ink}" stroke-width="${width}" stroke-linecap="round"/>`;
}

/** Horizontal speed streaks, each [x, y, length]. */
export function speedLines(lines: readonly (readonly [number, number, number])[], color = 'white', width = 14): string {
  return `<g stroke="${color}" stroke-width="${width}" stroke-linecap="round">${lines
    .map(([x, y, len]) => `<path d="M${x} ${y}L${x + len} ${y}"/>`)
    .join('')}</g>`;
}

/** The anime anger mark: four curved ticks, in red. */
export function angerMark(cx: number, cy: number, s = 1): string {
  const tick = (angle: number) =>
    `<path d="M${-32 * s} ${-10 * s}Q${-12 * s} ${-12 * s} ${-10 * s} ${-32 * s}" transform="rotate(${angle})"/>`;
  return place(
    cx,
    cy,
    1,
    `<g fill="none" stroke="${C.red}" stroke-width="${12 * s}" stroke-linecap="round">${[0, 90, 180, 270].map(tick).join('')}</g>`,
  );
}

/** A soft shadow under whoever stands at (cx, cy). */
export function shadow(cx: number, cy: number, rx: number, opacity = 0.18): string {
  return ellipse(cx, cy, rx, rx * 0.14, C.ink, `opacity="${opacity}"`);
}

/** Confetti bits: [x, y, colour, angle]. */
export function confetti(bits: readonly (readonly [number, number, string, number])[]): string {
  return bits
    .map(
      ([x, y, color, angle]) =>
        `<rect x="${x}" y="${y}" width="36" height="16" rx="5" fill="${color}" transform="rotate(${angle} ${x} ${y})"/>`,
    )
    .join('');
}

/** A gradient that fades a colour out (a light beam, a glow): top opaque, bottom transparent. */
export function fadeGradient(id: string, color: string, from = 0.6, to = 0, vertical = true): string {
  const [x2, y2] = vertical ? [0, 1] : [1, 0];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${color}" stop-opacity="${from}"/><stop offset="1" stop-color="${color}" stop-opacity="${to}"/></linearGradient>`;
}
