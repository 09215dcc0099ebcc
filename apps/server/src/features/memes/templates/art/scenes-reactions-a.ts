import { blob, cat, robot } from './characters.js';
import {
  BOTTOM_BOX,
  EYES,
  TOP_BOX,
  drop,
  fadeGradient,
  glyphs,
  impactLines,
  puff,
  shadow,
  spiralEye,
  tearJet,
} from './reaction-kit.js';
import {
  C,
  OUTLINE,
  circle,
  ellipse,
  linearGradient,
  path,
  place,
  radialGradient,
  rays,
  rect,
  rotate,
  sparkle,
  star,
  svgDocument,
  tube,
} from './svg-kit.js';
import { DARK_CAPTION, type TemplateArt } from './template-art.js';

/** Reactions, part one: big feelings in one picture, each with a caption above and below. */

function gear(cx: number, cy: number, r: number, fill: string = C.steel): string {
  return (
    circle(cx, cy, r, fill, `stroke="${C.ink}" stroke-width="${r * 0.5}" stroke-dasharray="${r * 0.35} ${r * 0.3}"`) +
    circle(cx, cy, r * 0.78, fill, OUTLINE) +
    circle(cx, cy, r * 0.28, C.night, OUTLINE)
  );
}

/** A spiky comic explosion: a star polygon with `points` spikes. */
function kaboom(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  points: number,
  fill: string,
  extra = '',
): string {
  const pts = Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / points) * i - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(0)},${(cy + r * Math.sin(a)).toFixed(0)}`;
  });
  return `<polygon points="${pts.join(' ')}" fill="${fill}" ${extra}/>`;
}

const mindBlown: TemplateArt = {
  id: 'mind-blown',
  name: 'Mind Blown',
  description:
    'Bolt the robot clutches the sides of his head, spiral eyes spinning and mouth open, as the top of his head bursts into a cosmic explosion of light, sparkles, stars and flying gears against a night-sky background. For a revelation too big to handle: the fact or discovery at the top, who just had their mind blown at the bottom.',
  keywords: [
    'mind blown',
    'shocked',
    'amazed',
    'revelation',
    'explosion',
    'wow',
    'galaxy brain',
    'astonished',
    'epiphany',
    'robot',
    'plot twist',
  ],
  boxes: [
    { id: 'revelation', caption: 'Finding out you can undo a sent email', ...TOP_BOX, h: 300 },
    { id: 'who', caption: 'My brain', ...BOTTOM_BOX, y: 1620, h: 260 },
  ],
  draw: () => {
    const debris = [
      sparkle(230, 520, 40, C.amber),
      sparkle(880, 470, 48),
      sparkle(150, 860, 26),
      sparkle(940, 820, 30, C.glow),
      star(330, 420, 30, C.pink, OUTLINE),
      star(790, 720, 24, C.amber, OUTLINE),
      gear(250, 700, 46),
      gear(860, 600, 36, C.gold),
      circle(700, 420, 34, C.lilac, OUTLINE) +
        `<ellipse cx="700" cy="420" rx="62" ry="16" fill="none" stroke="${C.ink}" stroke-width="8" transform="rotate(-20 700 420)"/>`,
      rotate(
        35,
        780,
        520,
        `<path d="M780 560L780 470" stroke="${C.ink}" stroke-width="10"/>` + circle(780, 456, 22, C.coral, OUTLINE),
      ),
    ].join('');
    const stars = [
      [80, 420],
      [1000, 380],
      [60, 1180],
      [1020, 1100],
      [420, 1460],
      [160, 1520],
      [960, 1480],
    ]
      .map(([x, y], i) => sparkle(x ?? 0, y ?? 0, 12 + (i % 3) * 6, '#FFE9A6'))
      .join('');
    const cover = (x: number) => circle(x, EYES.robot[1], 36, C.screen);
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#space)') +
        circle(540, 700, 560, 'url(#nebula)') +
        stars +
        kaboom(540, 640, 300, 180, 14, C.amber, OUTLINE) +
        kaboom(540, 650, 200, 120, 12, '#FFF3B0') +
        circle(540, 660, 70, 'white', 'opacity="0.9"') +
        debris +
        shadow(540, 1578, 240, 0.35) +
        place(
          540,
          1090,
          1.1,
          robot({
            eyes: 'wide',
            mouth: 'open',
            arms: '',
            light: C.amber,
            front:
              cover(EYES.robot[0]) +
              cover(-EYES.robot[0]) +
              spiralEye(EYES.robot[0], EYES.robot[1], 28, C.glow) +
              spiralEye(-EYES.robot[0], EYES.robot[1], 28, C.glow) +
              tube('M-120 175Q-250 150-186 10', C.steelDark, 28) +
              tube('M120 175Q250 150 186 10', C.steelDark, 28) +
              circle(-180, 2, 30, C.steel, OUTLINE) +
              circle(180, 2, 30, C.steel, OUTLINE) +
              path('M-118-108L-80-150L-40-118L0-160L40-118L80-150L118-108Z', '#FFF3B0'),
          }),
        ) +
        path('M430 975L380 760L470 850L540 700L610 850L700 760L650 975Z', '#FFF3B0') +
        impactLines(540, 1000, 250, 320, [200, 215, 325, 340], 12),
      linearGradient('space', ['#2A1B5E', '#0E1030']) + radialGradient('nebula', ['#B98CFF', '#B98CFF'], [0.5, 0]),
    );
  },
};

const cryingLaughing: TemplateArt = {
  id: 'crying-laughing',
  name: 'Crying Laughing',
  description:
    'A close-up of Miso the cat laughing so hard that tears shoot out of both eyes in arcs, eyes squeezed shut and mouth wide open in a huge grin, with hand-drawn "HA HA" floating on a warm orange background. For something hilarious: the joke or situation at the top, the reaction at the bottom.',
  keywords: [
    'crying laughing',
    'lol',
    'lmao',
    'hilarious',
    'funny',
    'tears of joy',
    'laughing',
    'dying',
    'rofl',
    'joke',
    'cat',
  ],
  boxes: [
    { id: 'joke', caption: 'When the intern replies all with "lol ok"', ...TOP_BOX },
    { id: 'reaction', caption: '', ...BOTTOM_BOX },
  ],
  draw: () => {
    const ha = (x: number, y: number, angle: number, size: number) =>
      rotate(angle, x, y, glyphs('HA HA', x, y, size, 'white', 16));
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#warm)') +
        rays(540, 1000, 24, 1400, '#FFD98A', 0.5) +
        circle(540, 1000, 560, 'url(#glow)') +
        ha(90, 440, -14, 90) +
        ha(690, 430, 12, 80) +
        ha(100, 1420, 10, 80) +
        ha(680, 1410, -10, 96) +
        place(540, 1000, 2.1, cat({ headOnly: true, eyes: 'happy', mouth: 'grin' })) +
        tearJet(372, 1012, -1, 290) +
        tearJet(708, 1012, 1, 290) +
        impactLines(540, 1000, 440, 500, [160, 175, 5, 20], 12),
      linearGradient('warm', ['#FFC96B', '#FF8A7A']) + radialGradient('glow', ['#FFF6D6', '#FFF6D6'], [0.85, 0]),
    );
  },
};

function curtain(side: 'left' | 'right'): string {
  const body =
    path('M0 0L300 0Q240 500 330 1000Q250 1300 300 1560L0 1560Z', '#B3202C', OUTLINE) +
    `<path d="M80 0Q50 700 110 1560M180 0Q140 600 210 1560" fill="none" stroke="#7E1520" stroke-width="14" opacity="0.6"/>` +
    `<path d="M300 990Q210 1040 0 1000" fill="none" stroke="${C.gold}" stroke-width="18" stroke-linecap="round"/>`;
  return side === 'left' ? body : `<g transform="translate(1080 0) scale(-1 1)">${body}</g>`;
}

const slowClap: TemplateArt = {
  id: 'slow-clap',
  name: 'Slow Clap',
  description:
    'Bo the blob stands alone in a spotlight on a theatre stage between red velvet curtains, clapping slowly with a flat mouth and half-closed, unimpressed eyes; the seats in front are empty. Sarcastic applause: the questionable achievement at the top, who is clapping (or "well done") at the bottom.',
  keywords: [
    'slow clap',
    'sarcastic',
    'applause',
    'well done',
    'bravo',
    'congratulations',
    'unimpressed',
    'clapping',
    'golf clap',
    'blob',
    'sarcasm',
  ],
  boxes: [
    { id: 'achievement', caption: 'You fixed the bug by deleting the feature', ...TOP_BOX },
    { id: 'clapper', caption: 'Wow. Impressive.', ...BOTTOM_BOX, y: 1600, h: 280 },
  ],
  draw: () => {
    const seats = Array.from({ length: 3 }, (_, row) =>
      Array.from({ length: 7 }, (_, i) => {
        const x = i * 170 - 40 + (row % 2) * 85;
        const y = 1620 + row * 110;
        return `<rect x="${x}" y="${y}" width="140" height="150" rx="40" fill="${row === 0 ? '#5A2E48' : '#46233A'}" ${OUTLINE}/>`;
      }).join(''),
    ).join('');
    return svgDocument(
      rect(0, 0, 1080, 1920, '#2A1838') +
        rect(0, 1380, 1080, 240, 'url(#boards)') +
        rect(0, 1372, 1080, 14, C.ink) +
        path('M440 0L640 0L960 1480L120 1480Z', 'url(#spot)') +
        ellipse(540, 1420, 330, 60, '#FFF3C4', 'opacity="0.45"') +
        curtain('left') +
        curtain('right') +
        path(
          'M0 0L1080 0L1080 130Q945 210 810 130Q675 210 540 130Q405 210 270 130Q135 210 0 130Z',
          '#9A1B27',
          OUTLINE,
        ) +
        shadow(540, 1396, 200, 0.35) +
        place(
          540,
          1030,
          1,
          blob({
            eyes: 'lidded',
            mouth: 'flat',
            arms: '',
            front:
              tube('M-160 110Q-150 230-40 210', C.teal, 26) +
              tube('M160 110Q150 220 40 196', C.teal, 26) +
              circle(-30, 210, 32, C.teal, OUTLINE) +
              circle(32, 194, 32, C.teal, OUTLINE),
          }),
        ) +
        impactLines(542, 1232, 60, 100, [-160, -130, -50, -20], 9) +
        `<path d="M350 1180Q320 1240 350 1300M730 1180Q760 1240 730 1300" fill="none" stroke="white" stroke-width="9" stroke-linecap="round" opacity="0.7"/>` +
        seats,
      fadeGradient('spot', '#FFE9A6', 0.5, 0.22) + linearGradient('boards', ['#8A5532', '#5E3820']),
    );
  },
};

const facepalm: TemplateArt = {
  id: 'facepalm',
  name: 'Facepalm',
  description:
    'Miso the cat buries its face in one big paw, eyes hidden and mouth in a frown, heaving a sigh under a little grey cloud of gloom on a muted blue-grey background. For second-hand embarrassment and exasperation: what someone did at the top, the reaction at the bottom.',
  keywords: [
    'facepalm',
    'embarrassed',
    'disappointed',
    'exasperated',
    'cringe',
    'why',
    'ugh',
    'frustrated',
    'sigh',
    'cat',
    'smh',
  ],
  boxes: [
    {
      id: 'what',
      caption: 'When you reply "you too" to the waiter who said enjoy your meal',
      ...TOP_BOX,
      h: 340,
      ...DARK_CAPTION,
    },
    { id: 'reaction', caption: '', ...BOTTOM_BOX, y: 1600, h: 280, ...DARK_CAPTION },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#slate)') +
        Array.from({ length: 9 }, (_, i) => rect(i * 130 - 20, 0, 60, 1920, 'white', 'opacity="0.07"')).join('') +
        circle(540, 1080, 520, 'url(#halo)') +
        rect(0, 1500, 1080, 420, '#8C9BB0') +
        rect(0, 1494, 1080, 12, C.ink) +
        shadow(540, 1545, 230, 0.25) +
        place(
          540,
          1000,
          1.4,
          cat({
            eyes: 'closed',
            mouth: 'frown',
            front:
              tube('M110 200Q150 90 70 20', C.orange, 34) +
              `<g transform="rotate(-10 -6 -30)">` +
              circle(-84, -74, 32, C.orange, OUTLINE) +
              circle(-30, -96, 32, C.orange, OUTLINE) +
              circle(28, -96, 32, C.orange, OUTLINE) +
              circle(80, -78, 30, C.orange, OUTLINE) +
              ellipse(-4, -28, 112, 62, C.orange, OUTLINE) +
              path('M-60-8Q-4 16 60-6', 'none', `stroke="${C.orangeDark}" stroke-width="7" stroke-linecap="round"`) +
              '</g>',
          }),
        ) +
        `<g transform="translate(540 500)">` +
        puff(0, 0, 80, '#8A94A8') +
        `</g>` +
        `<path d="M470 600l-12 40M540 610l-12 40M610 600l-12 40" stroke="${C.sky}" stroke-width="10" stroke-linecap="round"/>` +
        puff(300, 1130, 44, 'white', 0.9) +
        puff(210, 1060, 26, 'white', 0.8),
      linearGradient('slate', ['#C7D3E0', '#9FB1C7']) + radialGradient('halo', ['#E8EEF6', '#E8EEF6'], [0.7, 0]),
    ),
};

const nervousSweating: TemplateArt = {
  id: 'nervous-sweating',
  name: 'Nervous Sweating',
  description:
    'Bolt the robot sits at a table in a dark interrogation room under a single hanging lamp, eyes wide and mouth wobbly, sweating buckets into a puddle on the table, hands tapping nervously, a glass of water beside him. For being put on the spot: the awkward question at the top, who is sweating at the bottom.',
  keywords: [
    'nervous',
    'sweating',
    'anxious',
    'interrogation',
    'under pressure',
    'guilty',
    'awkward question',
    'panic',
    'stressed',
    'robot',
    'busted',
  ],
  boxes: [
    { id: 'question', caption: '"So what have you been working on this week?"', ...TOP_BOX },
    { id: 'who', caption: 'Me, who spent it renaming variables', ...BOTTOM_BOX, y: 1600, h: 280 },
  ],
  draw: () => {
    const sweat = [
      [330, 820, 1.2],
      [780, 800, 1.1],
      [300, 960, 0.9],
      [800, 960, 1],
      [380, 700, 0.8],
      [700, 690, 0.9],
      [250, 1120, 0.7],
      [850, 1120, 0.8],
    ]
      .map(([x, y, s]) => drop(x ?? 0, y ?? 0, s))
      .join('');
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#dark)') +
        path('M470 500L610 500L960 1320L120 1320Z', 'url(#lamp)') +
        `<path d="M540 0L540 420" stroke="${C.ink}" stroke-width="10"/>` +
        path('M450 500L630 500L590 420L490 420Z', '#4B5469', OUTLINE) +
        ellipse(540, 504, 70, 16, '#FFF3B0', OUTLINE) +
        place(540, 1010, 1.05, robot({ eyes: 'wide', mouth: 'w', sweat: true, light: C.coral })) +
        sweat +
        rect(0, 1500, 1080, 420, '#1A1D30') +
        `<rect x="90" y="1300" width="900" height="60" rx="16" fill="${C.wood}" ${OUTLINE}/>` +
        `<path d="M170 1360L170 1640M910 1360L910 1640" stroke="${C.ink}" stroke-width="24" stroke-linecap="round"/>` +
        ellipse(540, 1312, 200, 18, C.sky, 'opacity="0.8"') +
        circle(395, 1292, 34, C.steel, OUTLINE) +
        circle(685, 1292, 34, C.steel, OUTLINE) +
        impactLines(395, 1292, 48, 76, [200, 240, 280], 7) +
        impactLines(685, 1292, 48, 76, [260, 300, 340], 7) +
        `<path d="M800 1180L812 1300L868 1300L880 1180Z" fill="${C.skyLight}" fill-opacity="0.75" ${OUTLINE}/>` +
        rect(812, 1228, 60, 60, C.sky, 'opacity="0.7"'),
      linearGradient('dark', ['#2E3350', '#161A2C']) + fadeGradient('lamp', '#FFF3B0', 0.6, 0.08),
    );
  },
};

export const reactionScenesA: TemplateArt[] = [mindBlown, cryingLaughing, slowClap, facepalm, nervousSweating];
