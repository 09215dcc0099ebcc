/**
 * The gallery's drawing kit: one palette and a few primitives, so every template reads as one
 * set of flat illustrations (thick ink outlines, soft fills) rather than fourteen styles.
 */

export const ART = { width: 1080, height: 1920 } as const;

export const C = {
  ink: '#2B2D42',
  paper: '#FFFFFF',
  cream: '#FFF4E0',
  orange: '#F6A04D',
  orangeDark: '#DB7A33',
  pink: '#FF9EAA',
  coral: '#FF6B6B',
  red: '#E63946',
  mouth: '#8C2F39',
  amber: '#FFC94D',
  gold: '#F9B934',
  teal: '#3CC8B4',
  tealDark: '#23A08E',
  mint: '#CFF5E7',
  sky: '#9AD6F5',
  skyLight: '#DDF3FF',
  grass: '#8BD17C',
  grassDark: '#5DAE5B',
  lilac: '#B9A7F5',
  violet: '#6C4AB6',
  night: '#1E2240',
  steel: '#A9C4DE',
  steelDark: '#7C9BBC',
  screen: '#24314F',
  glow: '#7CF7E4',
  wood: '#C98B5B',
  woodDark: '#9E6438',
  grey: '#C9CED6',
  silver: '#D5DCE6',
  bronze: '#D08B55',
} as const;

/** The ink outline every shape of a character shares; children inherit it. */
export const OUTLINE = `stroke="${C.ink}" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"`;

export function svgDocument(body: string, defs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ART.width}" height="${ART.height}" viewBox="0 0 ${ART.width} ${ART.height}">` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>'
  );
}

/** Places a drawing made around its own origin; `flip` mirrors it left to right. */
export function place(x: number, y: number, scale: number, body: string, flip = false): string {
  return `<g transform="translate(${x} ${y}) scale(${flip ? -scale : scale} ${scale})">${body}</g>`;
}

export function rotate(angle: number, cx: number, cy: number, body: string): string {
  return `<g transform="rotate(${angle} ${cx} ${cy})">${body}</g>`;
}

/** A limb or tail: a thick stroke in `color` with an ink edge (an outlined tube). */
export function tube(d: string, color: string, width = 30): string {
  return (
    `<path d="${d}" fill="none" stroke="${C.ink}" stroke-width="${width + 16}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
}

export function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}" ${extra}/>`;
}

export function linearGradient(id: string, stops: [string, string], vertical = true): string {
  const [x2, y2] = vertical ? [0, 1] : [1, 0];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${stops[0]}"/><stop offset="1" stop-color="${stops[1]}"/></linearGradient>`;
}

export function radialGradient(id: string, stops: [string, string], opacity: [number, number] = [1, 1]): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${stops[0]}" stop-opacity="${opacity[0]}"/><stop offset="1" stop-color="${stops[1]}" stop-opacity="${opacity[1]}"/></radialGradient>`;
}

/** A four-pointed twinkle, for shine and stars. */
export function sparkle(cx: number, cy: number, r: number, fill: string = C.paper): string {
  const k = r * 0.22;
  return path(
    `M${cx} ${cy - r}Q${cx + k} ${cy - k} ${cx + r} ${cy}Q${cx + k} ${cy + k} ${cx} ${cy + r}Q${cx - k} ${cy + k} ${cx - r} ${cy}Q${cx - k} ${cy - k} ${cx} ${cy - r}Z`,
    fill,
  );
}

/** A soft cloud made of overlapping circles. */
export function cloud(cx: number, cy: number, scale: number, fill: string = C.paper, outline = false): string {
  const stroke = outline ? OUTLINE : 'stroke="none"';
  return place(
    cx,
    cy,
    scale,
    `<g fill="${fill}" ${stroke}><path d="M-150 40 Q-170 -20 -110 -30 Q-100 -90 -30 -80 Q10 -130 70 -90 Q140 -100 140 -30 Q190 -20 170 40 Z"/></g>`,
  );
}

/** A five-pointed star. */
export function star(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}" ${extra}/>`;
}

/** Rays from a point, alternating with gaps: a comic burst or sunbeams. */
export function rays(cx: number, cy: number, count: number, length: number, fill: string, opacity = 1): string {
  const step = (Math.PI * 2) / count;
  const wedges = Array.from({ length: count }, (_, i) => {
    const a = i * step;
    const b = a + step / 2;
    const p = (angle: number) =>
      `${(cx + length * Math.cos(angle)).toFixed(0)} ${(cy + length * Math.sin(angle)).toFixed(0)}`;
    return `M${cx} ${cy}L${p(a)}L${p(b)}Z`;
  });
  return `<path d="${wedges.join('')}" fill="${fill}" opacity="${opacity}"/>`;
}
