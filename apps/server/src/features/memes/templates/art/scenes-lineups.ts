import { blob, cat, robot } from './characters.js';
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
  rays,
  rect,
  sparkle,
  star,
  svgDocument,
  tube,
} from './svg-kit.js';
import { DARK_CAPTION, type TemplateArt } from './template-art.js';

/** Templates with several labelled things side by side or one above another. */

function roundTree(x: number, y: number, r: number): string {
  return (
    rect(x - 14, y, 28, r * 1.3, C.woodDark, OUTLINE) +
    circle(x, y - r * 0.2, r, C.grassDark, OUTLINE) +
    circle(x - r * 0.3, y - r * 0.45, r * 0.35, C.grass)
  );
}

const distracted: TemplateArt = {
  id: 'distracted-robot',
  name: 'Distracted Robot',
  description:
    'Three characters on a park path. In the middle Bolt the robot holds hands with Bo the teal blob (right, glaring at him) while staring, mouth open, at a sparkly new pink blob strolling by on the left. Label the shiny new temptation (left), the one distracted (middle) and what they should be committed to (right).',
  keywords: ['distracted', 'temptation', 'new thing', 'jealous', 'looking back', 'disloyal', 'attention', 'shiny'],
  boxes: [
    { id: 'new-thing', caption: 'A brand new side project', x: 30, y: 600, w: 330, h: 260 },
    { id: 'distracted', caption: 'Me', x: 375, y: 600, w: 330, h: 260 },
    { id: 'current', caption: 'The project I should finish', x: 720, y: 600, w: 330, h: 260 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#sky)') +
        cloud(220, 240, 1, 'white') +
        cloud(820, 380, 0.8, 'white') +
        path('M0 1180Q270 1080 560 1150T1080 1130L1080 1920L0 1920Z', C.grass) +
        roundTree(120, 1120, 90) +
        roundTree(960, 1100, 110) +
        path('M0 1580Q540 1480 1080 1580L1080 1920L0 1920Z', '#EEDFC8', OUTLINE) +
        path(
          'M120 1720Q540 1640 960 1720',
          'none',
          `stroke="#D9C3A3" stroke-width="10" stroke-dasharray="40 36" stroke-linecap="round"`,
        ) +
        circle(190, 1230, 230, 'url(#shine)') +
        place(
          190,
          1240,
          0.78,
          blob({
            color: '#FF8FB1',
            eyes: 'happy',
            mouth: 'smile',
            arms: tube('M-150 110L-205 210', '#FF8FB1', 26) + tube('M150 100L210 30', '#FF8FB1', 26),
          }),
        ) +
        sparkle(60, 1020, 34) +
        sparkle(330, 960, 26) +
        sparkle(340, 1400, 20) +
        place(
          560,
          1150,
          0.82,
          robot({
            eyes: 'side',
            mouth: 'open',
            // Mirrored below, so the arm drawn on the left holds the partner's hand on the right.
            arms:
              tube('M120 175L168 300', C.steelDark, 28) +
              circle(170, 306, 26, C.steel, OUTLINE) +
              tube('M-120 175L-250 270', C.steelDark, 28) +
              circle(-258, 276, 26, C.steel, OUTLINE),
          }),
          true,
        ) +
        place(
          900,
          1240,
          0.78,
          blob({
            eyes: 'side',
            mouth: 'frown',
            arms: tube('M150 110L240 170', C.teal, 26) + tube('M-150 110L-210 160L-150 210', C.teal, 26),
          }),
          true,
        ),
      linearGradient('sky', ['#8FD0F2', '#E4F6FF']) + radialGradient('shine', ['#FFF5B8', '#FFF5B8'], [0.95, 0]),
    ),
};

function trophy(): string {
  return (
    path('M-70-60L70-60Q70 40 0 60Q-70 40-70-60Z', C.gold, OUTLINE) +
    path('M-70-40Q-120-40-110 0Q-100 30-60 30', 'none', OUTLINE) +
    path('M70-40Q120-40 110 0Q100 30 60 30', 'none', OUTLINE) +
    `<rect x="-16" y="58" width="32" height="40" fill="${C.gold}" ${OUTLINE}/>` +
    `<rect x="-52" y="96" width="104" height="30" rx="8" fill="${C.woodDark}" ${OUTLINE}/>` +
    star(0, -8, 28, 'white', 'opacity="0.8"')
  );
}

function podiumBlock(x: number, top: number, w: number, medal: string, stars: number): string {
  const cx = x + w / 2;
  const medalY = top + 130;
  const starsRow = Array.from({ length: stars }, (_, i) =>
    star(cx + (i - (stars - 1) / 2) * 44, medalY, 18, 'white'),
  ).join('');
  return (
    `<rect x="${x}" y="${top}" width="${w}" height="${1960 - top}" fill="#F1F3F8" ${OUTLINE}/>` +
    `<rect x="${x}" y="${top}" width="${w}" height="34" fill="${C.grey}" ${OUTLINE}/>` +
    circle(cx, medalY, 70, medal, OUTLINE) +
    starsRow
  );
}

const confetti = [
  [90, 420, C.coral, 20],
  [300, 300, C.amber, -30],
  [760, 260, C.glow, 40],
  [980, 480, C.pink, -10],
  [200, 760, C.glow, 60],
  [900, 720, C.amber, 15],
  [520, 180, C.pink, 70],
  [640, 620, C.coral, -45],
  [60, 1000, C.amber, 30],
  [1020, 980, C.coral, -60],
] as const;

const podium: TemplateArt = {
  id: 'podium',
  name: 'The Podium',
  description:
    'An award ceremony on a spotlit stage with confetti: Miso the cat raises a trophy on the tall first-place block (centre, gold medal), Bolt the robot smiles on second (left, silver), and Bo the blob looks unimpressed on third (right, bronze). Title the contest at the top and name the winner, runner-up and third above each.',
  keywords: ['podium', 'winner', 'ranking', 'first place', 'award', 'trophy', 'competition', 'top three', 'medal'],
  boxes: [
    { id: 'title', caption: 'Best excuses for being late', x: 60, y: 50, w: 960, h: 200 },
    { id: 'first', caption: 'Traffic', x: 380, y: 290, w: 320, h: 200 },
    { id: 'second', caption: 'Alarm', x: 40, y: 660, w: 320, h: 200 },
    { id: 'third', caption: 'The truth', x: 720, y: 800, w: 320, h: 200 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#stage)') +
        path('M420 0L660 0L900 1500L180 1500Z', 'url(#beam)') +
        path('M0 200L120 120L480 1560L0 1560Z', 'url(#beam)', 'opacity="0.6"') +
        path('M1080 200L960 120L600 1560L1080 1560Z', 'url(#beam)', 'opacity="0.6"') +
        confetti
          .map(
            ([x, y, color, angle]) =>
              `<rect x="${x}" y="${y}" width="34" height="16" rx="4" fill="${color}" transform="rotate(${angle} ${x} ${y})"/>`,
          )
          .join('') +
        podiumBlock(60, 1380, 320, C.silver, 2) +
        podiumBlock(700, 1480, 320, C.bronze, 3) +
        podiumBlock(380, 1220, 320, C.gold, 1) +
        place(220, 1380 - 444 * 0.78, 0.78, robot({ eyes: 'happy', mouth: 'smile' })) +
        place(860, 1480 - 380 * 0.72, 0.72, blob({ eyes: 'lidded', mouth: 'flat' })) +
        place(
          540,
          1220 - 390 * 0.8,
          0.8,
          cat({
            eyes: 'happy',
            mouth: 'grin',
            back:
              tube('M-110 160L-150-120', C.orange, 34) +
              tube('M110 160L150-120', C.orange, 34) +
              place(0, -280, 1.1, trophy()),
            front: circle(-150, -130, 38, C.orange, OUTLINE) + circle(150, -130, 38, C.orange, OUTLINE),
          }),
        ),
      linearGradient('stage', ['#4A3A8C', '#1E2240']) +
        linearGradient('beam', ['#FFFFFF', '#FFFFFF'])
          .replace('stop-color="#FFFFFF"/>', 'stop-color="#FFFFFF" stop-opacity="0.28"/>')
          .replace(/(offset="1" stop-color="#FFFFFF")/, '$1 stop-opacity="0.02"'),
    ),
};

function brain(fill: string): string {
  return (
    path(
      'M-70 20Q-100 20-100-10Q-110-50-70-60Q-60-100-20-90Q0-115 30-95Q70-105 80-65Q115-55 105-15Q110 20 70 25Z',
      fill,
      OUTLINE,
    ) +
    `<path d="M-60-20Q-40-40-20-20T20-30M0 0Q30-10 50-40M-40 5Q-20 -5 0 5" fill="none" stroke="${C.ink}" stroke-width="6" stroke-linecap="round" opacity="0.55"/>`
  );
}

interface BrainStage {
  background: string;
  brainFill: string;
  brainScale: number;
  glow: string;
  eyes: 'lidded' | 'open' | 'happy' | 'closed';
  mouth: 'flat' | 'smile' | 'grin';
}

const BRAIN_STAGES: BrainStage[] = [
  { background: '#ECEEF3', brainFill: '#B9BDC7', brainScale: 0.7, glow: '', eyes: 'lidded', mouth: 'flat' },
  { background: '#FFE3EC', brainFill: C.pink, brainScale: 1, glow: '', eyes: 'open', mouth: 'smile' },
  {
    background: '#6C4AB6',
    brainFill: '#FFB8D2',
    brainScale: 1.25,
    glow: rays(0, 0, 16, 260, '#FFE9A6', 0.45),
    eyes: 'happy',
    mouth: 'grin',
  },
  {
    background: '#14163A',
    brainFill: '#FFF6D6',
    brainScale: 1.45,
    glow: rays(0, 0, 20, 420, '#FFE9A6', 0.6),
    eyes: 'closed',
    mouth: 'smile',
  },
];

function brainRow(stage: BrainStage, index: number): string {
  const top = index * 480;
  const galaxy =
    index === 3
      ? [
          [100, 60],
          [640, 40],
          [980, 120],
          [560, 300],
          [1040, 380],
          [700, 440],
          [60, 420],
        ]
          .map(([x, y], i) => sparkle(x ?? 0, top + (y ?? 0), 10 + (i % 3) * 8, '#FFE9A6'))
          .join('') + ellipse(820, top + 170, 230, 60, 'url(#nebula)')
      : '';
  return (
    rect(0, top, 1080, 480, stage.background) +
    galaxy +
    `<g clip-path="url(#row${index})">` +
    place(820, top + 120, 1, stage.glow) +
    place(820, top + 320, 0.75, blob({ headOnly: true, eyes: stage.eyes, mouth: stage.mouth })) +
    place(820, top + 130, stage.brainScale, brain(stage.brainFill)) +
    '</g>' +
    (index === 3 ? sparkle(820, top + 80, 30) + sparkle(700, top + 140, 18) + sparkle(950, top + 120, 22) : '') +
    (index > 0 ? rect(0, top - 6, 1080, 12, C.ink) : '')
  );
}

const expandingBrain: TemplateArt = {
  id: 'expanding-brain',
  name: 'Expanding Brain',
  description:
    'Four rows, each with Bo the blob and a brain above its head that grows and glows more each step: a small grey brain, a pink one, a radiant one on violet, and a cosmic shining brain among stars. Write four ideas on the left from plain to (ironically) most enlightened.',
  keywords: ['expanding brain', 'galaxy brain', 'brain', 'smart', 'enlightened', 'levels', 'genius', 'escalating'],
  boxes: BRAIN_STAGES.map((_, i) => ({
    id: `step-${i + 1}`,
    caption: ['Saving files', 'Saving often', 'Version control', 'Never closing the laptop'][i] ?? '',
    x: 40,
    y: i * 480 + 50,
    w: 560,
    h: 380,
    ...(i < 2 ? DARK_CAPTION : {}),
  })),
  draw: () =>
    svgDocument(
      BRAIN_STAGES.map(brainRow).join(''),
      BRAIN_STAGES.map(
        (_, i) => `<clipPath id="row${i}"><rect x="0" y="${i * 480}" width="1080" height="480"/></clipPath>`,
      ).join('') + radialGradient('nebula', ['#B98CFF', '#B98CFF'], [0.45, 0]),
    ),
};

function highwaySign(x: number, arrow: string): string {
  return (
    `<rect x="${x}" y="250" width="450" height="360" rx="26" fill="#1F7A4D" ${OUTLINE}/>` +
    `<rect x="${x + 16}" y="266" width="418" height="328" rx="16" fill="none" stroke="white" stroke-width="6"/>` +
    arrow
  );
}

const roadFork: TemplateArt = {
  id: 'road-fork',
  name: 'Fork in the Road',
  description:
    'A road splits in two under a pair of green highway signs with arrows (left sign pointing up-left, right sign up-right). At the bottom a coral car with Miso the cat at the wheel swerves hard to the right exit at the last moment. Put the sensible choice on the left sign, the tempting one on the right sign, and who is driving under the car.',
  keywords: ['exit', 'fork', 'road', 'choice', 'swerve', 'decision', 'highway', 'left exit', 'temptation', 'impulsive'],
  boxes: [
    { id: 'straight', caption: 'Go to bed', x: 100, y: 290, w: 390, h: 200 },
    { id: 'exit', caption: 'Watch one more video', x: 590, y: 290, w: 390, h: 200 },
    { id: 'driver', caption: 'Me at 2 AM', x: 160, y: 1740, w: 760, h: 160 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 960, 'url(#sky)') +
        cloud(200, 140, 0.7, 'white') +
        cloud(900, 160, 0.6, 'white') +
        path('M0 900Q300 820 560 880T1080 860L1080 1920L0 1920Z', C.grassDark) +
        rect(0, 960, 1080, 960, C.grass) +
        path('M120 1920L960 1920L640 1190L440 1190Z', '#6B7280', OUTLINE) +
        path('M440 1194L560 1194L300 900L250 900Z', '#6B7280', OUTLINE) +
        path('M520 1194L640 1194L830 900L780 900Z', '#6B7280', OUTLINE) +
        rect(444, 1184, 192, 20, '#6B7280') +
        `<path d="M540 1900L540 1220" stroke="${C.amber}" stroke-width="14" stroke-dasharray="70 60"/>` +
        rect(526, 600, 28, 600, '#9AA3B2', OUTLINE) +
        highwaySign(
          60,
          `<path d="M275 580L275 530L220 530M218 500L180 530L218 560" fill="none" stroke="white" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>`,
        ) +
        highwaySign(
          570,
          `<path d="M785 580L785 530L840 530M842 500L880 530L842 560" fill="none" stroke="white" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>`,
        ) +
        place(600, 1540, 1, `<g transform="rotate(14)">${car()}</g>`) +
        `<path d="M300 1500L360 1500M280 1560L350 1560M300 1620L360 1620" stroke="white" stroke-width="12" stroke-linecap="round"/>`,
      linearGradient('sky', ['#8FD0F2', '#E4F6FF']),
    ),
};

/** The car seen from behind, with the cat's ears and head over the seat. */
function car(): string {
  return (
    ellipse(0, 170, 230, 24, C.ink, 'opacity="0.25"') +
    `<rect x="-200" y="110" width="70" height="70" rx="18" fill="${C.ink}"/>` +
    `<rect x="130" y="110" width="70" height="70" rx="18" fill="${C.ink}"/>` +
    path('M-150-40Q-130-150 0-150Q130-150 150-40Z', C.coral, OUTLINE) +
    path('M-112-52Q-100-124 0-124Q100-124 112-52Z', '#CDEBFA', OUTLINE) +
    place(0, -40, 0.36, cat({ headOnly: true, eyes: 'wide', mouth: 'open' })) +
    `<rect x="-220" y="-50" width="440" height="170" rx="40" fill="${C.coral}" ${OUTLINE}/>` +
    `<rect x="-190" y="-20" width="70" height="40" rx="12" fill="${C.red}" ${OUTLINE}/>` +
    `<rect x="120" y="-20" width="70" height="40" rx="12" fill="${C.red}" ${OUTLINE}/>` +
    `<rect x="-70" y="40" width="140" height="44" rx="8" fill="white" ${OUTLINE}/>`
  );
}

export const lineupScenes: TemplateArt[] = [distracted, podium, expandingBrain, roadFork];
