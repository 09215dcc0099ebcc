import { cat, robot } from './characters.js';
import { audienceHead, card, leaf, line, markerCircle, pot, shadow, smallFlame, tape } from './everyday-kit.js';
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

/** Everyday scenes built around something written: a scroll, a board, a calendar, a recipe card. */

/** Handwriting in ink without an outline: for paper, boards and cards. */
const HANDWRITTEN = { font: 'marker', fontColor: C.ink, outlineWidth: 0 } as const;

function torch(x: number, y: number): string {
  return (
    circle(x, y - 60, 200, 'url(#torchGlow)') +
    path(`M${x - 30} ${y}L${x + 30} ${y}L${x + 14} ${y + 120}L${x - 14} ${y + 120}Z`, C.woodDark, OUTLINE) +
    card(x - 40, y - 20, 80, 34, '#7C6A8E', 10) +
    smallFlame(x, y - 16, 1.3)
  );
}

function stoneWall(): string {
  const bricks: string[] = [];
  for (let row = 0; row < 18; row++) {
    const offset = row % 2 ? -90 : 0;
    for (let col = 0; col < 7; col++) {
      bricks.push(
        `<rect x="${col * 180 + offset + 6}" y="${row * 100 + 6}" width="168" height="88" rx="18" fill="#6E6088" opacity="${0.55 + ((row * 7 + col * 3) % 5) * 0.08}"/>`,
      );
    }
  }
  return bricks.join('');
}

const scrollOfTruth: TemplateArt = {
  id: 'scroll-of-truth',
  name: 'The Scroll of Truth',
  description:
    'In a torch-lit stone temple, Miso the cat has unrolled an ancient glowing parchment scroll and stares at it wide-eyed and sweating, horrified by what it says. Write the unwelcome truth on the scroll and the setup (who went looking for it) at the top.',
  keywords: ['scroll of truth', 'scroll', 'truth', 'honest', 'fact', 'denial', 'ancient', 'wisdom', 'reading'],
  boxes: [
    { id: 'setup', caption: 'After years of searching: the scroll of truth', x: 60, y: 50, w: 960, h: 280 },
    {
      id: 'truth',
      caption: 'You have to drink more water',
      x: 250,
      y: 1010,
      w: 580,
      h: 600,
      font: 'serif',
      ...DARK_CAPTION,
    },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#temple)') +
        stoneWall() +
        rect(0, 0, 1080, 1920, 'url(#dim)') +
        rect(0, 1740, 1080, 180, '#3B3350') +
        rect(0, 1732, 1080, 16, C.ink) +
        torch(110, 620) +
        torch(970, 620) +
        `<g clip-path="url(#scene)">${rays(540, 1240, 26, 1100, '#FFE9A6', 0.22)}</g>` +
        place(540, 760, 0.92, cat({ eyes: 'wide', mouth: 'open', sweat: true })) +
        tube('M450 930L330 900', C.orange, 34) +
        tube('M630 930L750 900', C.orange, 34) +
        path('M200 930L880 930L900 1680L180 1680Z', '#F6E7C1', OUTLINE) +
        path('M200 930L880 930L884 980Q540 1010 196 980Z', '#E9D5A4') +
        card(150, 886, 780, 74, '#E8D09A', 37) +
        card(130, 1650, 820, 74, '#E8D09A', 37) +
        circle(150, 923, 26, C.woodDark, OUTLINE) +
        circle(930, 923, 26, C.woodDark, OUTLINE) +
        circle(130, 1687, 26, C.woodDark, OUTLINE) +
        circle(950, 1687, 26, C.woodDark, OUTLINE) +
        circle(330, 890, 40, C.orange, OUTLINE) +
        circle(750, 890, 40, C.orange, OUTLINE) +
        sparkle(170, 1260, 30, '#FFE9A6') +
        sparkle(920, 1400, 36, '#FFE9A6') +
        sparkle(900, 1110, 18, '#FFE9A6'),
      linearGradient('temple', ['#4A3F61', '#2A2338']) +
        linearGradient('dim', ['#1E2240', '#1E2240'])
          .replace('stop-color="#1E2240"/><stop', 'stop-color="#1E2240" stop-opacity="0.55"/><stop')
          .replace('offset="1" stop-color="#1E2240"', 'offset="1" stop-color="#1E2240" stop-opacity="0.1"') +
        radialGradient('torchGlow', ['#FFC971', '#FFC971'], [0.55, 0]) +
        '<clipPath id="scene"><rect x="0" y="0" width="1080" height="1732"/></clipPath>',
    ),
};

function plantInPot(x: number, floor: number): string {
  return (
    leaf(x, floor - 170, 260, -95, C.grassDark) +
    leaf(x - 10, floor - 170, 230, -130, C.grass) +
    leaf(x + 10, floor - 170, 230, -55, C.grass) +
    leaf(x, floor - 160, 170, -165, C.grassDark) +
    leaf(x, floor - 160, 170, -15, C.grassDark) +
    pot(x, floor - 180, 170)
  );
}

function wallClock(cx: number, cy: number): string {
  return (
    circle(cx, cy, 76, 'white', OUTLINE) +
    Array.from({ length: 12 }, (_, i) => {
      const a = (Math.PI / 6) * i;
      return line(
        `M${(cx + 58 * Math.cos(a)).toFixed(1)} ${(cy + 58 * Math.sin(a)).toFixed(1)}L${(cx + 66 * Math.cos(a)).toFixed(1)} ${(cy + 66 * Math.sin(a)).toFixed(1)}`,
        C.ink,
        5,
      );
    }).join('') +
    line(`M${cx} ${cy}L${cx} ${cy - 48}M${cx} ${cy}L${cx + 34} ${cy + 10}`, C.ink, 8) +
    circle(cx, cy, 8, C.coral)
  );
}

const whiteboard: TemplateArt = {
  id: 'whiteboard-presentation',
  name: 'The Whiteboard Presentation',
  description:
    'An office meeting room: Bolt the robot stands beside a big whiteboard, grinning and tapping it with a pointer, while the backs of three heads (a cat, a robot and a blob) watch from the front row. Write the big idea, plan or bold claim on the whiteboard (in blue marker) and an optional setup at the top.',
  keywords: ['whiteboard', 'presentation', 'meeting', 'pitch', 'plan', 'idea', 'office', 'work', 'explaining', 'boss'],
  boxes: [
    { id: 'top', caption: 'Monday, 9 AM', x: 60, y: 30, w: 960, h: 230 },
    {
      id: 'board',
      caption: 'New plan: every meeting is an email now',
      x: 110,
      y: 330,
      w: 860,
      h: 560,
      ...HANDWRITTEN,
      fontColor: '#2456B3',
    },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#office)') +
        rect(0, 1460, 1080, 460, '#B9C3D6') +
        rect(0, 1452, 1080, 16, C.ink) +
        wallClock(400, 1230) +
        plantInPot(150, 1500) +
        shadow(70, 290, 940, 780, 28, 0.15) +
        card(70, 290, 940, 780, C.silver, 28) +
        card(96, 316, 888, 728, '#FFFFFF', 14) +
        path('M120 330L300 330L130 520Z', C.skyLight, 'opacity="0.7"') +
        line('M140 1020L140 940M190 1020L190 970M240 1020L240 910', C.red, 18) +
        line('M290 1020L120 1020', '#2456B3', 6) +
        line('M780 990Q840 930 900 960M880 930L904 962L866 978', C.grassDark, 8) +
        circle(700, 970, 30, 'none', `stroke="${C.coral}" stroke-width="7"`) +
        line('M688 962l2 4M712 962l2 4M686 982q14 10 28 0', C.coral, 6) +
        card(150, 1070, 780, 30, C.steelDark, 12) +
        card(600, 1052, 90, 22, C.red, 8) +
        card(710, 1052, 90, 22, '#2456B3', 8) +
        place(
          850,
          1250,
          0.82,
          robot({
            eyes: 'happy',
            mouth: 'grin',
            arms:
              tube('M120 175L168 300', C.steelDark, 28) +
              circle(170, 306, 26, C.steel, OUTLINE) +
              tube('M-120 175L-240 60', C.steelDark, 28) +
              line('M-250 50L-440-260', C.woodDark, 16) +
              circle(-248, 52, 28, C.steel, OUTLINE),
          }),
        ) +
        place(180, 1800, 0.85, audienceHead('cat', 'url(#crowd)')) +
        place(540, 1830, 0.85, audienceHead('robot', 'url(#crowd)')) +
        place(900, 1810, 0.85, audienceHead('blob', 'url(#crowd)')),
      linearGradient('office', ['#E9EEF6', '#D6DFEC']) + linearGradient('crowd', ['#4A5070', '#2B2D42']),
    ),
};

const CAL = { x: 100, y: 150, w: 880, cols: 7, rows: 5, gridTop: 820, cellW: 880 / 7, cellH: 136 };

function calendarGrid(): string {
  const cells: string[] = [];
  for (let r = 0; r < CAL.rows; r++) {
    for (let c = 0; c < CAL.cols; c++) {
      const x = CAL.x + c * CAL.cellW;
      const y = CAL.gridTop + r * CAL.cellH;
      const weekend = c >= 5;
      cells.push(
        rect(x, y, CAL.cellW, CAL.cellH, weekend ? '#FFF1EC' : 'white', `stroke="${C.grey}" stroke-width="4"`),
      );
      cells.push(rect(x + 14, y + 16, 34, 12, weekend ? C.coral : '#9AA3B2', 'rx="6"'));
      // The days before the circled one are crossed off: a countdown.
      if (r * CAL.cols + c < 1 * CAL.cols + 3) {
        cells.push(
          line(
            `M${x + 26} ${y + 40}L${x + CAL.cellW - 26} ${y + CAL.cellH - 24}M${x + CAL.cellW - 26} ${y + 40}L${x + 26} ${y + CAL.cellH - 24}`,
            C.red,
            8,
            'opacity="0.55"',
          ),
        );
      }
    }
  }
  return cells.join('');
}

const calendarDay: TemplateArt = {
  id: 'calendar-day',
  name: 'The Circled Day',
  description:
    'A wall calendar with a mountain picture and a coral month band; the days before one date are crossed off and that date is circled in red marker, with an arrow to a yellow sticky note. Miso the cat waits eagerly in front. Put the month (or "next week", "someday") in the band and the much-awaited (or dreaded) event on the sticky note.',
  keywords: ['calendar', 'date', 'day', 'countdown', 'waiting', 'deadline', 'plans', 'schedule', 'someday', 'weekend'],
  boxes: [
    { id: 'month', caption: 'This month', x: 130, y: 640, w: 820, h: 130 },
    {
      id: 'note',
      caption: 'Payday: the only day that matters',
      x: 90,
      y: 1520,
      w: 480,
      h: 320,
      rotation: -4,
      ...HANDWRITTEN,
    },
  ],
  draw: () => {
    const dayX = CAL.x + 3 * CAL.cellW + CAL.cellW / 2;
    const dayY = CAL.gridTop + 1 * CAL.cellH + CAL.cellH / 2;
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#wall)') +
        circle(540, 70, 14, C.ink) +
        line('M540 70L300 150M540 70L780 150', C.ink, 6) +
        shadow(CAL.x, CAL.y, CAL.w, 1380, 20, 0.2) +
        card(CAL.x, CAL.y, CAL.w, 1380, 'white', 20) +
        rect(CAL.x + 30, 190, CAL.w - 60, 420, 'url(#view)') +
        path('M130 610L330 380L450 500L620 300L950 610Z', '#7FA8C9', OUTLINE) +
        path('M572 356L620 300L668 356L640 340L620 360L600 340Z', 'white') +
        circle(840, 290, 50, '#FFE08A') +
        rect(CAL.x + 30, 190, CAL.w - 60, 420, 'none', OUTLINE) +
        Array.from({ length: 9 }, (_, i) => card(160 + i * 95, 130, 24, 60, C.steelDark, 12)).join('') +
        rect(CAL.x, 630, CAL.w, 150, C.coral) +
        rect(CAL.x, 780, CAL.w, 40, '#3A3F5C') +
        calendarGrid() +
        star(dayX, dayY + 8, 34, C.amber, OUTLINE) +
        markerCircle(dayX, dayY, 74, 62) +
        line(`M${dayX - 40} ${dayY + 90}Q${dayX - 120} ${dayY + 330} 480 1500`, C.red, 12) +
        line('M452 1470L478 1504L512 1478', C.red, 12) +
        shadow(70, 1500, 520, 360, 8) +
        rotate(-4, 330, 1680, card(70, 1500, 520, 360, '#FFE27A', 8) + tape(330, 1500, 0, 160, C.sky)) +
        place(
          860,
          1640,
          0.68,
          cat({
            eyes: 'happy',
            mouth: 'grin',
            front: tube('M-110 190L-190 60', C.orange, 34) + circle(-196, 46, 34, C.orange, OUTLINE),
          }),
        ),
      linearGradient('wall', ['#F6EFE4', '#E9DCC8']) + linearGradient('view', ['#BFE6FA', '#EAF7FF']),
    );
  },
};

/** A chef's hat to sit on a head drawn around the origin. */
const chefHat =
  path('M-120-120Q-200-190-130-260Q-100-330-20-300Q40-360 110-300Q200-290 170-210Q220-150 120-120Z', 'white', OUTLINE) +
  card(-130, -150, 260, 60, 'white', 14);

const recipeCard: TemplateArt = {
  id: 'recipe-card',
  name: 'The Recipe Card',
  description:
    "A handwritten recipe card lying on a wooden kitchen counter among a bowl of flour, eggs and a whisk, with Miso the cat in a chef's hat peeking in from the corner. The card has a title, an ingredients section and a method: write a joke recipe for a feeling, a habit or a situation (list ingredients one per line).",
  keywords: ['recipe', 'ingredients', 'cooking', 'kitchen', 'how to', 'instructions', 'method', 'baking', 'formula'],
  boxes: [
    {
      id: 'title',
      caption: 'Recipe: a productive Monday',
      x: 160,
      y: 360,
      w: 760,
      h: 160,
      rotation: -3,
      ...HANDWRITTEN,
    },
    {
      id: 'ingredients',
      caption: '3 coffees\n1 playlist\nA pinch of panic',
      x: 160,
      y: 580,
      w: 760,
      h: 440,
      rotation: -3,
      align: 'left',
      ...HANDWRITTEN,
    },
    {
      id: 'method',
      caption: 'Mix well. Serve at 4:59 PM.',
      x: 160,
      y: 1080,
      w: 760,
      h: 420,
      rotation: -3,
      align: 'left',
      ...HANDWRITTEN,
    },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#counter)') +
        Array.from({ length: 6 }, (_, i) =>
          line(`M0 ${260 + i * 320}L1080 ${240 + i * 320}`, C.woodDark, 6, 'opacity="0.35"'),
        ).join('') +
        circle(40, 1720, 170, '#E7E3DC', OUTLINE) +
        circle(40, 1720, 130, 'white') +
        rotate(
          -3,
          540,
          950,
          shadow(110, 300, 860, 1300, 18, 0.25) +
            card(110, 300, 860, 1300, '#FFFDF6', 18) +
            line('M140 540L940 540', C.red, 6) +
            Array.from({ length: 12 }, (_, i) => line(`M140 ${620 + i * 80}L940 ${620 + i * 80}`, '#9AD0F5', 4)).join(
              '',
            ) +
            line('M150 1050L930 1050', C.ink, 4, 'stroke-dasharray="2 18" opacity="0.5"'),
        ) +
        ellipse(930, 1760, 70, 90, '#FFF4E0', OUTLINE) +
        ellipse(1010, 1700, 60, 78, '#F3DFC1', OUTLINE) +
        rotate(
          30,
          840,
          1700,
          line('M700 1700L980 1700', C.silver, 26) +
            line('M700 1700L980 1700', C.ink, 6, 'opacity="0.2"') +
            ellipse(640, 1700, 90, 44, 'none', `stroke="${C.steelDark}" stroke-width="10"`),
        ) +
        place(920, 200, 0.58, cat({ headOnly: true, eyes: 'open', mouth: 'smile', back: chefHat })),
      linearGradient('counter', ['#D9A36F', '#C48752']),
    ),
};

export const everydayScenesC: TemplateArt[] = [scrollOfTruth, whiteboard, calendarDay, recipeCard];
