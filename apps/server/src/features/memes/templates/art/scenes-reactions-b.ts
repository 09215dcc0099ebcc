import { blob, cat } from './characters.js';
import {
  BOTTOM_BOX,
  EYES,
  TOP_BOX,
  blankEye,
  brow,
  confetti,
  glyphs,
  heart,
  impactLines,
  shadow,
} from './reaction-kit.js';
import {
  C,
  OUTLINE,
  circle,
  ellipse,
  linearGradient,
  path,
  place,
  rays,
  rect,
  rotate,
  sparkle,
  svgDocument,
  tube,
} from './svg-kit.js';
import { DARK_CAPTION, type TemplateArt } from './template-art.js';

/** Reactions, part two: a blank stare, a party, a puzzle, and a panic told in three beats. */

const distantStare: TemplateArt = {
  id: 'distant-stare',
  name: 'Staring Into the Distance',
  description:
    'Miso the cat sits in a dim room holding a mug of tea, staring blankly ahead with wide, pin-prick eyes and a flat mouth, while a big window behind glows with a fading sunset and birds fly by. The thousand-yard stare: the thought or memory at the top, who is staring at the bottom.',
  keywords: [
    'staring',
    'blank stare',
    'thousand yard stare',
    'dissociating',
    'numb',
    'lost in thought',
    'existential',
    'exhausted',
    'empty',
    'cat',
    'overthinking',
  ],
  boxes: [
    { id: 'thought', caption: 'Me remembering I have to be a functional adult again on Monday', ...TOP_BOX },
    { id: 'who', caption: '', ...BOTTOM_BOX },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#dusk)') +
        `<rect x="170" y="400" width="740" height="700" rx="24" fill="${C.woodDark}" ${OUTLINE}/>` +
        rect(200, 430, 680, 640, 'url(#sunset)') +
        circle(540, 930, 120, '#FFD37A') +
        path('M200 930Q380 860 560 920T880 900L880 1070L200 1070Z', '#7A4E7E') +
        path('M200 990Q420 940 620 990T880 980L880 1070L200 1070Z', '#5A3A66') +
        `<path d="M300 560q20-20 40 0q20-20 40 0M700 620q16-16 32 0q16-16 32 0M610 520q12-12 24 0q12-12 24 0" fill="none" stroke="${C.ink}" stroke-width="8" stroke-linecap="round"/>` +
        `<path d="M540 430L540 1070M200 750L880 750" stroke="${C.woodDark}" stroke-width="22"/>` +
        `<rect x="130" y="1080" width="820" height="50" rx="14" fill="${C.wood}" ${OUTLINE}/>` +
        rect(0, 1480, 1080, 440, '#4A3A5E') +
        rect(0, 1472, 1080, 12, C.ink) +
        shadow(540, 1560, 220, 0.3) +
        place(
          540,
          1170,
          1.05,
          cat({
            eyes: 'wide',
            mouth: 'flat',
            front:
              blankEye(EYES.cat[0], EYES.cat[1], 52) +
              blankEye(-EYES.cat[0], EYES.cat[1], 52) +
              tube('M-110 200L-50 240', C.orange, 34) +
              tube('M110 200L50 240', C.orange, 34) +
              `<path d="M62 210q50 0 50 40t-50 40" fill="none" stroke="${C.ink}" stroke-width="26"/>` +
              `<path d="M62 210q50 0 50 40t-50 40" fill="none" stroke="${C.coral}" stroke-width="12"/>` +
              path('M-70 196L-62 300Q-60 316-44 316L44 316Q60 316 62 300L70 196Z', C.coral, OUTLINE) +
              ellipse(0, 196, 70, 20, '#B5714A', OUTLINE) +
              heart(0, 262, 44, 'white', '') +
              circle(-66, 262, 30, C.orange, OUTLINE) +
              circle(66, 262, 30, C.orange, OUTLINE) +
              `<path d="M-24 160q-16-30 4-62q18-30 0-58M26 166q-16-30 4-62" fill="none" stroke="white" stroke-width="8" stroke-linecap="round" opacity="0.6"/>`,
          }),
        ),
      linearGradient('dusk', ['#6B5B95', '#3B2F55']) + linearGradient('sunset', ['#FF9E7A', '#FFD9A0']),
    ),
};

function note(x: number, y: number, fill: string): string {
  return (
    `<path d="M${x + 26} ${y}L${x + 26} ${y - 90}L${x + 70} ${y - 76}" fill="none" stroke="${C.ink}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>` +
    ellipse(x, y, 30, 22, fill, `${OUTLINE} transform="rotate(-20 ${x} ${y})"`)
  );
}

function danceFloor(): string {
  const colors = [C.coral, C.teal, C.amber, C.lilac, C.pink, C.glow];
  const rows = [1380, 1460, 1560, 1690, 1850, 2060];
  const cols = Array.from({ length: 11 }, (_, i) => -1260 + i * 360);
  const at = (xb: number, y: number) => (540 + ((xb - 540) * (y - 1100)) / (1920 - 1100)).toFixed(0);
  const tiles: string[] = [];
  for (let r = 0; r < rows.length - 1; r++) {
    const [y0, y1] = [rows[r] ?? 0, rows[r + 1] ?? 0];
    for (let c = 0; c < cols.length - 1; c++) {
      const [a, b] = [cols[c] ?? 0, cols[c + 1] ?? 0];
      const fill = colors[(r * 2 + c) % colors.length] ?? C.teal;
      tiles.push(
        `<path d="M${at(a, y0)} ${y0}L${at(b, y0)} ${y0}L${at(b, y1)} ${y1}L${at(a, y1)} ${y1}Z" fill="${fill}" opacity="${(r + c) % 2 ? 0.9 : 0.55}" stroke="${C.ink}" stroke-width="6"/>`,
      );
    }
  }
  return rect(0, 1380, 1080, 540, '#2B1850') + tiles.join('');
}

const celebrationDance: TemplateArt = {
  id: 'celebration-dance',
  name: 'Victory Dance',
  description:
    'Bo the blob busts a disco move on a glowing, multicoloured dance floor, one arm pointing to the sky, eyes happy and mouth in a huge grin, under a sparkling disco ball with coloured spotlights, confetti and music notes. For celebrating a win: the achievement at the top, the celebrating one at the bottom.',
  keywords: [
    'celebration',
    'dance',
    'victory',
    'party',
    'happy',
    'success',
    'winning',
    'yay',
    'disco',
    'friday',
    'blob',
    'hooray',
  ],
  boxes: [
    { id: 'win', caption: 'When the build passes on the first try', ...TOP_BOX, h: 290 },
    { id: 'who', caption: '', ...BOTTOM_BOX, y: 1620, h: 260 },
  ],
  draw: () => {
    const beams = [
      ['M860 500L80 1400L360 1480Z', C.pink],
      ['M860 500L560 1500L860 1500Z', C.glow],
      ['M860 500L1080 1100L1080 1400Z', C.amber],
    ]
      .map(([d, color]) => path(d ?? '', color ?? C.pink, 'opacity="0.25"'))
      .join('');
    const ball =
      `<path d="M860 0L860 410" stroke="${C.ink}" stroke-width="8"/>` +
      circle(860, 500, 90, '#C7CEDA', OUTLINE) +
      `<g stroke="${C.steelDark}" stroke-width="5" fill="none"><path d="M775 470L945 470M772 505L948 505M780 540L940 540M820 415Q800 500 820 585M860 410L860 590M900 415Q920 500 900 585"/></g>` +
      sparkle(820, 450, 26) +
      sparkle(920, 560, 16);
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#club)') +
        beams +
        danceFloor() +
        ball +
        shadow(540, 1430, 220, 0.4) +
        rotate(
          -8,
          540,
          1250,
          place(
            540,
            1060,
            1.05,
            blob({
              eyes: 'happy',
              mouth: 'grin',
              arms:
                tube('M150 60L250-90L250-250', C.teal, 26) +
                circle(250, -262, 28, C.teal, OUTLINE) +
                tube('M-150 110L-240 150L-170 220', C.teal, 26),
            }),
          ),
        ) +
        `<path d="M870 820Q930 760 900 680M930 860Q1010 770 970 660" fill="none" stroke="white" stroke-width="10" stroke-linecap="round" opacity="0.7"/>` +
        note(170, 1080, C.amber) +
        note(880, 980, C.pink) +
        note(120, 700, C.glow) +
        sparkle(200, 460, 30, C.amber) +
        sparkle(980, 760, 24) +
        confetti([
          [120, 560, C.coral, 30],
          [420, 420, C.amber, -20],
          [640, 470, C.glow, 50],
          [980, 980, C.pink, -40],
          [90, 1300, C.amber, 20],
          [1000, 1260, C.coral, 60],
          [330, 1210, C.lilac, -10],
          [760, 760, C.amber, 15],
        ]),
      linearGradient('club', ['#4A2A8A', '#1E1440']),
    );
  },
};

const confusedMath: TemplateArt = {
  id: 'confused-math',
  name: 'Confused Calculations',
  description:
    'Bo the blob scratches its head with one eyebrow raised and a wobbly mouth while equations, square roots, pi, integrals, triangles, a graph and question marks float all around it in the air. For trying to make sense of something that does not add up: the puzzle at the top, who is confused at the bottom.',
  keywords: [
    'confused',
    'math',
    'calculating',
    'thinking',
    'puzzled',
    'does not add up',
    'equations',
    'figuring out',
    'huh',
    'what',
    'blob',
  ],
  boxes: [
    {
      id: 'puzzle',
      caption: 'Trying to work out how 5 minutes of scrolling became 2 hours',
      ...TOP_BOX,
      ...DARK_CAPTION,
    },
    { id: 'who', caption: '', ...BOTTOM_BOX, ...DARK_CAPTION },
  ],
  draw: () => {
    const v = C.violet;
    const floating =
      rotate(-10, 160, 470, glyphs('x²+y²=?', 110, 440, 90, v, 11)) +
      rotate(8, 700, 470, glyphs('√2π', 690, 440, 110, v, 11)) +
      glyphs('∫', 80, 760, 160, v, 12) +
      rotate(-6, 800, 820, glyphs('7÷3', 760, 780, 90, v, 11)) +
      rotate(12, 90, 1130, glyphs('1+1=3', 70, 1110, 80, v, 10)) +
      glyphs('?', 470, 700, 110, C.coral, 14) +
      glyphs('?', 230, 900, 90, C.coral, 13) +
      glyphs('?', 820, 1400, 80, C.coral, 12) +
      `<path d="M280 640L420 640L280 520Z" fill="none" stroke="${v}" stroke-width="10" stroke-linejoin="round"/>` +
      `<path d="M296 624l16 0l0 16" fill="none" stroke="${v}" stroke-width="6"/>` +
      circle(880, 640, 70, 'none', `stroke="${v}" stroke-width="10"`) +
      `<path d="M880 640L950 640" stroke="${v}" stroke-width="8" stroke-dasharray="14 10"/>` +
      `<path d="M800 1300L800 1120M800 1300L990 1300M810 1280Q860 1120 900 1230T990 1140" fill="none" stroke="${v}" stroke-width="9" stroke-linecap="round"/>`;
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#paper)') +
        Array.from({ length: 30 }, (_, i) => rect(0, i * 70, 1080, 3, C.sky, 'opacity="0.5"')).join('') +
        `<g opacity="0.75">${floating}</g>` +
        shadow(540, 1520, 220, 0.2) +
        place(
          540,
          1150,
          1,
          blob({
            eyes: 'open',
            mouth: 'w',
            arms:
              tube('M-150 110L-205 210', C.teal, 26) +
              tube('M150 110L240-10L180-110', C.teal, 26) +
              circle(172, -118, 28, C.teal, OUTLINE),
            front: brow(-90, -62, -24, -74) + brow(24, -46, 88, -40),
          }),
        ),
      linearGradient('paper', ['#E6ECFF', '#CBC2F2']),
    );
  },
};

interface Beat {
  id: string;
  caption: string;
  calm: boolean;
  background: [string, string];
}

const BEATS: Beat[] = [
  { id: 'panik', caption: 'You hear your name in the meeting', calm: false, background: ['#FF8A80', '#E63946'] },
  { id: 'kalm', caption: 'It was only about lunch orders', calm: true, background: ['#D5F3FF', '#9AD6F5'] },
  {
    id: 'panik-again',
    caption: 'They ask you to pick the restaurant',
    calm: false,
    background: ['#E63946', '#9E1B32'],
  },
];

function beatPanel(beat: Beat, index: number): string {
  const top = index * 640;
  const cx = 790;
  const cy = top + 350;
  const mood = beat.calm
    ? sparkle(620, top + 150, 30) +
      sparkle(980, top + 130, 22) +
      sparkle(1000, top + 520, 26) +
      sparkle(600, top + 540, 18)
    : rays(cx, cy, 22, 700, 'white', index === 2 ? 0.22 : 0.15) +
      impactLines(cx, cy - 20, 250, 300, [200, 230, 310, 340], 12);
  const alarm = beat.calm ? '' : glyphs(index === 2 ? '!!' : '!', index === 2 ? 748 : 770, top + 30, 90, C.amber, 16);
  const face = beat.calm
    ? cat({ headOnly: true, eyes: 'closed', mouth: 'smile' })
    : cat({ headOnly: true, eyes: 'wide', mouth: 'open', sweat: true });
  return (
    `<g clip-path="url(#beat${index})">` +
    rect(0, top, 1080, 640, `url(#beatBg${index})`) +
    mood +
    place(cx, cy, index === 2 ? 1.22 : 1.1, rotate(index === 2 ? 6 : 0, 0, 0, face)) +
    alarm +
    '</g>' +
    (index > 0 ? rect(0, top - 7, 1080, 14, C.ink) : '')
  );
}

const panikKalm: TemplateArt = {
  id: 'panik-kalm-panik',
  name: 'Panic, Calm, Panic',
  description:
    'Three stacked panels with a close-up of Miso the cat on the right. Top: panic, wide eyes and open mouth, sweating on an alarm-red background. Middle: calm, eyes peacefully closed with a little smile on soft blue. Bottom: panic again, even redder, with exclamation marks. Write the scary thing, the relief, and the twist that brings the panic back in the boxes on the left.',
  keywords: [
    'panic',
    'calm',
    'panik kalm panik',
    'relief',
    'anxiety',
    'plot twist',
    'freak out',
    'worry',
    'three panels',
    'cat',
    'stress',
  ],
  boxes: BEATS.map((beat, i) => ({ id: beat.id, caption: beat.caption, x: 40, y: i * 640 + 60, w: 520, h: 520 })),
  draw: () =>
    svgDocument(
      BEATS.map(beatPanel).join(''),
      BEATS.map(
        (beat, i) =>
          `<clipPath id="beat${i}"><rect x="0" y="${i * 640}" width="1080" height="640"/></clipPath>` +
          linearGradient(`beatBg${i}`, beat.background),
      ).join(''),
    ),
};

export const reactionScenesB: TemplateArt[] = [distantStare, celebrationDance, confusedMath, panikKalm];
