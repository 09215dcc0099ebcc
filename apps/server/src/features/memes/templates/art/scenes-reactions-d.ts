import { blob, cat, robot } from './characters.js';
import { BOTTOM_BOX, EYES, TOP_BOX, brow, drop, glyphs, puff, shadow, speedLines, starryEye } from './reaction-kit.js';
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

/** Reactions, part four: keeping it together, waiting, dozing and rushing. */

function toaster(x: number, y: number): string {
  return (
    `<rect x="${x + 40}" y="${y - 70}" width="60" height="90" rx="10" fill="#3B2A22" ${OUTLINE}/>` +
    `<rect x="${x + 110}" y="${y - 60}" width="60" height="80" rx="10" fill="#3B2A22" ${OUTLINE}/>` +
    `<rect x="${x}" y="${y}" width="210" height="150" rx="40" fill="${C.silver}" ${OUTLINE}/>` +
    `<path d="M${x + 20} ${y + 40}L${x + 190} ${y + 40}" stroke="${C.steelDark}" stroke-width="8" stroke-linecap="round"/>` +
    `<rect x="${x + 196}" y="${y + 60}" width="30" height="16" rx="6" fill="${C.ink}"/>`
  );
}

const awkwardThumbsUp: TemplateArt = {
  id: 'awkward-thumbs-up',
  name: 'Awkward Thumbs Up',
  description:
    'In a kitchen where the toaster is belching black smoke and milk is spilling off the counter, Miso the cat faces us with wide eyes, worried brows, a forced toothy smile and a bead of sweat, giving a big thumbs up as if everything is under control. For pretending it is fine: the mess at the top, the reassurance at the bottom.',
  keywords: [
    'thumbs up',
    'awkward',
    'forced smile',
    'its fine',
    'nervous',
    'pretending',
    'cringe',
    'everything is fine',
    'okay',
    'cat',
    'yikes',
  ],
  boxes: [
    { id: 'mess', caption: 'Mom: how is the cooking going?', ...TOP_BOX, ...DARK_CAPTION },
    { id: 'answer', caption: 'Great! Totally under control!', ...BOTTOM_BOX, y: 1620, h: 260 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, '#EAF6FB') +
        Array.from(
          { length: 12 },
          (_, i) => `<path d="M${i * 100 + 40} 420L${i * 100 + 40} 1200" stroke="#CFE6F0" stroke-width="6"/>`,
        ).join('') +
        Array.from(
          { length: 8 },
          (_, i) => `<path d="M0 ${i * 100 + 420}L1080 ${i * 100 + 420}" stroke="#CFE6F0" stroke-width="6"/>`,
        ).join('') +
        rect(0, 1250, 1080, 670, C.wood) +
        `<rect x="-10" y="1200" width="1100" height="60" fill="#F4EBDD" ${OUTLINE}/>` +
        `<path d="M360 1290L360 1920M720 1290L720 1920" stroke="${C.woodDark}" stroke-width="10"/>` +
        toaster(790, 1050) +
        puff(900, 880, 60, '#4A4550', 0.9) +
        puff(960, 720, 80, '#5A5560', 0.8) +
        puff(880, 560, 70, '#6A6570', 0.6) +
        rotate(
          -70,
          150,
          1150,
          `<rect x="100" y="1080" width="110" height="170" rx="10" fill="white" ${OUTLINE}/>` +
            path('M100 1080L155 1030L210 1080Z', C.sky, OUTLINE),
        ) +
        path('M40 1230Q120 1190 230 1220Q260 1260 180 1262L40 1262Z', 'white', OUTLINE) +
        `<path d="M70 1262Q60 1320 76 1360M150 1262Q150 1300 160 1330" fill="none" stroke="white" stroke-width="22" stroke-linecap="round"/>` +
        shadow(540, 1560, 230, 0.25) +
        place(
          520,
          1160,
          1.05,
          cat({
            eyes: 'wide',
            mouth: 'flat',
            sweat: true,
            front:
              brow(-104, -56, -34, -76, C.ink, 10) +
              brow(34, -76, 104, -56, C.ink, 10) +
              `<rect x="-62" y="44" width="124" height="40" rx="18" fill="white" ${OUTLINE}/>` +
              `<path d="M-58 64L58 64M-30 46L-30 82M0 46L0 82M30 46L30 82" stroke="${C.ink}" stroke-width="5"/>` +
              tube('M110 200L230 150', C.orange, 34) +
              `<rect x="222" y="30" width="44" height="96" rx="22" fill="${C.orange}" ${OUTLINE}/>` +
              `<rect x="204" y="96" width="96" height="96" rx="34" fill="${C.orange}" ${OUTLINE}/>` +
              `<path d="M212 128L290 128M212 158L290 158" stroke="${C.ink}" stroke-width="6" stroke-linecap="round"/>`,
          }),
        ),
    ),
};

function cobweb(cx: number, cy: number, r: number): string {
  const spokes = [0, 30, 60, 90].map((deg) => {
    const a = (deg * Math.PI) / 180;
    return `M${cx} ${cy}L${(cx + r * Math.cos(a)).toFixed(0)} ${(cy + r * Math.sin(a)).toFixed(0)}`;
  });
  const arcs = [0.35, 0.65, 0.95].map(
    (k) => `M${cx + r * k} ${cy}Q${cx + r * k * 0.55} ${cy + r * k * 0.55} ${cx} ${cy + r * k}`,
  );
  return `<path d="${spokes.join('')}${arcs.join('')}" fill="none" stroke="white" stroke-width="4" opacity="0.85"/>`;
}

const stillWaiting: TemplateArt = {
  id: 'still-waiting',
  name: 'Still Waiting',
  description:
    'Bolt the robot sits on a park bench, tired eyes and flat mouth, having waited so long that cobwebs hang from him, a bird has built a nest with a chick on his head, ivy climbs his legs, a snail crosses the bench and autumn leaves pile up around him. For something that takes forever: what you are waiting for at the top, who is waiting at the bottom.',
  keywords: [
    'waiting',
    'still waiting',
    'forever',
    'patience',
    'slow',
    'loading',
    'bored',
    'delay',
    'reply',
    'robot',
    'any day now',
  ],
  boxes: [
    { id: 'for', caption: 'Me waiting for the "5 minute" update to finish', ...TOP_BOX },
    { id: 'who', caption: '', ...BOTTOM_BOX, y: 1640, h: 240 },
  ],
  draw: () => {
    const leaves = [
      [120, 620, 20],
      [820, 540, -30],
      [960, 900, 60],
      [200, 1000, -50],
      [660, 780, 10],
      [90, 1560, 80],
      [300, 1600, -20],
      [820, 1590, 40],
      [980, 1540, -60],
    ]
      .map(([x, y, a], i) =>
        rotate(
          a ?? 0,
          x ?? 0,
          y ?? 0,
          ellipse(x ?? 0, y ?? 0, 26, 14, i % 2 ? C.orange : C.coral, `stroke="${C.ink}" stroke-width="5"`),
        ),
      )
      .join('');
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#autumn)') +
        cloud(220, 480, 0.7, 'white') +
        rect(60, 700, 40, 800, C.woodDark, OUTLINE) +
        circle(80, 640, 180, C.orange, OUTLINE) +
        circle(30, 580, 70, C.amber) +
        path('M0 1360Q540 1300 1080 1360L1080 1920L0 1920Z', '#C9B06B') +
        `<path d="M230 1230L230 1390M850 1230L850 1390" stroke="${C.ink}" stroke-width="20" stroke-linecap="round"/>` +
        `<rect x="170" y="1200" width="740" height="46" rx="12" fill="${C.wood}" ${OUTLINE}/>` +
        `<rect x="170" y="1270" width="740" height="46" rx="12" fill="${C.wood}" ${OUTLINE}/>` +
        `<path d="M230 1380L230 1540M850 1380L850 1540" stroke="${C.ink}" stroke-width="22" stroke-linecap="round"/>` +
        place(
          540,
          1080,
          1,
          robot({
            eyes: 'tired',
            mouth: 'flat',
            light: C.grey,
            front:
              `<rect x="-380" y="300" width="760" height="52" rx="14" fill="${C.wood}" ${OUTLINE}/>` +
              `<path d="M-60 352q-20 20 0 40t0 40M60 352q20 20 0 40t0 40" fill="none" stroke="${C.grassDark}" stroke-width="8" stroke-linecap="round"/>` +
              ellipse(-80, 392, 16, 10, C.grass, OUTLINE) +
              ellipse(80, 420, 16, 10, C.grass, OUTLINE) +
              ellipse(0, -118, 110, 40, '#9E6438', OUTLINE) +
              `<path d="M-96-126l40 14M-40-150l30 30M20-150l-20 30M60-140l30 24M-80-100l150 4" stroke="#6E4424" stroke-width="6" stroke-linecap="round"/>` +
              circle(10, -160, 34, C.amber, OUTLINE) +
              circle(22, -168, 6, C.ink) +
              path('M40-160l24 6l-24 8Z', C.orangeDark, `stroke="${C.ink}" stroke-width="4" stroke-linejoin="round"`) +
              cobweb(122, 128, 120) +
              `<g transform="scale(-1 1)">${cobweb(122, 128, 120)}</g>` +
              cobweb(140, -110, 70),
          }),
        ) +
        `<path d="M780 1370q0-36 34-36t34 36Z" fill="${C.amber}" ${OUTLINE}/>` +
        `<path d="M800 1370q0-18 14-18t14 18" fill="none" stroke="${C.ink}" stroke-width="5"/>` +
        ellipse(840, 1376, 50, 12, C.lilac, OUTLINE) +
        leaves +
        shadow(540, 1550, 380, 0.2),
      linearGradient('autumn', ['#FFE4B8', '#FFC98B']),
    );
  },
};

function cupStack(x: number, y: number): string {
  return [0, 1, 2, 3]
    .map((i) => {
      const top = y - (i + 1) * 70;
      const color = [C.coral, C.teal, C.amber, C.lilac][i] ?? C.coral;
      return path(
        `M${x - 50 + i * 4} ${top}L${x + 50 - i * 4} ${top}L${x + 40} ${top + 70}L${x - 40} ${top + 70}Z`,
        color,
        OUTLINE,
      );
    })
    .join('');
}

const sleepyDesk: TemplateArt = {
  id: 'sleepy-at-desk',
  name: 'Asleep at the Desk',
  description:
    'Late at night, Bo the blob has nodded off at its desk, head tipped to one side, eyes shut and mouth open, with "Z Z Z" floating up, beside a stack of empty coffee cups, a glowing laptop and a desk lamp, the moon in the window behind. For exhaustion: what you were supposed to be doing at the top, the result at the bottom.',
  keywords: [
    'sleepy',
    'tired',
    'asleep',
    'exhausted',
    'zzz',
    'all nighter',
    'working late',
    'burnout',
    'nap',
    'coffee',
    'blob',
    'deadline',
  ],
  boxes: [
    { id: 'task', caption: 'Me at 3 AM: "just one more bug"', ...TOP_BOX },
    { id: 'result', caption: '', ...BOTTOM_BOX, y: 1620, h: 260 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#late)') +
        `<rect x="90" y="420" width="360" height="400" rx="20" fill="#2E3672" ${OUTLINE}/>` +
        path('M330 520a56 56 0 1 0 46 84a44 44 0 1 1-46-84Z', '#FFE9A6') +
        sparkle(170, 500, 14, '#FFE9A6') +
        sparkle(210, 700, 10, '#FFE9A6') +
        `<path d="M270 420L270 820M90 620L450 620" stroke="${C.ink}" stroke-width="10"/>` +
        circle(560, 1130, 420, 'url(#screenGlow)') +
        rotate(22, 470, 1330, place(470, 1090, 1, blob({ eyes: 'closed', mouth: 'open', arms: '' }))) +
        drop(560, 1160, 0.7) +
        glyphs('z', 620, 860, 60, 'white', 11) +
        glyphs('Z', 690, 720, 80, 'white', 12) +
        glyphs('Z', 790, 560, 110, 'white', 14) +
        rect(0, 1330, 1080, 590, 'url(#desk)') +
        `<rect x="-10" y="1310" width="1100" height="50" rx="10" fill="${C.wood}" ${OUTLINE}/>` +
        `<path d="M660 1310L700 1130L940 1130L960 1310Z" fill="#9AA3B2" ${OUTLINE}/>` +
        circle(820, 1220, 22, '#C7CEDA') +
        cupStack(200, 1310) +
        path('M880 1120L1040 1120L960 1310Z', '#FFE9A6', 'opacity="0.35"') +
        `<path d="M1020 1310L1020 1060L960 1000" fill="none" stroke="${C.ink}" stroke-width="14" stroke-linecap="round"/>` +
        ellipse(1020, 1306, 50, 14, C.ink) +
        path('M880 1120Q880 1000 960 990Q1040 1000 1040 1120Z', C.coral, OUTLINE) +
        ellipse(960, 1122, 50, 12, '#FFF3B0', OUTLINE),
      linearGradient('late', ['#2A2F5C', '#3E3A78']) +
        linearGradient('desk', ['#9E6438', '#6E4424']) +
        radialGradient('screenGlow', ['#7CF7E4', '#7CF7E4'], [0.35, 0]),
    ),
};

function pizza(cx: number, cy: number): string {
  return place(
    cx,
    cy,
    1,
    path('M-120-110L120-110L0 170Z', C.amber, OUTLINE) +
      `<rect x="-136" y="-150" width="272" height="56" rx="28" fill="${C.orangeDark}" ${OUTLINE}/>` +
      circle(-40, -50, 24, C.red, OUTLINE) +
      circle(40, -30, 22, C.red, OUTLINE) +
      circle(0, 50, 20, C.red, OUTLINE) +
      path('M-20 20q6 30 0 60q-8 14-10-4Z', C.amber, OUTLINE),
  );
}

const excitedRunning: TemplateArt = {
  id: 'excited-running',
  name: 'On My Way!',
  description:
    'Miso the cat sprints at full speed across a sunny meadow with sparkling, starry eyes and a huge grin, leaning forward, arms pumping, a cloud of dust and speed lines behind, toward a giant glowing slice of pizza on the right. For rushing to something you love: who is running and why at the top, the thing itself next to the pizza, optional text at the bottom.',
  keywords: [
    'excited',
    'running',
    'on my way',
    'hurry',
    'eager',
    'rushing',
    'cant wait',
    'zoom',
    'free food',
    'cat',
    'lets go',
  ],
  boxes: [
    { id: 'who', caption: "Me when someone says there's free pizza in the kitchen", ...TOP_BOX, ...DARK_CAPTION },
    { id: 'thing', caption: '', x: 640, y: 440, w: 400, h: 220, ...DARK_CAPTION },
    { id: 'bottom', caption: '', ...BOTTOM_BOX, y: 1640, h: 240 },
  ],
  draw: () => {
    const [ex, ey] = EYES.cat;
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#day)') +
        cloud(200, 520, 0.7, 'white') +
        path('M0 1200Q300 1120 620 1180T1080 1150L1080 1920L0 1920Z', C.grass) +
        path('M0 1500Q540 1420 1080 1500L1080 1920L0 1920Z', C.grassDark) +
        circle(860, 900, 210, 'url(#shine)') +
        pizza(860, 880) +
        sparkle(700, 760, 26) +
        sparkle(1010, 1040, 30) +
        speedLines(
          [
            [20, 980, 180],
            [60, 1100, 140],
            [0, 1230, 200],
            [80, 1340, 120],
          ],
          'white',
          16,
        ) +
        puff(170, 1470, 70, '#EEDFC8') +
        puff(60, 1420, 50, '#EEDFC8', 0.8) +
        puff(280, 1500, 50, '#EEDFC8') +
        rotate(
          12,
          430,
          1200,
          place(
            430,
            1100,
            1,
            cat({
              eyes: 'open',
              mouth: 'grin',
              front:
                starryEye(ex, ey, 34) +
                starryEye(-ex, ey, 34) +
                tube('M110 200L220 140', C.orange, 34) +
                circle(232, 134, 32, C.orange, OUTLINE) +
                tube('M-110 210L-220 270', C.orange, 34) +
                circle(-232, 276, 32, C.orange, OUTLINE),
            }),
          ),
        ) +
        `<path d="M330 1480q60 40 120 0M420 1520q60 30 110-10" fill="none" stroke="${C.ink}" stroke-width="10" stroke-linecap="round" opacity="0.6"/>`,
      linearGradient('day', ['#8FD0F2', '#E4F6FF']) + radialGradient('shine', ['#FFF5B8', '#FFF5B8'], [0.95, 0]),
    );
  },
};

export const reactionScenesD: TemplateArt[] = [awkwardThumbsUp, stillWaiting, sleepyDesk, excitedRunning];
