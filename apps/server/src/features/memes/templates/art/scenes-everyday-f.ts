import { blob, cat, robot } from './characters.js';
import { card, line, panelDivider, shadow, smallFlame, speechBubble } from './everyday-kit.js';
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
  star,
  svgDocument,
  tube,
} from './svg-kit.js';
import { DARK_CAPTION, type TemplateArt } from './template-art.js';

/** Everyday scenes told in steps or voices: a comic that boils over, a meeting, an award on the wall. */

/** How hot things are in each of the four panels, calm to boiling over. */
interface Heat {
  background: string;
  flames: number;
  steam: number;
  face: 'calm' | 'warm' | 'worried' | 'boiling';
}

const HEATS: Heat[] = [
  { background: '#D6F5E6', flames: 0.45, steam: 0, face: 'calm' },
  { background: '#FFF1B8', flames: 0.7, steam: 1, face: 'warm' },
  { background: '#FFC27A', flames: 1, steam: 3, face: 'worried' },
  { background: '#FF7B6B', flames: 1.4, steam: 5, face: 'boiling' },
];

function kettleFace(face: Heat['face']): string {
  const eye = (x: number): string => {
    switch (face) {
      case 'calm':
        return line(`M${x - 20} -112Q${x} -96 ${x + 20} -112`, C.ink, 10);
      case 'warm':
        return ellipse(x, -110, 12, 16, C.ink);
      case 'worried':
        return circle(x, -110, 26, C.paper, OUTLINE) + circle(x, -106, 10, C.ink);
      default:
        return line(`M${x - 24} -130L${x + 24} -100M${x - 24} -100L${x + 24} -130`, C.ink, 12);
    }
  };
  const mouth = {
    calm: line('M-24-62Q0-46 24-62', C.ink, 9),
    warm: line('M-24-60L24-60', C.ink, 9),
    worried: line('M-30-50Q-15-66 0-50Q15-66 30-50', C.ink, 9),
    boiling: ellipse(0, -52, 30, 26, C.mouth, OUTLINE),
  }[face];
  const brows = face === 'boiling' ? line('M-80-158L-24-140M80-158L24-140', C.ink, 12) : '';
  return (
    eye(-52) +
    eye(52) +
    mouth +
    brows +
    ellipse(-96, -76, 20, 12, C.pink, 'opacity="0.8"') +
    ellipse(96, -76, 20, 12, C.pink, 'opacity="0.8"')
  );
}

/** A round kettle with a face, its base's middle at the origin; the lid flies off when boiling. */
function kettle(heat: Heat): string {
  const boiling = heat.face === 'boiling';
  const lid = ellipse(0, -214, 74, 20, C.tealDark, OUTLINE) + circle(0, -240, 20, C.tealDark, OUTLINE);
  return (
    tube('M128-70Q200-100 226-190', C.teal, 40) +
    line('M-100-196Q0-330 100-196', C.ink, 30) +
    line('M-100-196Q0-330 100-196', C.woodDark, 14) +
    path('M-160 0Q-176-200 0-216Q176-200 160 0Z', C.teal, OUTLINE) +
    path(
      'M-120-150Q-100-190-50-198',
      'none',
      `stroke="${C.paper}" stroke-width="12" stroke-linecap="round" opacity="0.5"`,
    ) +
    card(-170, -24, 340, 30, C.tealDark, 14) +
    kettleFace(heat.face) +
    (boiling ? rotate(-30, -150, -330, place(-150, -116, 1, lid)) : lid)
  );
}

function heatPanel(heat: Heat, index: number): string {
  const x = (index % 2) * 540;
  const y = Math.floor(index / 2) * 960;
  const cx = x + 270;
  const steam = Array.from({ length: heat.steam }, (_, i) =>
    line(
      `M${cx + 200 + i * 22} ${y + 490 - (i % 2) * 20}q${-26 + i * 4} -40 0 -70t0 -70`,
      C.paper,
      16,
      'opacity="0.85"',
    ),
  ).join('');
  const shake =
    heat.face === 'worried' || heat.face === 'boiling'
      ? line(`M${x + 50} ${y + 520}l40 10M${x + 40} ${y + 600}l44 0M${x + 500} ${y + 560}l-40 10`, C.ink, 10)
      : '';
  const flames = [-80, 0, 80].map((dx) => smallFlame(cx + dx, y + 790, heat.flames)).join('');
  return (
    rect(x, y, 540, 960, heat.background) +
    (heat.face === 'boiling'
      ? `<g clip-path="url(#p${index})">${rays(cx, y + 600, 20, 700, '#FFD166', 0.45)}</g>`
      : '') +
    card(x + 30, y + 790, 480, 200, '#4B5469', 20) +
    ellipse(cx, y + 792, 150, 22, '#2F3547', OUTLINE) +
    flames +
    place(cx, y + 700, 0.92, kettle(heat)) +
    steam +
    (heat.face === 'boiling' ? cloudPuff(cx + 20, y + 440) + cloudPuff(cx + 150, y + 390) : '') +
    shake
  );
}

function cloudPuff(x: number, y: number): string {
  return (
    circle(x, y, 50, C.paper, OUTLINE) +
    circle(x + 44, y - 24, 40, C.paper, OUTLINE) +
    circle(x - 40, y - 20, 36, C.paper, OUTLINE) +
    circle(x, y - 10, 40, C.paper)
  );
}

const escalating: TemplateArt = {
  id: 'escalating',
  name: 'Escalating Quickly',
  description:
    'A four-panel comic (two by two) of a kettle with a face on a stove, heating up step by step: calm and cool on mint green, warm on yellow with a wisp of steam, worried and shaking on orange, then boiling over on red with its lid flying off in a burst of steam. Each panel has a caption box at its top: write a situation that gets worse from panel to panel (read left to right, top to bottom).',
  keywords: ['escalating', 'escalation', 'four panel', 'comic', 'boiling', 'angry', 'rage', 'pressure', 'worse'],
  boxes: [
    'Someone hits reply all',
    'Someone replies all to the reply all',
    'Everyone replies all: please stop',
    'The whole company, replying all',
  ].map((caption, i) => ({
    id: `step-${i + 1}`,
    caption,
    x: (i % 2) * 540 + 30,
    y: Math.floor(i / 2) * 960 + 30,
    w: 480,
    h: 260,
    ...DARK_CAPTION,
  })),
  draw: () =>
    svgDocument(
      HEATS.map(heatPanel).join('') + rect(532, 0, 16, 1920, C.ink) + panelDivider(960),
      HEATS.map(
        (_, i) =>
          `<clipPath id="p${i}"><rect x="${(i % 2) * 540}" y="${Math.floor(i / 2) * 960}" width="540" height="960"/></clipPath>`,
      ).join(''),
    ),
};

const meetingRoom: TemplateArt = {
  id: 'meeting-room',
  name: 'The Meeting',
  description:
    'A meeting room with a city window and a chart on the wall: Bolt the robot, the boss, stands at the back asking a question in a big speech bubble at the top; in front, behind the table, Miso the cat, a pink blob and Bo the blob each answer in a bubble of their own. Write the question at the top and three answers, often the last one the honest (or absurd) one.',
  keywords: ['meeting', 'boardroom', 'boss', 'office', 'suggestion', 'ideas', 'team', 'brainstorm', 'question', 'work'],
  boxes: [
    { id: 'question', caption: 'How do we get more done this week?', x: 100, y: 70, w: 880, h: 240, ...DARK_CAPTION },
    { id: 'answer-1', caption: 'Fewer meetings', x: 50, y: 1040, w: 290, h: 190, ...DARK_CAPTION },
    { id: 'answer-2', caption: 'Clear priorities', x: 395, y: 1040, w: 290, h: 190, ...DARK_CAPTION },
    { id: 'answer-3', caption: 'A meeting about it', x: 740, y: 1040, w: 290, h: 190, ...DARK_CAPTION },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#wall)') +
        card(600, 400, 420, 300, '#BFE3FF', 12) +
        [
          'M620 700L620 560L680 560L680 700',
          'M700 700L700 500L770 500L770 700',
          'M790 700L790 600L850 600L850 700',
          'M870 700L870 470L940 470L940 700',
        ]
          .map((d) => path(d, '#7C9BBC', OUTLINE))
          .join('') +
        line('M810 400L810 700M600 550L1020 550', C.ink, 10) +
        card(60, 420, 180, 180, 'white', 12) +
        path('M150 510L150 430A80 80 0 0 1 228 520Z', C.coral, OUTLINE) +
        circle(150, 510, 70, 'none', `stroke="${C.ink}" stroke-width="6"`) +
        speechBubble(40, 40, 1000, 300, 400, 520) +
        place(420, 780, 0.62, robot({ eyes: 'open', mouth: 'open', light: C.coral })) +
        rect(0, 1460, 1080, 460, '#B9A38A') +
        speechBubble(30, 1020, 330, 230, 190, 1290) +
        speechBubble(375, 1020, 330, 230, 540, 1290) +
        speechBubble(720, 1020, 330, 230, 890, 1290) +
        place(190, 1420, 0.52, cat({ eyes: 'open', mouth: 'smile' })) +
        place(540, 1430, 0.52, blob({ color: '#FF8FB1', eyes: 'happy', mouth: 'smile' })) +
        place(890, 1430, 0.52, blob({ eyes: 'lidded', mouth: 'grin' })) +
        path('M-20 1560L1100 1560L1100 1700L-20 1700Z', C.woodDark, OUTLINE) +
        path('M-20 1540L1100 1540L1100 1580L-20 1580Z', C.wood, OUTLINE) +
        rect(60, 1700, 40, 220, C.ink) +
        rect(980, 1700, 40, 220, C.ink) +
        card(150, 1500, 140, 70, 'white', 6) +
        card(760, 1490, 70, 80, C.coral, 12),
      linearGradient('wall', ['#E8EEF5', '#D2DCE8']),
    ),
};

function laurel(x: number, y: number, flip: boolean): string {
  const s = flip ? -1 : 1;
  const leaves = Array.from({ length: 6 }, (_, i) => {
    const ly = y - i * 44;
    const lx = x + s * (i * 6 - 10);
    return (
      ellipse(lx + s * 26, ly, 30, 14, C.grassDark, `transform="rotate(${s * -30} ${lx + s * 26} ${ly})"`) +
      ellipse(lx - s * 18, ly - 18, 26, 12, C.grass, `transform="rotate(${s * 40} ${lx - s * 18} ${ly - 18})"`)
    );
  }).join('');
  return line(`M${x} ${y + 20}Q${x + s * 30} ${y - 130} ${x + s * 20} ${y - 250}`, C.grassDark, 8) + leaves;
}

const certificate: TemplateArt = {
  id: 'certificate',
  name: 'The Certificate',
  description:
    "A framed certificate on the wall with a gold double border, laurels and a red-ribboned gold seal; Miso the cat beams proudly below it. Boxes for the award's title, the name of the (often undeserving) winner and what it was awarded for.",
  keywords: ['certificate', 'award', 'achievement', 'diploma', 'prize', 'proud', 'accomplishment', 'winner', 'honor'],
  boxes: [
    {
      id: 'award',
      caption: 'Certificate of achievement',
      x: 170,
      y: 330,
      w: 740,
      h: 200,
      font: 'serif',
      fontColor: '#9E6438',
      outlineWidth: 0,
    },
    { id: 'winner', caption: 'Me', x: 230, y: 600, w: 620, h: 230, font: 'serif', fontColor: C.ink, outlineWidth: 0 },
    {
      id: 'reason',
      caption: 'For answering an email on the same day',
      x: 200,
      y: 900,
      w: 680,
      h: 280,
      font: 'sans',
      fontColor: C.ink,
      outlineWidth: 0,
    },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#wall)') +
        Array.from({ length: 10 }, (_, i) => rect(i * 120, 0, 60, 1920, 'white', 'opacity="0.06"')).join('') +
        shadow(70, 200, 940, 1280, 10, 0.3) +
        rect(70, 200, 940, 1280, C.woodDark, OUTLINE) +
        rect(100, 230, 880, 1220, '#FFFCF2', OUTLINE) +
        rect(140, 270, 800, 1140, 'none', `stroke="${C.gold}" stroke-width="14"`) +
        rect(166, 296, 748, 1088, 'none', `stroke="${C.gold}" stroke-width="5"`) +
        [
          [166, 296],
          [914, 296],
          [166, 1384],
          [914, 1384],
        ]
          .map(([x, y]) => circle(x ?? 0, y ?? 0, 22, C.gold, OUTLINE))
          .join('') +
        line('M260 860L820 860', C.ink, 5, 'opacity="0.6"') +
        laurel(200, 820, false) +
        laurel(880, 820, true) +
        path('M490 1290L450 1440L500 1410L530 1460L545 1300Z', C.red, OUTLINE) +
        path('M590 1290L630 1440L580 1410L550 1460L535 1300Z', C.red, OUTLINE) +
        circle(540, 1270, 90, C.gold, OUTLINE) +
        circle(540, 1270, 64, 'none', `stroke="#DB9A1F" stroke-width="8" stroke-dasharray="10 8"`) +
        star(540, 1272, 40, 'white', 'opacity="0.9"') +
        place(540, 1700, 0.7, cat({ eyes: 'happy', mouth: 'grin' })) +
        sparkle(250, 1620, 34) +
        sparkle(840, 1580, 40) +
        sparkle(920, 1780, 24),
      linearGradient('wall', ['#3E5C7A', '#2B4158']),
    ),
};

export const everydayScenesF: TemplateArt[] = [escalating, meetingRoom, certificate];
