import { blob, cat } from './characters.js';
import { card, leaf, line, panelDivider, pot, smallFlame } from './everyday-kit.js';
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
import type { TemplateArt } from './template-art.js';

/** Everyday comparisons: what was hoped for and what happened, then and now, strong and weak. */

const TOP_LABEL = { x: 60, y: 40, w: 960, h: 200 };
const LOWER_LABEL = { x: 60, y: 1000, w: 960, h: 200 };

/** One cake tier with icing dripping over its top edge; (cx, bottom) is its base. */
function tier(cx: number, bottom: number, w: number, h: number, sponge: string, icing: string): string {
  const x0 = cx - w / 2;
  const x1 = cx + w / 2;
  const top = bottom - h;
  const seg = w / 6;
  let drips = `M${x0} ${top + 16}Q${x0} ${top} ${x0 + 16} ${top}L${x1 - 16} ${top}Q${x1} ${top} ${x1} ${top + 16}L${x1} ${top + 30}`;
  for (let i = 0; i < 6; i++) {
    const xr = x1 - i * seg;
    const depth = [46, 22, 58, 28, 40, 20][i] ?? 30;
    drips += `Q${xr - seg / 2} ${top + 30 + depth * 2} ${xr - seg} ${top + 30}`;
  }
  return card(x0, top, w, h, sponge, 18) + path(`${drips}Z`, icing, OUTLINE);
}

function strawberry(x: number, y: number): string {
  return (
    path(
      `M${x - 22} ${y - 10}Q${x} ${y + 40} ${x + 22} ${y - 10}Q${x} ${y - 24} ${x - 22} ${y - 10}Z`,
      C.red,
      OUTLINE,
    ) + path(`M${x - 14} ${y - 16}L${x} ${y - 30}L${x + 14} ${y - 16}Z`, C.grassDark)
  );
}

/** The dream cake on its stand, the plate's middle at the origin. */
function perfectCake(): string {
  return (
    ellipse(0, 108, 110, 22, C.silver, OUTLINE) +
    rect(-22, 10, 44, 96, C.silver, OUTLINE) +
    ellipse(0, 10, 240, 34, C.silver, OUTLINE) +
    tier(0, 0, 360, 170, '#FFE9C7', C.pink) +
    tier(0, -170, 270, 130, '#FFE9C7', '#FFC2D1') +
    tier(0, -300, 180, 110, '#FFE9C7', C.pink) +
    [-60, -20, 20, 60].map((dx) => strawberry(dx, -410)).join('') +
    card(-12, -490, 24, 80, C.sky, 6) +
    line('M-12-470L12-482M-12-440L12-452', C.paper, 6) +
    smallFlame(0, -494, 0.9)
  );
}

/** The same cake, collapsed into a lopsided heap, its candle smoking. */
function fallenCake(): string {
  return (
    ellipse(0, 108, 110, 22, C.silver, OUTLINE) +
    rect(-22, 10, 44, 96, C.silver, OUTLINE) +
    ellipse(0, 10, 240, 34, C.silver, OUTLINE) +
    path(
      'M-250 16Q-262-30-200-40Q-130-84-40-60Q40-96 130-56Q220-70 250 0Q240 24 180 20Q60 40-90 24Q-200 40-250 16Z',
      '#FFC2D1',
      OUTLINE,
    ) +
    rotate(6, 0, -20, tier(10, -20, 330, 100, '#F3D9B1', C.pink)) +
    rotate(24, 120, -150, tier(120, -110, 240, 90, '#F3D9B1', '#FFC2D1')) +
    rotate(-38, -160, -80, tier(-160, -40, 150, 80, '#F3D9B1', C.pink)) +
    strawberry(-230, 40) +
    strawberry(240, 60) +
    rotate(62, 60, -160, card(48, -230, 24, 80, C.sky, 6)) +
    line('M140-200q-30-40 0-80t0-80q-20-30 10-60', '#8A8F9C', 12, 'opacity="0.7"')
  );
}

const expectationReality: TemplateArt = {
  id: 'expectation-reality',
  name: 'Expectation vs Reality',
  description:
    'Two stacked halves. Top, "expectation": on a rosy sparkling background Miso the cat proudly presents a perfect three-tier cake with strawberries and a lit candle. Bottom, "reality": in a dull grey kitchen the same cat, tired and sweating, stands by a collapsed lopsided cake with a smoking candle. Caption what was hoped for at the top and what actually happened in the box at the top of the lower half.',
  keywords: ['expectation', 'reality', 'versus', 'vs', 'plan', 'fail', 'disappointment', 'baking', 'cake', 'hope'],
  boxes: [
    { id: 'expectation', caption: 'Expectation: the cake from the video', ...TOP_LABEL },
    { id: 'reality', caption: 'Reality: my cake', ...LOWER_LABEL },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 960, 'url(#dream)') +
        `<g clip-path="url(#upper)">${rays(730, 560, 20, 800, 'white', 0.3)}</g>` +
        rect(0, 880, 1080, 80, C.wood) +
        rect(0, 872, 1080, 12, C.ink) +
        place(730, 760, 1, perfectCake()) +
        place(
          250,
          500,
          0.9,
          cat({
            eyes: 'happy',
            mouth: 'grin',
            front: tube('M110 190L250 90', C.orange, 34) + circle(262, 80, 34, C.orange, OUTLINE),
          }),
        ) +
        sparkle(470, 330, 34) +
        sparkle(980, 420, 44) +
        sparkle(560, 700, 22) +
        sparkle(960, 760, 26) +
        rect(0, 960, 1080, 960, 'url(#dull)') +
        rect(0, 1840, 1080, 80, '#A88466') +
        rect(0, 1832, 1080, 12, C.ink) +
        place(730, 1720, 1, fallenCake()) +
        place(250, 1460, 0.9, cat({ eyes: 'tired', mouth: 'flat', sweat: true })) +
        panelDivider(960),
      linearGradient('dream', ['#FFD9EC', '#FFF4E0']) +
        linearGradient('dull', ['#B8BCC6', '#DDD9D2']) +
        '<clipPath id="upper"><rect x="0" y="0" width="1080" height="960"/></clipPath>',
    ),
};

/** The overgrown plant: a back layer of dark leaves, vines, then lighter leaves in front. */
function jungleLeaves(front: boolean): string {
  const back: [number, number, number, number][] = [
    [-40, 1330, 260, -20],
    [140, 1250, 240, -60],
    [330, 1300, 220, -110],
    [560, 1260, 250, -70],
    [820, 1250, 240, -120],
    [1000, 1330, 250, -160],
    [-30, 1580, 260, 10],
    [1080, 1560, 260, 190],
    [-20, 1820, 240, -10],
    [1090, 1820, 240, 170],
    [250, 1900, 220, -40],
    [860, 1900, 220, -140],
  ];
  const fore: [number, number, number, number, string][] = [
    [60, 1420, 170, -40, C.grass],
    [200, 1330, 150, -80, '#A6E08F'],
    [470, 1400, 160, -60, C.grass],
    [700, 1330, 170, -100, '#A6E08F'],
    [900, 1420, 180, -150, C.grass],
    [960, 1600, 170, 170, '#A6E08F'],
    [40, 1660, 180, -10, '#A6E08F'],
    [600, 1520, 150, -20, C.grass],
    [820, 1700, 170, 150, C.grass],
    [120, 1820, 170, -30, C.grass],
    [420, 1800, 160, -150, '#A6E08F'],
    [980, 1820, 160, 200, '#A6E08F'],
    [260, 1640, 170, -10, C.grass],
    [500, 1660, 150, -170, '#A6E08F'],
  ];
  return front
    ? fore.map(([x, y, s, a, f]) => leaf(x, y, s, a, f)).join('')
    : back.map(([x, y, s, a]) => leaf(x, y, s, a, '#3F9A57')).join('');
}

const howItStarted: TemplateArt = {
  id: 'how-it-started',
  name: "How It Started / How It's Going",
  description:
    'Two stacked halves. Top, "how it started": on a sunny windowsill Miso the cat happily waters a tiny sprout in a small pot. Bottom, "how it\'s going": the plant has become a jungle that bursts its pot and fills the room, the cat peeking out wide-eyed from the leaves. Caption the humble beginning at the top and the out-of-control present below.',
  keywords: ['how it started', 'how its going', 'started', 'going', 'then', 'now', 'growth', 'progress', 'escalated'],
  boxes: [
    { id: 'started', caption: 'How it started: one small houseplant', ...TOP_LABEL },
    { id: 'going', caption: "How it's going", ...LOWER_LABEL },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 960, 'url(#room)') +
        card(600, 270, 400, 480, C.sky, 16) +
        circle(900, 360, 50, '#FFE08A') +
        line('M800 270L800 750M600 510L1000 510', C.ink, 12) +
        rect(0, 830, 1080, 130, C.wood) +
        rect(0, 822, 1080, 16, C.ink) +
        line('M640 664L640 590', C.grassDark, 12) +
        leaf(640, 620, 60, -150, C.grass) +
        leaf(640, 600, 56, -30, C.grass) +
        pot(640, 668, 170) +
        place(230, 470, 0.86, cat({ eyes: 'happy', mouth: 'smile', front: tube('M110 190L210 110', C.orange, 34) })) +
        rotate(
          34,
          470,
          560,
          card(400, 510, 140, 100, C.teal, 20) +
            line('M428 512Q470 450 512 512', C.ink, 14) +
            tube('M530 560L610 520', C.teal, 20),
        ) +
        line('M600 600l2 18M622 596l2 18M612 630l2 18', C.sky, 8) +
        sparkle(570, 380, 26) +
        rect(0, 960, 1080, 960, 'url(#jungle)') +
        card(600, 1230, 400, 480, '#6FB7D8', 16) +
        jungleLeaves(false) +
        tube('M640 1900Q560 1700 420 1640T120 1300', C.grassDark, 30) +
        tube('M660 1900Q760 1720 900 1660T1000 1260', C.grassDark, 30) +
        tube('M650 1880Q640 1600 700 1420T600 1240', C.grassDark, 24) +
        place(360, 1540, 0.8, cat({ headOnly: true, eyes: 'wide', mouth: 'open' })) +
        jungleLeaves(true) +
        path('M560 1920L590 1800L700 1800L730 1920Z', '#D9774A', OUTLINE) +
        line('M610 1810L640 1860L620 1900M690 1812L670 1850', C.ink, 6) +
        panelDivider(960),
      linearGradient('room', ['#FFF4E0', '#E3F4E8']) + linearGradient('jungle', ['#CFEFD9', '#7CC38A']),
    ),
};

/** Bo's arms flexed over the head, with a bulging bicep on each. */
function flexedArms(color: string): string {
  const arm = (s: number) =>
    tube(`M${140 * s} 50Q${220 * s} 40 ${220 * s}-90`, color, 60) +
    ellipse(190 * s, 22, 56, 42, color, OUTLINE) +
    circle(220 * s, -120, 46, color, OUTLINE);
  return arm(-1) + arm(1);
}

const buffSmall: TemplateArt = {
  id: 'strong-weak',
  name: 'Strong vs Weak',
  description:
    'A side-by-side comparison split down the middle with a "VS" burst. Left, on golden rays: a huge, buff Bo the blob in sunglasses, flexing both arms and grinning. Right, on a pale grey-blue: a tiny, tired Bo sweating as it struggles to lift a very small dumbbell. Label the strong thing under the left and the weak thing under the right; an optional title goes at the top.',
  keywords: ['strong', 'weak', 'buff', 'small', 'versus', 'vs', 'comparison', 'then', 'now', 'muscles', 'energy'],
  boxes: [
    { id: 'title', caption: 'Energy levels', x: 60, y: 40, w: 960, h: 200 },
    { id: 'strong', caption: 'Me at 9 AM with a coffee', x: 30, y: 1540, w: 490, h: 340 },
    { id: 'weak', caption: 'Me at 3 PM', x: 560, y: 1540, w: 490, h: 340 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 540, 1920, 'url(#gold)') +
        `<g clip-path="url(#left)">${rays(280, 1000, 22, 1200, 'white', 0.28)}</g>` +
        rect(540, 0, 540, 1920, 'url(#cool)') +
        rect(0, 1440, 540, 480, '#E6A742') +
        rect(540, 1440, 540, 480, '#A9B4C4') +
        rect(0, 1432, 1080, 16, C.ink) +
        ellipse(280, 1460, 230, 30, C.ink, 'opacity="0.2"') +
        `<g transform="translate(268 1080) scale(1.04 0.94)">${blob({ color: '#2FB8A3', glasses: true, mouth: 'grin', arms: flexedArms('#2FB8A3'), front: path('M-154-96Q0-132 154-96L164-62Q0-98-164-62Z', C.red, OUTLINE) })}</g>` +
        sparkle(90, 640, 36) +
        sparkle(470, 560, 28) +
        sparkle(480, 1200, 22) +
        ellipse(800, 1470, 110, 16, C.ink, 'opacity="0.2"') +
        place(
          800,
          1300,
          0.42,
          blob({
            color: '#A8D8D1',
            eyes: 'tired',
            mouth: 'frown',
            sweat: true,
            arms: tube('M-150 110L-40 200', '#A8D8D1', 22) + tube('M150 110L40 200', '#A8D8D1', 22),
            front:
              line('M-80 206L80 206', C.ink, 18) +
              card(-112, 170, 40, 72, C.steelDark, 10) +
              card(72, 170, 40, 72, C.steelDark, 10),
          }),
        ) +
        line('M730 1150l-20-30M870 1150l20-30', C.ink, 8, 'opacity="0.6"') +
        rect(532, 0, 16, 1432, C.ink) +
        star(540, 560, 130, C.red, OUTLINE) +
        place(
          540,
          560,
          1,
          line('M-58-34L-34 34L-10-34', C.paper, 18) +
            place(
              30,
              0,
              0.7,
              line('M30-38Q14-52-6-50Q-34-46-32-22Q-30-4 0 0Q32 6 32 26Q30 50 0 50Q-22 50-34 36', C.paper, 24),
            ),
        ),
      linearGradient('gold', ['#FFD36B', '#FFB347']) +
        linearGradient('cool', ['#DDE3EC', '#C3CCDA']) +
        '<clipPath id="left"><rect x="0" y="0" width="540" height="1440"/></clipPath>',
    ),
};

function star(cx: number, cy: number, r: number, fill: string, extra: string): string {
  const points = Array.from({ length: 24 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.72;
    const angle = (Math.PI / 12) * i;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}" ${extra}/>`;
}

export const everydayScenesA: TemplateArt[] = [expectationReality, howItStarted, buffSmall];
