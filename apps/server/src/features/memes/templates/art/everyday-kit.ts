import { C, OUTLINE, circle, ellipse, path, place, rect } from './svg-kit.js';

/**
 * Props the everyday scenes share: paper, tape, plants, flames and hand-drawn marks. Letters and
 * digits are drawn as strokes, never as SVG text, so the pictures do not depend on the fonts of
 * the machine that rasterizes them.
 */

/** An open stroke (a line, an arrow, a marker scribble). */
export function line(d: string, color: string = C.ink, width = 8, extra = ''): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`;
}

/** A rounded rectangle with the ink outline. */
export function card(x: number, y: number, w: number, h: number, fill: string, radius = 24, extra = ''): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${radius}" fill="${fill}" ${OUTLINE} ${extra}/>`;
}

/** A soft drop shadow under a flat thing lying on a surface. */
export function shadow(x: number, y: number, w: number, h: number, radius = 24, opacity = 0.18): string {
  return `<rect x="${x + 14}" y="${y + 18}" width="${w}" height="${h}" rx="${radius}" fill="${C.ink}" opacity="${opacity}"/>`;
}

/** A strip of translucent tape, centred on (cx, cy). */
export function tape(cx: number, cy: number, angle: number, w = 130, color: string = C.amber): string {
  return `<rect x="${cx - w / 2}" y="${cy - 20}" width="${w}" height="40" fill="${color}" opacity="0.8" transform="rotate(${angle} ${cx} ${cy})"/>`;
}

/** The horizontal ink bar between two stacked panels. */
export const panelDivider = (y: number): string => rect(0, y - 8, 1080, 16, C.ink);

/** A leaf pointing along `angle` degrees from its stem at (x, y). */
export function leaf(x: number, y: number, size: number, angle: number, fill: string = C.grass): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${size / 100})">` +
    path('M0 0Q40-40 100 0Q40 40 0 0Z', fill, OUTLINE) +
    line('M8 0L80 0', C.grassDark, 5) +
    '</g>'
  );
}

/** A small candle-sized flame with its bright core; (x, y) is its base. */
export function smallFlame(x: number, y: number, s = 1): string {
  return place(
    x,
    y,
    s,
    path(
      'M0 0C-26 0-34-26-20-52C-14-38-6-40-6-50C-10-74 6-88 10-104C16-76 34-64 28-30C32-16 24 0 0 0Z',
      '#FF7A3D',
      OUTLINE,
    ) + path('M0-8C-12-8-16-22-10-34C-4-26 2-26 2-36C8-26 16-22 12-12C10-9 6-8 0-8Z', '#FFD166'),
  );
}

/** A terracotta flower pot; (cx, top) is the middle of its rim. */
export function pot(cx: number, top: number, w = 200): string {
  const h = w * 0.9;
  return (
    path(
      `M${cx - w * 0.42} ${top + 40}L${cx + w * 0.42} ${top + 40}L${cx + w * 0.34} ${top + h}L${cx - w * 0.34} ${top + h}Z`,
      '#D9774A',
      OUTLINE,
    ) + card(cx - w / 2, top, w, 54, '#E98B5D', 12)
  );
}

/** A speech bubble with its tail pointing to (tx, ty). */
export function speechBubble(
  x: number,
  y: number,
  w: number,
  h: number,
  tx: number,
  ty: number,
  fill: string = C.paper,
): string {
  const baseX = Math.min(Math.max(tx, x + 60), x + w - 60);
  const below = ty > y + h;
  const edge = below ? y + h : y;
  const tail = `M${baseX - 34} ${edge}L${tx} ${ty}L${baseX + 34} ${edge}`;
  return (
    path(tail, fill, OUTLINE) +
    card(x, y, w, h, fill, Math.min(60, h / 3)) +
    // Hides the bubble's outline where the tail joins it.
    line(`M${baseX - 26} ${edge}L${baseX + 26} ${edge}`, fill, 12)
  );
}

/**
 * Capital letters S, A, B, C, D and F as strokes in a 100-unit box centred on the origin (for
 * tier labels and signs).
 */
const LETTERS: Record<string, string> = {
  S: 'M30-38Q14-52-6-50Q-34-46-32-22Q-30-4 0 0Q32 6 32 26Q30 50 0 50Q-22 50-34 36',
  A: 'M-36 50L0-50L36 50M-22 16L22 16',
  B: 'M-28-50L-28 50M-28-50L8-50Q36-50 36-26Q36-2 8-2L-28-2M8-2Q40-2 40 24Q40 50 8 50L-28 50',
  C: 'M34-32Q20-52-2-50Q-38-46-38 0Q-38 46-2 50Q20 52 34 32',
  D: 'M-30-50L-30 50L0 50Q38 50 38 0Q38-50 0-50Z',
  F: 'M30-50L-26-50L-26 50M-26 0L20 0',
};

export function letter(
  ch: keyof typeof LETTERS | string,
  cx: number,
  cy: number,
  size: number,
  color = 'white',
): string {
  const d = LETTERS[ch] ?? '';
  const s = size / 100;
  return `<g transform="translate(${cx} ${cy}) scale(${s})">` + line(d, C.ink, 36) + line(d, color, 18) + '</g>';
}

/** Seven-segment digits ('0'-'9' and ':'), `h` tall, for clocks and counters. */
const SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abged',
  '3': 'abgcd',
  '4': 'fgbc',
  '5': 'afgcd',
  '6': 'afgedc',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
};

export function digits(text: string, x: number, y: number, h: number, color: string): string {
  const w = h * 0.5;
  const t = h * 0.12;
  const seg = (k: string, ox: number): string => {
    const spots: Record<string, [number, number, number, number]> = {
      a: [ox + t, y, w - 2 * t, t],
      g: [ox + t, y + h / 2 - t / 2, w - 2 * t, t],
      d: [ox + t, y + h - t, w - 2 * t, t],
      f: [ox, y + t, t, h / 2 - 1.5 * t],
      b: [ox + w - t, y + t, t, h / 2 - 1.5 * t],
      e: [ox, y + h / 2 + t / 2, t, h / 2 - 1.5 * t],
      c: [ox + w - t, y + h / 2 + t / 2, t, h / 2 - 1.5 * t],
    };
    const [sx, sy, sw, sh] = spots[k] ?? [0, 0, 0, 0];
    return `<rect x="${sx}" y="${sy}" width="${sw}" height="${sh}" rx="${t / 2}" fill="${color}"/>`;
  };
  let ox = x;
  let out = '';
  for (const ch of text) {
    if (ch === ':') {
      out += circle(ox + t, y + h * 0.3, t * 0.7, color) + circle(ox + t, y + h * 0.7, t * 0.7, color);
      ox += t * 3;
      continue;
    }
    out += [...(SEGMENTS[ch] ?? '')].map((k) => seg(k, ox)).join('');
    ox += w + t * 1.6;
  }
  return out;
}

/** A red hand-drawn marker loop around a spot: not quite closed, as a hurried circle is. */
export function markerCircle(cx: number, cy: number, rx: number, ry: number, color: string = C.red): string {
  return line(
    `M${cx - rx * 0.2} ${cy - ry}Q${cx + rx * 1.05} ${cy - ry * 1.05} ${cx + rx} ${cy + ry * 0.1}Q${cx + rx * 0.9} ${cy + ry * 1.05} ${cx - rx * 0.1} ${cy + ry}Q${cx - rx * 1.05} ${cy + ry * 0.95} ${cx - rx} ${cy}Q${cx - rx * 0.95} ${cy - ry * 1.1} ${cx + rx * 0.35} ${cy - ry * 1.18}`,
    color,
    14,
    'opacity="0.92"',
  );
}

/** The back of a head in the front row, drawn around the origin as a silhouette with a rim of light. */
export function audienceHead(kind: 'cat' | 'robot' | 'blob', fill: string): string {
  const rim = `stroke="#9AA3C8" stroke-width="6"`;
  switch (kind) {
    case 'cat':
      return (
        path('M-120-40L-110-170L-40-110Z M120-40L110-170L40-110Z', fill, rim) +
        ellipse(0, 0, 140, 120, fill, rim) +
        ellipse(0, 260, 170, 200, fill, rim)
      );
    case 'robot':
      return (
        line('M0-110L0-170', '#9AA3C8', 12) +
        circle(0, -180, 20, C.coral, rim) +
        `<rect x="-130" y="-110" width="260" height="210" rx="48" fill="${fill}" ${rim}/>` +
        `<rect x="-150" y="130" width="300" height="300" rx="50" fill="${fill}" ${rim}/>`
      );
    default:
      return line('M-10-130Q-30-190-70-196M10-130Q30-186 70-186', '#9AA3C8', 10) + ellipse(0, 60, 160, 200, fill, rim);
  }
}
