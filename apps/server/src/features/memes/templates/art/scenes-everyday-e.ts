import { blob, cat, robot } from './characters.js';
import { audienceHead, card, line, shadow, tape } from './everyday-kit.js';
import {
  C,
  OUTLINE,
  circle,
  ellipse,
  linearGradient,
  path,
  place,
  radialGradient,
  rect,
  rotate,
  sparkle,
  svgDocument,
  tube,
} from './svg-kit.js';
import { DARK_CAPTION, type TemplateArt } from './template-art.js';

/** Everyday places and things: the cinema, the garage, a bridge, the till. */

function curtain(x: number, flip: boolean): string {
  const s = flip ? -1 : 1;
  const folds = [0, 50, 100, 150]
    .map((dx) =>
      line(
        `M${x + s * (dx + 30)} 0Q${x + s * (dx + 50)} 500 ${x + s * (dx + 20)} 1000`,
        '#9E1F2C',
        10,
        'opacity="0.6"',
      ),
    )
    .join('');
  return path(`M${x} 0L${x + s * 200} 0Q${x + s * 130} 500 ${x + s * 40} 1000L${x} 1000Z`, C.red, OUTLINE) + folds;
}

function seatRow(y: number, heads: ('cat' | 'robot' | 'blob')[]): string {
  const gap = 1080 / heads.length;
  return (
    heads.map((kind, i) => place(gap * i + gap / 2, y, 0.7, audienceHead(kind, 'url(#crowd)'))).join('') +
    Array.from({ length: heads.length + 1 }, (_, i) => card(gap * i - 70, y + 90, 140, 220, '#8C2F39', 30)).join('')
  );
}

function popcorn(): string {
  const kernels = [-70, -30, 10, 50, 80, -50, -10, 30, 60]
    .map((dx, i) => circle(dx, -20 - (i % 3) * 26 - (i > 4 ? 20 : 0), 28, '#FFF6D6', OUTLINE))
    .join('');
  return (
    kernels +
    path('M-110-10L110-10L84 200L-84 200Z', 'white', OUTLINE) +
    path('M-70-10L-46 200L-20 200L-34-10Z M34-10L20 200L46 200L70-10Z', C.red) +
    path('M-110-10L110-10L84 200L-84 200Z', 'none', OUTLINE)
  );
}

const cinema: TemplateArt = {
  id: 'cinema',
  name: 'At the Cinema',
  description:
    'A dark cinema: a glowing screen between red curtains, rows of silhouetted heads (cat ears, robot antennas, blob sprouts) facing it, and in the front row Miso the cat turned round to the viewer, smug, holding a striped popcorn bucket. Caption what is on the screen, an optional line at the top, and the cat (the one who knows something the audience does not) at the bottom right.',
  keywords: ['cinema', 'movie', 'film', 'theater', 'audience', 'popcorn', 'watching', 'spoiler', 'screen', 'show'],
  boxes: [
    { id: 'top', caption: '', x: 60, y: 30, w: 960, h: 220 },
    { id: 'screen', caption: 'Everyone: discovering the plot twist', x: 140, y: 340, w: 800, h: 520, ...DARK_CAPTION },
    { id: 'me', caption: 'Me, who read the book', x: 560, y: 1560, w: 480, h: 320 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#dark)') +
        ellipse(540, 600, 620, 420, 'url(#screenGlow)') +
        card(100, 300, 880, 600, '#EAF4FF', 10) +
        rect(100, 300, 880, 600, 'url(#screenLight)') +
        curtain(0, false) +
        curtain(1080, true) +
        rect(0, 0, 1080, 70, '#9E1F2C') +
        rect(0, 62, 1080, 16, C.ink) +
        seatRow(1150, ['robot', 'cat', 'blob', 'robot', 'cat']) +
        seatRow(1400, ['blob', 'robot', 'cat', 'blob']) +
        rect(0, 1560, 1080, 360, '#15172E', 'opacity="0.55"') +
        place(300, 1560, 0.82, cat({ eyes: 'lidded', mouth: 'smile', front: place(150, 260, 0.9, popcorn()) })) +
        sparkle(930, 1300, 16, '#FFE9A6') +
        sparkle(70, 1100, 12, '#FFE9A6'),
      linearGradient('dark', ['#1E2240', '#0E1024']) +
        linearGradient('crowd', ['#3A3F5C', '#20233A']) +
        radialGradient('screenGlow', ['#BFE3FF', '#BFE3FF'], [0.45, 0]) +
        linearGradient('screenLight', ['#FFFFFF', '#BFD9F2']).replace(
          'stop-color="#FFFFFF"/>',
          'stop-color="#FFFFFF" stop-opacity="0"/>',
        ),
    ),
};

function hammer(): string {
  return rotate(
    -35,
    0,
    0,
    card(-22, -60, 44, 260, C.wood, 14) + card(-100, -130, 200, 80, C.steelDark, 16) + rect(60, -124, 40, 68, C.steel),
  );
}

function wrench(): string {
  const jaw = (x: number, y: number) => circle(x, y, 62, C.silver, OUTLINE) + circle(x + 26, y - 26, 30, '#D9B48A');
  return rotate(
    40,
    0,
    0,
    tube('M0-120L0 130', C.silver, 50) +
      jaw(0, -150) +
      circle(0, 150, 46, C.silver, OUTLINE) +
      circle(0, 150, 20, '#D9B48A', OUTLINE),
  );
}

function ductTape(): string {
  return (
    path('M30 100L80 230L40 220L10 240Z', C.silver, OUTLINE) +
    circle(0, 0, 118, C.silver, OUTLINE) +
    circle(0, 0, 92, '#C3CCD8') +
    circle(0, 0, 56, '#D9B48A', OUTLINE)
  );
}

function screwdriver(): string {
  return rotate(
    30,
    0,
    0,
    card(-36, -170, 72, 170, C.coral, 30) +
      line('M-12-150L-12-30M12-150L12-30', '#C24B4B', 8) +
      rect(-12, 0, 24, 150, C.silver, OUTLINE) +
      path('M-12 150L12 150L4 186L-4 186Z', C.steelDark, OUTLINE),
  );
}

const TOOLS = [
  { x: 290, y: 430, draw: hammer, caption: 'Restart it' },
  { x: 790, y: 430, draw: wrench, caption: 'Search the error' },
  { x: 290, y: 950, draw: ductTape, caption: 'Add a try/catch' },
  { x: 790, y: 950, draw: screwdriver, caption: 'Ask a colleague' },
] as const;

const toolbox: TemplateArt = {
  id: 'toolbox',
  name: 'The Toolbox',
  description:
    'A garage pegboard with four tools hanging on hooks — a hammer, a wrench, a roll of duct tape and a screwdriver — each over a masking-tape label, and a big red toolbox on the workbench below with Bolt the robot peeking over it. Name the toolbox (the problem or skill) on its front and label each tool with a go-to trick.',
  keywords: ['toolbox', 'tools', 'toolkit', 'fix', 'solutions', 'skills', 'hammer', 'tricks', 'methods', 'repair'],
  boxes: [
    ...TOOLS.map((tool, i) => ({
      id: `tool-${i + 1}`,
      caption: tool.caption,
      x: tool.x - 220,
      y: tool.y + 200,
      w: 440,
      h: 170,
      ...DARK_CAPTION,
    })),
    { id: 'toolbox', caption: 'My debugging toolbox', x: 250, y: 1560, w: 580, h: 200 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, '#D9B48A') +
        Array.from({ length: 13 * 16 }, (_, i) =>
          circle((i % 13) * 84 + 36, Math.floor(i / 13) * 84 + 40, 9, '#A8805A'),
        ).join('') +
        TOOLS.map(
          (tool) =>
            line(`M${tool.x - 40} ${tool.y - 170}l0 30M${tool.x + 40} ${tool.y - 170}l0 30`, C.ink, 10) +
            place(tool.x, tool.y, 1, tool.draw()) +
            rotate(
              (tool.x + tool.y) % 3 === 0 ? -2 : 2,
              tool.x,
              tool.y + 285,
              card(tool.x - 220, tool.y + 200, 440, 170, '#F7EBC8', 6) + tape(tool.x, tool.y + 200, 0, 120, 'white'),
            ),
        ).join('') +
        rect(0, 1780, 1080, 140, C.woodDark, OUTLINE) +
        place(900, 1420, 0.6, robot({ headOnly: true, eyes: 'happy', mouth: 'grin' })) +
        line('M420 1460Q540 1370 660 1460', C.ink, 26) +
        line('M420 1460Q540 1370 660 1460', C.steelDark, 12) +
        shadow(200, 1460, 680, 330, 26, 0.25) +
        card(200, 1460, 680, 330, C.red, 26) +
        rect(200, 1520, 680, 16, '#B3202C') +
        card(500, 1500, 80, 50, C.silver, 10) +
        circle(820, 1470, 30, C.steel, OUTLINE) +
        circle(980, 1470, 30, C.steel, OUTLINE),
    ),
};

/** The deck sags in the middle: y of its top edge at x (a quadratic curve 50 px deep). */
const deckTop = (x: number): number => {
  const t = x / 1080;
  return 880 + 2 * t * (1 - t) * 50;
};

function cliff(flip: boolean): string {
  const s = flip ? -1 : 1;
  const x = flip ? 1080 : 0;
  return (
    path(
      `M${x} 930L${x + s * 230} 930L${x + s * 250} 1200L${x + s * 220} 1450L${x + s * 270} 1920L${x} 1920Z`,
      '#9A7560',
      OUTLINE,
    ) +
    line(
      `M${x} 1150L${x + s * 200} 1170M${x} 1400L${x + s * 190} 1380M${x} 1650L${x + s * 230} 1680`,
      '#7D5B49',
      12,
      'opacity="0.7"',
    ) +
    path(`M${x} 930L${x + s * 236} 930L${x + s * 236} 950L${x} 962Z`, C.grassDark, OUTLINE)
  );
}

/** A crumbled pillar: a stump with a jagged top, and rubble at its foot. */
function stump(x: number, top: number): string {
  return (
    path(
      `M${x - 50} 1740L${x - 50} ${top + 30}L${x - 20} ${top}L${x} ${top + 40}L${x + 24} ${top + 10}L${x + 50} ${top + 50}L${x + 50} 1740Z`,
      '#B3A392',
      OUTLINE,
    ) +
    circle(x - 80, 1730, 22, '#B3A392', OUTLINE) +
    circle(x + 76, 1734, 16, '#B3A392', OUTLINE)
  );
}

const bridge: TemplateArt = {
  id: 'bridge-support',
  name: 'Held Up by One Stick',
  description:
    'A long stone bridge spans a river gorge at sunset; its pillars have crumbled into stumps and the sagging, cracked deck — shedding pebbles — rests on one thin, wobbly wooden stick in the middle. Bo the blob tiptoes across the deck, sweating. Label the big thing on top and, next to the stick, the tiny thing that everything depends on.',
  keywords: ['bridge', 'collapse', 'support', 'depends', 'fragile', 'holding up', 'dependency', 'unstable', 'risk'],
  boxes: [
    { id: 'everything', caption: 'My whole weekend plan', x: 60, y: 40, w: 960, h: 260 },
    { id: 'support', caption: 'One friend who said maybe', x: 600, y: 1060, w: 460, h: 400 },
  ],
  draw: () => {
    const deck = `M0 ${deckTop(0)}Q540 930 1080 ${deckTop(1080)}L1080 990Q540 1040 0 990Z`;
    const posts = Array.from({ length: 12 }, (_, i) => {
      const x = i * 96 + 24;
      return line(`M${x} ${deckTop(x)}L${x} ${deckTop(x) - 70}`, C.ink, 10);
    }).join('');
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#sunset)') +
        circle(780, 640, 130, '#FFE08A', 'opacity="0.9"') +
        path('M0 760Q200 700 400 760T800 740T1080 770L1080 960L0 960Z', '#E7A98A', 'opacity="0.6"') +
        rect(0, 1700, 1080, 220, '#4E9BD6') +
        line('M320 1780Q400 1760 480 1780M600 1850Q680 1830 760 1850', 'white', 8, 'opacity="0.6"') +
        cliff(false) +
        cliff(true) +
        stump(390, 1520) +
        stump(720, 1480) +
        path('M560 1720Q530 1520 566 1320T552 1012L574 1012Q592 1320 580 1520T586 1720Z', C.wood, OUTLINE) +
        line('M566 1400Q600 1370 620 1380', C.ink, 6) +
        line('M520 1200Q500 1260 520 1320M620 1200Q640 1260 620 1320', C.ink, 6, 'opacity="0.55"') +
        place(
          300,
          716,
          0.5,
          blob({
            eyes: 'wide',
            mouth: 'w',
            sweat: true,
            arms: tube('M-150 110L-240 60', C.teal, 26) + tube('M150 110L240 60', C.teal, 26),
          }),
        ) +
        path(deck, '#C2B3A3', OUTLINE) +
        Array.from({ length: 10 }, (_, i) =>
          line(
            `M${i * 110 + 60} ${deckTop(i * 110 + 60) + 6}L${i * 110 + 60} ${deckTop(i * 110 + 60) + 100}`,
            '#A29384',
            6,
          ),
        ).join('') +
        path('M370 1000L390 1060L360 1100L400 1050Z M700 1000L690 1070L730 1110L705 1060Z', '#B3A392', OUTLINE) +
        line(`M0 ${deckTop(0) - 70}Q540 860 1080 ${deckTop(1080) - 70}`, C.ink, 12) +
        posts +
        line('M470 912L500 950L478 990M640 912L618 962L650 1004', C.ink, 7) +
        [
          [420, 1120, 16],
          [660, 1190, 11],
          [470, 1330, 13],
          [690, 1420, 9],
          [520, 1560, 10],
        ]
          .map(([x, y, r]) => circle(x ?? 0, y ?? 0, r ?? 0, '#B3A392', OUTLINE))
          .join('') +
        line('M640 1390Q600 1400 596 1440M578 1420L596 1444L616 1420', C.ink, 8),

      linearGradient('sunset', ['#FFB38A', '#FFE3C4']),
    );
  },
};

function receiptEdge(x0: number, x1: number, y: number): string {
  const teeth = 14;
  const step = (x1 - x0) / teeth;
  let d = `M${x0} ${y}`;
  for (let i = 0; i < teeth; i++) d += `L${x0 + step * (i + 0.5)} ${y + 26}L${x0 + step * (i + 1)} ${y}`;
  return d;
}

const receipt: TemplateArt = {
  id: 'receipt',
  name: 'The Receipt',
  description:
    'A long paper receipt curls out of a shop till: a header, a list of items, a dotted rule, a total and a barcode, with a torn zig-zag bottom. Bo the blob peeks in from the corner, wide-eyed and sweating at the damage. Put where you went (or the plan) at the top, the items one per line in the middle, and the total at the bottom.',
  keywords: ['receipt', 'shopping', 'bill', 'total', 'cost', 'expensive', 'spending', 'money', 'purchase', 'price'],
  boxes: [
    {
      id: 'header',
      caption: 'Quick trip for milk',
      x: 300,
      y: 300,
      w: 480,
      h: 170,
      font: 'sans',
      fontColor: C.ink,
      outlineWidth: 0,
    },
    {
      id: 'items',
      caption: 'Snacks\n2 plants\nA lamp\n3 candles\nA rug',
      x: 300,
      y: 520,
      w: 480,
      h: 720,
      align: 'left',
      font: 'sans',
      fontColor: C.ink,
      outlineWidth: 0,
    },
    {
      id: 'total',
      caption: 'Total: everything but milk',
      x: 300,
      y: 1290,
      w: 480,
      h: 220,
      font: 'sans',
      fontColor: C.ink,
      outlineWidth: 0,
    },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#shop)') +
        Array.from({ length: 8 }, (_, i) => rect(0, i * 260 + 120, 1080, 8, 'white', 'opacity="0.35"')).join('') +
        shadow(260, 200, 560, 1560, 0, 0.18) +
        path(
          `M260 200L820 200L820 1760${receiptEdge(820, 260, 1760).replace(/^M[\d.]+ [\d.]+/, '')}Z`,
          '#FFFEF8',
          OUTLINE,
        ) +
        line('M290 500L790 500M290 1265L790 1265', C.ink, 5, 'stroke-dasharray="4 16" opacity="0.5"') +
        Array.from({ length: 30 }, (_, i) => rect(320 + i * 15 + (i % 3) * 2, 1560, i % 4 ? 6 : 10, 120, C.ink)).join(
          '',
        ) +
        card(200, 80, 680, 160, '#3A3F5C', 30) +
        rect(250, 180, 580, 30, '#15172E', 'rx="15"') +
        circle(800, 130, 14, C.glow) +
        place(
          150,
          1760,
          0.7,
          blob({
            eyes: 'wide',
            mouth: 'open',
            sweat: true,
            arms: tube('M150 110L240 20', C.teal, 26) + tube('M-150 110L-205 210', C.teal, 26),
          }),
        ) +
        place(930, 1660, 0.45, cat({ headOnly: true, eyes: 'lidded', mouth: 'flat' })),
      linearGradient('shop', ['#FFE1C7', '#FFC9A8']),
    ),
};

export const everydayScenesE: TemplateArt[] = [cinema, toolbox, bridge, receipt];
