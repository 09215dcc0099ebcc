import { blob, cat, robot } from './characters.js';
import { card, leaf, letter, line, pot, shadow } from './everyday-kit.js';
import {
  C,
  OUTLINE,
  circle,
  cloud,
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

/** Everyday scenes of several things side by side: rows, grids and groups. */

const oddOneOut: TemplateArt = {
  id: 'odd-one-out',
  name: 'The Odd One Out',
  description:
    'A group photo in a studio: seven identical Bolt robots smile in two neat rows, and in the middle of the front row stands Miso the cat wearing a cardboard antenna, sweating and glancing sideways, trying to blend in. Caption the group at the top and the one who does not belong at the bottom.',
  keywords: ['odd one out', 'different', 'fitting in', 'blend in', 'impostor', 'group photo', 'team', 'outsider'],
  boxes: [
    { id: 'group', caption: 'Everyone in the group chat', x: 60, y: 50, w: 960, h: 260 },
    { id: 'odd', caption: 'Me, back from a week offline', x: 60, y: 1580, w: 960, h: 300 },
  ],
  draw: () => {
    const bot = (x: number, y: number, s: number) => place(x, y, s, robot({ eyes: 'happy', mouth: 'smile' }));
    const antenna =
      line('M0-150L0-250', C.woodDark, 10) +
      circle(0, -270, 24, C.coral, OUTLINE) +
      card(-90, -170, 180, 34, '#C9A27A', 10);
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#studio)') +
        circle(540, 900, 620, 'url(#spot)') +
        path('M0 1420Q540 1360 1080 1420L1080 1920L0 1920Z', '#5E7FB3') +
        ellipse(540, 1470, 520, 60, C.ink, 'opacity="0.18"') +
        [195, 425, 655, 885].map((x) => bot(x, 770, 0.6)).join('') +
        [110, 325, 755, 970].map((x) => bot(x, 1120, 0.64)).join('') +
        place(540, 1110, 0.7, cat({ eyes: 'side', mouth: 'grin', sweat: true, back: antenna })) +
        sparkle(960, 380, 40) +
        sparkle(110, 460, 28) +
        sparkle(860, 560, 20),
      linearGradient('studio', ['#A8D3F0', '#6E9BD1']) + radialGradient('spot', ['#FFFFFF', '#FFFFFF'], [0.55, 0]),
    );
  },
};

const TIERS = [
  { letter: 'S', color: '#FF6B6B' },
  { letter: 'A', color: '#FFA24D' },
  { letter: 'B', color: '#FFD34D' },
  { letter: 'C', color: '#8BD17C' },
  { letter: 'D', color: '#7CB8F5' },
] as const;
const TIER_TOP = 270;
const TIER_ROW = 290;

const tierList: TemplateArt = {
  id: 'tier-list',
  name: 'Tier List',
  description:
    'A ranking board: a title bar on top, then five rows labelled S (red), A (orange), B (yellow), C (green) and D (blue), each with a long dark slot to fill; Miso the cat peeks over the bottom edge. Put what is ranked in the title and the things from best (S) to worst (D) in the rows.',
  keywords: ['tier list', 'tier', 'ranking', 'rank', 'rating', 'best', 'worst', 'opinion', 'list', 'grades', 'top'],
  boxes: [
    { id: 'title', caption: 'Ways to wake up', x: 60, y: 40, w: 960, h: 200 },
    ...['Sunlight', 'Coffee', 'An alarm', 'Snoozing five times', 'The smoke alarm'].map((caption, i) => ({
      id: `tier-${TIERS[i]?.letter.toLowerCase() ?? i}`,
      caption,
      x: 260,
      y: TIER_TOP + i * TIER_ROW + 20,
      w: 770,
      h: TIER_ROW - 40,
    })),
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#board)') +
        place(900, 1836, 0.6, cat({ headOnly: true, eyes: 'open', mouth: 'w' })) +
        TIERS.map((tier, i) => {
          const y = TIER_TOP + i * TIER_ROW;
          return (
            rect(30, y, 1020, TIER_ROW, '#34375A', OUTLINE) +
            rect(30, y, 200, TIER_ROW, tier.color, OUTLINE) +
            letter(tier.letter, 130, y + TIER_ROW / 2, 150)
          );
        }).join('') +
        sparkle(90, 130, 30) +
        sparkle(990, 150, 36, C.amber) +
        circle(774, 1724, 32, C.orange, OUTLINE) +
        circle(1026, 1724, 32, C.orange, OUTLINE),
      linearGradient('board', ['#4A3A8C', '#1E2240']),
    ),
};

/** The starter pack's four things, each drawn around the middle of its tile. */
function laptop(): string {
  return (
    card(-150, -150, 300, 196, '#3C4560', 20) +
    card(-130, -130, 260, 156, C.screen, 10) +
    line('M-104-96L16-96M-104-66L50-66M-104-36L-14-36', C.glow, 10, 'opacity="0.8"') +
    path('M-176 46L176 46L196 84L-196 84Z', C.silver, OUTLINE) +
    circle(96, -4, 20, C.coral) +
    star5(52, -4, 15, C.amber)
  );
}

function star5(cx: number, cy: number, r: number, fill: string): string {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(a)).toFixed(1)},${(cy + radius * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
}

function headphones(): string {
  return (
    line('M-130 40Q-140-170 0-170Q140-170 130 40', C.ink, 50) +
    line('M-130 40Q-140-170 0-170Q140-170 130 40', C.lilac, 30) +
    card(-180, -10, 90, 150, C.violet, 40) +
    card(90, -10, 90, 150, C.violet, 40) +
    card(-150, 10, 40, 110, '#8E77D8', 20) +
    card(110, 10, 40, 110, '#8E77D8', 20)
  );
}

function plant(): string {
  return (
    leaf(0, 0, 170, -90, C.grassDark) +
    leaf(-10, 10, 150, -130, C.grass) +
    leaf(10, 10, 150, -50, C.grass) +
    leaf(-20, 30, 120, -165, C.grassDark) +
    leaf(20, 30, 120, -15, C.grassDark) +
    pot(0, 40, 200)
  );
}

const TILES = [
  { x: 40, y: 290, fill: '#FFE3D3', item: bigMug, caption: 'Fourth coffee' },
  { x: 570, y: 290, fill: '#DFF1FF', item: laptop, caption: '37 open tabs' },
  { x: 40, y: 1060, fill: '#EDE6FF', item: headphones, caption: 'Silent headphones' },
  { x: 570, y: 1060, fill: '#E3F6DE', item: plant, caption: 'A plant named Kevin' },
] as const;

function bigMug(): string {
  return (
    line('M80-40Q160-40 160 30T80 100', C.ink, 44) +
    line('M80-40Q160-40 160 30T80 100', C.coral, 22) +
    card(-110, -110, 200, 240, C.coral, 30) +
    ellipse(-10, -92, 84, 14, '#7A4A2A', OUTLINE) +
    path('M-10 40C-60 0-40-40-10-20C20-40 40 0-10 40Z', 'white', 'opacity="0.9"') +
    line('M-50-140q-16-30 4-60M10-140q-16-30 4-60', C.ink, 9, 'opacity="0.35"')
  );
}

const TILE = { w: 470, h: 730 };

const starterPack: TemplateArt = {
  id: 'starter-pack',
  name: 'Starter Pack',
  description:
    'A "starter pack" grid: a title on top and four tiles, each showing one typical item — a big steaming mug, a laptop with stickers, a pair of headphones, a potted plant — with a label box under it. Name the kind of person or situation in the title and label the four things everybody of that kind has.',
  keywords: ['starter pack', 'starter', 'kit', 'essentials', 'stereotype', 'typical', 'things', 'collection', 'grid'],
  boxes: [
    { id: 'title', caption: 'Working from home starter pack', x: 60, y: 30, w: 960, h: 230 },
    ...TILES.map((tile, i) => ({
      id: `item-${i + 1}`,
      caption: tile.caption,
      x: tile.x + 20,
      y: tile.y + TILE.h - 250,
      w: TILE.w - 40,
      h: 230,
      ...DARK_CAPTION,
    })),
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, '#FFF4E0') +
        Array.from(
          { length: 14 },
          (_, i) => `<path d="M${i * 160 - 700} 1920L${i * 160 + 300} 0" stroke="#FFE3BF" stroke-width="44"/>`,
        ).join('') +
        TILES.map(
          (tile) =>
            shadow(tile.x, tile.y, TILE.w, TILE.h, 30) +
            card(tile.x, tile.y, TILE.w, TILE.h, tile.fill, 30) +
            rect(tile.x + 20, tile.y + TILE.h - 250, TILE.w - 40, 230, 'white', 'rx="20" opacity="0.65"') +
            place(tile.x + TILE.w / 2, tile.y + 250, 1.1, tile.item()),
        ).join(''),
    ),
};

function balloon(): string {
  return (
    line('M0 150Q-40 260 10 360T-30 560', C.ink, 6) +
    path(
      'M0-170C110-170 150-70 140 10C130 100 60 150 0 150C-60 150-130 100-140 10C-150-70-110-170 0-170Z',
      C.red,
      OUTLINE,
    ) +
    path('M-16 150L16 150L0 176Z', C.red, OUTLINE) +
    ellipse(-60, -80, 26, 46, 'white', 'opacity="0.45" transform="rotate(20 -60 -80)"')
  );
}

const runawayBalloon: TemplateArt = {
  id: 'runaway-balloon',
  name: 'The Runaway Balloon',
  description:
    'In a park under a blue sky, a shiny red balloon floats away to the upper right. Bo the blob strains after it, one arm stretched towards the string, while Miso the cat plants its feet and pulls Bo back by the other arm. Label the balloon with what is wanted, Bo with who wants it, and the cat with what holds them back.',
  keywords: ['balloon', 'running away', 'held back', 'chasing', 'goal', 'dream', 'distraction', 'responsibilities'],
  boxes: [
    { id: 'goal', caption: 'A nap', x: 40, y: 60, w: 620, h: 240 },
    { id: 'me', caption: 'Me', x: 520, y: 1580, w: 520, h: 200 },
    { id: 'holding-back', caption: 'The 2 PM meeting', x: 20, y: 1700, w: 480, h: 200 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#sky)') +
        cloud(240, 560, 0.9, 'white') +
        cloud(700, 760, 0.6, 'white') +
        path('M0 1250Q300 1160 620 1230T1080 1200L1080 1920L0 1920Z', C.grass) +
        path('M0 1500Q540 1420 1080 1520L1080 1920L0 1920Z', C.grassDark, 'opacity="0.5"') +
        place(880, 420, 0.95, balloon()) +
        ellipse(560, 1560, 170, 24, C.ink, 'opacity="0.2"') +
        ellipse(210, 1680, 150, 22, C.ink, 'opacity="0.2"') +
        rotate(
          14,
          620,
          1250,
          place(
            620,
            1230,
            0.82,
            blob({
              eyes: 'wide',
              mouth: 'open',
              arms:
                tube('M150 40L300-240', C.teal, 26) +
                circle(306, -256, 24, C.teal, OUTLINE) +
                tube('M-150 120L-240 190', C.teal, 26) +
                circle(-246, 194, 24, C.teal, OUTLINE),
            }),
          ),
        ) +
        rotate(
          -12,
          230,
          1400,
          place(
            230,
            1380,
            0.74,
            cat({
              eyes: 'closed',
              mouth: 'frown',
              sweat: true,
              front: tube('M110 190L240 10', C.orange, 34) + circle(250, 0, 36, C.orange, OUTLINE),
            }),
          ),
        ) +
        line('M400 1300l-40-10M420 1340l-44 6', C.ink, 8, 'opacity="0.6"'),
      linearGradient('sky', ['#7CC6F2', '#E4F6FF']),
    ),
};

export const everydayScenesB: TemplateArt[] = [oddOneOut, tierList, starterPack, runawayBalloon];
