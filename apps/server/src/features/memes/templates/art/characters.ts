import { C, OUTLINE, circle, ellipse, path, tube } from './svg-kit.js';

/**
 * The gallery's three original characters, each drawn around its own origin (the centre of the
 * head) so scenes place, scale and mirror them: Miso the round cat, Bolt the small robot and
 * Bo the blob. Expressions are options, so one face reads the same in every template.
 */

export type Eyes = 'open' | 'wide' | 'happy' | 'closed' | 'lidded' | 'side' | 'tired';
export type Mouth = 'smile' | 'grin' | 'open' | 'flat' | 'frown' | 'w';

export interface CharacterOptions {
  eyes?: Eyes;
  mouth?: Mouth;
  /** Drawn behind the body (a tail, a raised arm behind). */
  back?: string;
  /** Drawn over everything (arms, props held in front). */
  front?: string;
  /** Head only: for close-ups and rows of heads. */
  headOnly?: boolean;
  glasses?: boolean;
  /** Drops of sweat on the brow. */
  sweat?: boolean;
}

const ink = C.ink;

function catEye(cx: number, cy: number, eyes: Eyes): string {
  switch (eyes) {
    case 'wide':
      return circle(cx, cy, 50, C.paper, OUTLINE) + circle(cx, cy + 4, 15, ink) + circle(cx + 6, cy - 2, 5, C.paper);
    case 'happy':
      return `<path d="M${cx - 30} ${cy + 8}Q${cx} ${cy - 34} ${cx + 30} ${cy + 8}" fill="none" stroke="${ink}" stroke-width="11" stroke-linecap="round"/>`;
    case 'closed':
      return `<path d="M${cx - 30} ${cy - 4}Q${cx} ${cy + 24} ${cx + 30} ${cy - 4}" fill="none" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>`;
    case 'lidded':
    case 'tired':
      return (
        path(`M${cx - 26} ${cy - 6}A26 26 0 0 0 ${cx + 26} ${cy - 6}Z`, ink) +
        `<path d="M${cx - 34} ${cy - 6}L${cx + 32} ${cy - 10}" stroke="${ink}" stroke-width="9" stroke-linecap="round"/>` +
        (eyes === 'tired'
          ? `<path d="M${cx - 24} ${cy + 34}Q${cx} ${cy + 44} ${cx + 24} ${cy + 34}" fill="none" stroke="${C.orangeDark}" stroke-width="7" stroke-linecap="round"/>`
          : '')
      );
    case 'side':
      return (
        ellipse(cx, cy, 36, 30, C.paper, OUTLINE) +
        circle(cx + 16, cy + 2, 14, ink) +
        `<path d="M${cx - 40} ${cy - 10}L${cx + 40} ${cy - 14}" stroke="${ink}" stroke-width="9" stroke-linecap="round"/>`
      );
    default:
      return ellipse(cx, cy, 22, 30, ink) + circle(cx + 7, cy - 11, 8, C.paper);
  }
}

function mouthPath(mouth: Mouth, y: number, width: number, fillColor: string): string {
  const half = width / 2;
  switch (mouth) {
    case 'grin':
      return (
        path(
          `M${-half} ${y}Q0 ${y + 6} ${half} ${y}Q${half * 0.7} ${y + width * 0.9} 0 ${y + width * 0.9}Q${-half * 0.7} ${y + width * 0.9} ${-half} ${y}Z`,
          fillColor,
          OUTLINE,
        ) +
        path(
          `M${-half * 0.45} ${y + width * 0.7}Q0 ${y + width * 0.45} ${half * 0.45} ${y + width * 0.7}Q0 ${y + width * 0.95} ${-half * 0.45} ${y + width * 0.7}Z`,
          C.coral,
        )
      );
    case 'open':
      return ellipse(0, y + width * 0.4, half * 0.6, width * 0.45, fillColor, OUTLINE);
    case 'flat':
      return `<path d="M${-half * 0.7} ${y + 10}L${half * 0.7} ${y + 10}" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>`;
    case 'frown':
      return `<path d="M${-half * 0.8} ${y + 24}Q0 ${y - 8} ${half * 0.8} ${y + 24}" fill="none" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>`;
    case 'w':
      return `<path d="M${-half} ${y}Q${-half / 2} ${y + 24} 0 ${y}Q${half / 2} ${y + 24} ${half} ${y}" fill="none" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>`;
    default:
      return `<path d="M${-half} ${y}Q0 ${y + 40} ${half} ${y}" fill="none" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>`;
  }
}

function sunglasses(y: number, spread: number, size: number): string {
  const lens = (cx: number) =>
    `<rect x="${cx - size}" y="${y - size * 0.7}" width="${size * 2}" height="${size * 1.4}" rx="${size * 0.5}" fill="${ink}"/>`;
  return (
    lens(-spread) +
    lens(spread) +
    `<path d="M${-spread + size} ${y - 6}L${spread - size} ${y - 6}" stroke="${ink}" stroke-width="10"/>` +
    `<path d="M${-spread - size * 0.5} ${y - size * 0.35}L${-spread} ${y - size * 0.35}" stroke="${C.paper}" stroke-width="7" stroke-linecap="round" opacity="0.7"/>` +
    `<path d="M${spread - size * 0.5} ${y - size * 0.35}L${spread} ${y - size * 0.35}" stroke="${C.paper}" stroke-width="7" stroke-linecap="round" opacity="0.7"/>`
  );
}

function sweatDrops(x: number, y: number): string {
  const drop = (dx: number, dy: number, s: number) =>
    path(
      `M${x + dx} ${y + dy}Q${x + dx + 16 * s} ${y + dy + 30 * s} ${x + dx} ${y + dy + 40 * s}Q${x + dx - 16 * s} ${y + dy + 30 * s} ${x + dx} ${y + dy}Z`,
      C.sky,
      `stroke="${ink}" stroke-width="5"`,
    );
  return drop(0, 0, 1) + drop(34, 46, 0.75);
}

/** Miso, the round orange cat. Head radius about 170; the body reaches down to y ≈ 380. */
export function cat(o: CharacterOptions = {}): string {
  const eyes = o.eyes ?? 'open';
  const body = o.headOnly
    ? ''
    : tube('M110 300C250 300 270 150 205 110', C.orange, 34) +
      ellipse(0, 240, 140, 130, C.orange, OUTLINE) +
      ellipse(0, 262, 80, 88, C.cream) +
      ellipse(-70, 360, 52, 28, C.orange, OUTLINE) +
      ellipse(70, 360, 52, 28, C.orange, OUTLINE);
  const ears =
    path('M-150-40L-138-196Q-130-212-114-200L-30-132Z', C.orange, OUTLINE) +
    path('M150-40L138-196Q130-212 114-200L30-132Z', C.orange, OUTLINE) +
    path('M-126-80L-124-170L-70-126Z', C.pink) +
    path('M126-80L124-170L70-126Z', C.pink);
  const stripes =
    path('M-44-142L-30-100L-16-146Z', C.orangeDark) +
    path('M-10-148L4-96L18-148Z', C.orangeDark) +
    path('M28-146L40-104L52-140Z', C.orangeDark);
  const whiskers = `<g stroke="${ink}" stroke-width="5" stroke-linecap="round"><path d="M-118 34L-196 20"/><path d="M-118 52L-194 58"/><path d="M118 34L196 20"/><path d="M118 52L194 58"/></g>`;
  const face =
    ellipse(-106, 44, 24, 14, C.pink, 'opacity="0.8"') +
    ellipse(106, 44, 24, 14, C.pink, 'opacity="0.8"') +
    (o.glasses ? sunglasses(-10, 64, 46) : catEye(-62, -10, eyes) + catEye(62, -10, eyes)) +
    path('M-16 20L16 20L0 36Z', C.pink, `stroke="${ink}" stroke-width="6" stroke-linejoin="round"`) +
    mouthPath(o.mouth ?? 'w', 46, o.mouth === 'w' || !o.mouth ? 60 : 84, C.mouth) +
    whiskers;
  return (
    `<g>${o.back ?? ''}${body}${ears}` +
    ellipse(0, 0, 172, 148, C.orange, OUTLINE) +
    stripes +
    face +
    (o.sweat ? sweatDrops(140, -120) : '') +
    `${o.front ?? ''}</g>`
  );
}

function robotEye(cx: number, cy: number, eyes: Eyes): string {
  const glow = C.glow;
  switch (eyes) {
    case 'wide':
      return circle(cx, cy, 30, glow) + circle(cx, cy, 11, C.screen);
    case 'happy':
      return `<path d="M${cx - 24} ${cy + 8}Q${cx} ${cy - 28} ${cx + 24} ${cy + 8}" fill="none" stroke="${glow}" stroke-width="11" stroke-linecap="round"/>`;
    case 'closed':
      return `<path d="M${cx - 24} ${cy}Q${cx} ${cy + 18} ${cx + 24} ${cy}" fill="none" stroke="${glow}" stroke-width="10" stroke-linecap="round"/>`;
    case 'lidded':
    case 'tired':
      return path(`M${cx - 24} ${cy - 4}L${cx + 24} ${cy - 8}A24 22 0 0 1 ${cx - 24} ${cy - 4}Z`, glow);
    case 'side':
      return path(`M${cx - 6} ${cy - 8}L${cx + 34} ${cy - 12}A20 18 0 0 1 ${cx - 6} ${cy - 8}Z`, glow);
    default:
      return circle(cx, cy, 20, glow) + circle(cx + 7, cy - 7, 6, C.paper);
  }
}

/** Bolt, the small robot. Head about 280×210 around the origin; feet at y ≈ 440. */
export function robot(o: CharacterOptions & { arms?: string; light?: string } = {}): string {
  const eyes = o.eyes ?? 'open';
  const arms =
    o.arms ??
    tube('M-120 175L-168 300', C.steelDark, 28) +
      tube('M120 175L168 300', C.steelDark, 28) +
      circle(-170, 306, 26, C.steel, OUTLINE) +
      circle(170, 306, 26, C.steel, OUTLINE);
  const body = o.headOnly
    ? ''
    : tube('M-55 330L-55 410', C.steelDark, 30) +
      tube('M55 330L55 410', C.steelDark, 30) +
      `<rect x="-100" y="404" width="90" height="40" rx="20" fill="${C.steel}" ${OUTLINE}/>` +
      `<rect x="10" y="404" width="90" height="40" rx="20" fill="${C.steel}" ${OUTLINE}/>` +
      arms +
      `<rect x="-34" y="96" width="68" height="40" fill="${C.steelDark}" ${OUTLINE}/>` +
      `<rect x="-122" y="128" width="244" height="212" rx="44" fill="${C.steel}" ${OUTLINE}/>` +
      `<rect x="-64" y="172" width="128" height="80" rx="18" fill="${C.screen}" ${OUTLINE}/>` +
      circle(-32, 212, 12, C.coral) +
      circle(0, 212, 12, C.amber) +
      circle(32, 212, 12, o.light ?? C.glow);
  const mouth = (() => {
    const g = C.glow;
    switch (o.mouth ?? 'smile') {
      case 'grin':
        return path('M-36 28Q0 76 36 28Z', g);
      case 'open':
        return ellipse(0, 42, 18, 20, g);
      case 'flat':
        return `<path d="M-26 40L26 40" stroke="${g}" stroke-width="9" stroke-linecap="round"/>`;
      case 'frown':
        return `<path d="M-28 50Q0 26 28 50" fill="none" stroke="${g}" stroke-width="9" stroke-linecap="round"/>`;
      case 'w':
        return `<path d="M-30 34L-15 48L0 34L15 48L30 34" fill="none" stroke="${g}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`;
      default:
        return `<path d="M-28 32Q0 58 28 32" fill="none" stroke="${g}" stroke-width="9" stroke-linecap="round"/>`;
    }
  })();
  const head =
    `<path d="M0-110L0-168" stroke="${ink}" stroke-width="10"/>` +
    circle(0, -182, 22, C.coral, OUTLINE) +
    `<rect x="-164" y="-40" width="32" height="76" rx="12" fill="${C.steelDark}" ${OUTLINE}/>` +
    `<rect x="132" y="-40" width="32" height="76" rx="12" fill="${C.steelDark}" ${OUTLINE}/>` +
    `<rect x="-140" y="-112" width="280" height="214" rx="52" fill="${C.steel}" ${OUTLINE}/>` +
    `<rect x="-108" y="-80" width="216" height="150" rx="36" fill="${C.screen}" ${OUTLINE}/>` +
    (o.glasses ? sunglasses(-12, 46, 36) : robotEye(-46, -14, eyes) + robotEye(46, -14, eyes)) +
    circle(-80, 30, 10, C.pink, 'opacity="0.85"') +
    circle(80, 30, 10, C.pink, 'opacity="0.85"') +
    mouth +
    `<path d="M-112-88Q-96-100-70-102" fill="none" stroke="${C.paper}" stroke-width="10" stroke-linecap="round" opacity="0.6"/>`;
  return `<g>${o.back ?? ''}${body}${head}${o.sweat ? sweatDrops(150, -130) : ''}${o.front ?? ''}</g>`;
}

function blobEye(cx: number, cy: number, eyes: Eyes): string {
  switch (eyes) {
    case 'wide':
      return ellipse(cx, cy, 38, 44, C.paper, OUTLINE) + circle(cx, cy + 4, 12, ink);
    case 'happy':
      return `<path d="M${cx - 26} ${cy + 8}Q${cx} ${cy - 30} ${cx + 26} ${cy + 8}" fill="none" stroke="${ink}" stroke-width="11" stroke-linecap="round"/>`;
    case 'closed':
      return `<path d="M${cx - 26} ${cy}Q${cx} ${cy + 22} ${cx + 26} ${cy}" fill="none" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>`;
    case 'lidded':
    case 'tired':
      return (
        ellipse(cx, cy, 28, 32, C.paper, OUTLINE) +
        circle(cx, cy + 10, 12, ink) +
        path(`M${cx - 32} ${cy + 2}A32 36 0 0 1 ${cx + 32} ${cy + 2}Z`, C.tealDark, OUTLINE) +
        (eyes === 'tired'
          ? `<path d="M${cx - 22} ${cy + 48}Q${cx} ${cy + 58} ${cx + 22} ${cy + 48}" fill="none" stroke="${C.tealDark}" stroke-width="7" stroke-linecap="round"/>`
          : '')
      );
    case 'side':
      return ellipse(cx, cy, 30, 34, C.paper, OUTLINE) + circle(cx + 12, cy, 13, ink);
    default:
      return (
        ellipse(cx, cy, 28, 34, C.paper, OUTLINE) + circle(cx + 4, cy + 4, 14, ink) + circle(cx + 9, cy - 2, 5, C.paper)
      );
  }
}

/** Bo, the teal blob person. Eyes near the origin; the body runs from y ≈ -150 to 300, feet to 360. */
export function blob(o: CharacterOptions & { arms?: string; color?: string } = {}): string {
  const color = o.color ?? C.teal;
  const eyes = o.eyes ?? 'open';
  const arms = o.arms ?? tube('M-150 110L-205 210', color, 26) + tube('M150 110L205 210', color, 26);
  const legs = o.headOnly
    ? ''
    : tube('M-55 280L-60 350', color, 28) +
      tube('M55 280L60 350', color, 28) +
      ellipse(-72, 362, 42, 22, color, OUTLINE) +
      ellipse(72, 362, 42, 22, color, OUTLINE);
  const shape = 'M0-160C118-160 172-70 172 70C172 220 108 300 0 300C-108 300-172 220-172 70C-172-70-118-160 0-160Z';
  return (
    `<g>${o.back ?? ''}${legs}${o.headOnly ? '' : arms}` +
    `<path d="M-6-158Q-20-214-58-222M6-158Q22-210 58-212" fill="none" stroke="${ink}" stroke-width="9" stroke-linecap="round"/>` +
    path(shape, color, OUTLINE) +
    path(
      'M-120-60Q-110-120-60-138',
      'none',
      `stroke="${C.paper}" stroke-width="12" stroke-linecap="round" opacity="0.45"`,
    ) +
    ellipse(-92, 58, 22, 13, C.pink, 'opacity="0.85"') +
    ellipse(92, 58, 22, 13, C.pink, 'opacity="0.85"') +
    (o.glasses ? sunglasses(0, 54, 42) : blobEye(-54, 0, eyes) + blobEye(54, 0, eyes)) +
    mouthPath(o.mouth ?? 'smile', 66, o.mouth === 'open' ? 70 : 64, C.mouth) +
    (o.sweat ? sweatDrops(130, -110) : '') +
    `${o.front ?? ''}</g>`
  );
}
