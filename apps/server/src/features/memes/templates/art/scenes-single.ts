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
  svgDocument,
  tube,
} from './svg-kit.js';
import { DARK_CAPTION, type TemplateArt } from './template-art.js';

/** Single-picture templates: one scene, with room for a caption above and below. */

const TOP_BOX = { x: 60, y: 60, w: 960, h: 320 };
const BOTTOM_BOX = { x: 60, y: 1580, w: 960, h: 300 };

function mug(x: number, y: number, color: string = C.paper): string {
  return (
    `<path d="M${x + 70} ${y + 20}q40 0 40 34t-40 34" fill="none" stroke="${C.ink}" stroke-width="12"/>` +
    `<rect x="${x}" y="${y}" width="80" height="100" rx="14" fill="${color}" ${OUTLINE}/>` +
    `<path d="M${x + 24} ${y - 20}q-10-20 4-40M${x + 50} ${y - 20}q-10-20 4-40" fill="none" stroke="${C.ink}" stroke-width="6" stroke-linecap="round" opacity="0.35"/>`
  );
}

const changeMyMind: TemplateArt = {
  id: 'change-my-mind',
  name: 'Change My Mind',
  description:
    'Miso the cat sits smugly behind a folding table outdoors with a coffee mug; a big white poster is taped to the front of the table. Write a bold (often contrarian) opinion on the poster, inviting people to argue; an optional caption goes at the top.',
  keywords: ['change my mind', 'opinion', 'debate', 'hot take', 'unpopular opinion', 'argue', 'controversial', 'sign'],
  boxes: [
    { id: 'sign', caption: 'Pineapple belongs on pizza', x: 200, y: 1240, w: 680, h: 300, ...DARK_CAPTION },
    { id: 'top', caption: '', ...TOP_BOX },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#sky)') +
        circle(900, 220, 90, '#FFE08A') +
        cloud(230, 420, 0.9, 'white') +
        path('M0 1020Q300 960 600 1010T1080 990L1080 1920L0 1920Z', C.grass) +
        rect(140, 640, 40, 420, C.woodDark, OUTLINE) +
        circle(160, 600, 150, C.grassDark, OUTLINE) +
        circle(110, 560, 50, C.grass) +
        place(540, 880, 1.05, cat({ eyes: 'lidded', mouth: 'smile', front: tube('M110 190L180 250', C.orange, 34) })) +
        mug(720, 1050, C.coral) +
        `<path d="M200 1580L160 1880M880 1580L920 1880M220 1600L860 1860M860 1600L220 1860" stroke="${C.ink}" stroke-width="16" stroke-linecap="round"/>` +
        `<rect x="100" y="1150" width="880" height="40" rx="12" fill="${C.wood}" ${OUTLINE}/>` +
        `<rect x="170" y="1200" width="740" height="380" rx="10" fill="white" ${OUTLINE}/>` +
        `<rect x="150" y="1184" width="90" height="36" fill="${C.amber}" opacity="0.85" transform="rotate(-20 195 1202)"/>` +
        `<rect x="840" y="1184" width="90" height="36" fill="${C.amber}" opacity="0.85" transform="rotate(20 885 1202)"/>`,
      linearGradient('sky', ['#8FD0F2', '#E4F6FF']),
    ),
};

function flame(x: number, y: number, s: number): string {
  return place(
    x,
    y,
    s,
    path(
      'M0 0C-60 0-80-60-50-120C-40-80-20-80-20-100C-30-160 10-200 20-240C30-180 90-150 70-60C90-80 90-100 85-110C110-60 70 0 0 0Z',
      '#FF7A3D',
      OUTLINE,
    ) + path('M0-10C-30-10-40-40-25-70C-15-50 0-50 0-70C10-50 40-40 30-20C25-12 15-10 0-10Z', '#FFD166'),
  );
}

const thisIsFine: TemplateArt = {
  id: 'everything-is-fine',
  name: 'Everything Is Fine',
  description:
    'Bolt the robot sits at a little table with a cup of coffee, smiling calmly, while the room around him is on fire and smoke gathers under the ceiling. For denial under pressure: the situation at the top, the calm reaction ("this is fine") at the bottom.',
  keywords: ['this is fine', 'fine', 'fire', 'denial', 'chaos', 'calm', 'disaster', 'burning', 'coping', 'stress'],
  boxes: [
    { id: 'situation', caption: 'Deadline tomorrow, nothing started', ...TOP_BOX },
    { id: 'reaction', caption: 'This is fine', ...BOTTOM_BOX },
  ],
  draw: () => {
    const flames = [
      [80, 1480, 1.3],
      [230, 1470, 0.9],
      [980, 1490, 1.5],
      [860, 1480, 1],
      [1020, 1100, 1.2],
      [60, 1000, 1],
      [940, 720, 0.9],
      [120, 640, 0.8],
      [540, 560, 0.7],
      [330, 520, 0.9],
      [760, 520, 1],
    ] as const;
    return svgDocument(
      rect(0, 0, 1080, 1920, '#F7C98B') +
        Array.from({ length: 9 }, (_, i) => rect(i * 130 + 40, 0, 50, 1460, '#F2B872')).join('') +
        `<rect x="380" y="640" width="320" height="240" rx="14" fill="#9AD6F5" ${OUTLINE}/>` +
        path('M380 880L480 760L560 840L620 780L700 880Z', C.grassDark) +
        rect(0, 1460, 1080, 460, C.woodDark) +
        rect(0, 1452, 1080, 16, C.ink) +
        rect(0, 0, 1080, 520, 'url(#smoke)') +
        flames.map(([x, y, s]) => flame(x, y, s)).join('') +
        ellipse(340, 1466, 170, 24, C.ink, 'opacity="0.2"') +
        place(340, 1060, 0.9, robot({ eyes: 'happy', mouth: 'smile' })) +
        `<path d="M560 1260L560 1500M860 1260L860 1500" stroke="${C.ink}" stroke-width="18" stroke-linecap="round"/>` +
        `<rect x="500" y="1230" width="420" height="36" rx="12" fill="${C.wood}" ${OUTLINE}/>` +
        mug(640, 1130),
      linearGradient('smoke', ['#3D3B4A', '#3D3B4A']).replace(
        'stop-color="#3D3B4A"/></linearGradient>',
        'stop-color="#3D3B4A" stop-opacity="0"/></linearGradient>',
      ),
    );
  },
};

function butterfly(): string {
  return (
    ellipse(-60, -40, 70, 55, C.amber, `${OUTLINE} transform="rotate(-25 -60 -40)"`) +
    ellipse(60, -40, 70, 55, C.amber, `${OUTLINE} transform="rotate(25 60 -40)"`) +
    ellipse(-45, 35, 45, 38, C.coral, OUTLINE) +
    ellipse(45, 35, 45, 38, C.coral, OUTLINE) +
    circle(-70, -45, 18, 'white', 'opacity="0.7"') +
    circle(70, -45, 18, 'white', 'opacity="0.7"') +
    ellipse(0, 0, 16, 70, C.ink) +
    `<path d="M-6-66Q-20-110-44-120M6-66Q20-110 44-120" fill="none" stroke="${C.ink}" stroke-width="6" stroke-linecap="round"/>`
  );
}

const isThisA: TemplateArt = {
  id: 'is-this-a',
  name: 'Is This a…?',
  description:
    'Bo the blob, wide-eyed, points up at a bright butterfly fluttering by, confidently mistaking it for something else. Label the butterfly with the thing, Bo with who is confused, and ask the mistaken question at the bottom ("Is this a …?").',
  keywords: ['is this a', 'butterfly', 'confused', 'mistake', 'misunderstanding', 'wrong', 'question', 'pointing'],
  boxes: [
    { id: 'thing', caption: 'A button that looks clickable', x: 540, y: 200, w: 500, h: 220 },
    { id: 'person', caption: 'Me', x: 140, y: 1220, w: 320, h: 160 },
    { id: 'question', caption: 'Is this a link?', x: 60, y: 1660, w: 960, h: 220 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#dusk)') +
        `<rect x="80" y="160" width="380" height="460" rx="20" fill="#FFF4E0" ${OUTLINE}/>` +
        `<path d="M270 160L270 620M80 390L460 390" stroke="${C.ink}" stroke-width="10"/>` +
        rect(0, 1620, 1080, 300, '#A58BD6') +
        rect(0, 1612, 1080, 16, C.ink) +
        circle(790, 580, 260, 'url(#glow)') +
        place(790, 580, 1.6, butterfly()) +
        sparkle(640, 470, 26) +
        sparkle(940, 720, 34) +
        sparkle(960, 430, 18) +
        `<path d="M560 700Q600 760 660 740" fill="none" stroke="white" stroke-width="8" stroke-dasharray="4 24" stroke-linecap="round"/>` +
        place(
          320,
          1250,
          1,
          blob({
            eyes: 'wide',
            mouth: 'open',
            arms:
              tube('M-150 110L-205 210', C.teal, 26) +
              tube('M150 60L330-170', C.teal, 26) +
              circle(338, -180, 24, C.teal, OUTLINE),
          }),
        ),
      linearGradient('dusk', ['#C9B8FF', '#FFD3B8']) + radialGradient('glow', ['#FFF5B8', '#FFF5B8'], [0.9, 0]),
    ),
};

const surprisedCat: TemplateArt = {
  id: 'surprised-cat',
  name: 'Surprised Cat',
  description:
    'A close-up of Miso the cat, eyes huge and mouth dropped open in shock, on a bright comic burst background. A reaction image: the shocking news or situation at the top, optional reaction text at the bottom.',
  keywords: ['surprised', 'shock', 'shocked', 'cat', 'wow', 'omg', 'amazed', 'unexpected', 'gasp', 'reaction'],
  boxes: [
    { id: 'top', caption: 'When the code works on the first try', ...TOP_BOX, h: 380 },
    { id: 'bottom', caption: '', ...BOTTOM_BOX },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, '#FFC94D') +
        rays(540, 1000, 28, 1400, '#FFE08A') +
        circle(540, 1000, 520, 'url(#burst)') +
        place(540, 1030, 2.2, cat({ headOnly: true, eyes: 'wide', mouth: 'open' })) +
        `<g stroke="${C.ink}" stroke-width="14" stroke-linecap="round"><path d="M120 560L60 500M170 500L150 420M960 560L1020 500M910 500L930 420"/></g>`,
      radialGradient('burst', ['#FFF6D6', '#FFF6D6'], [0.9, 0]),
    ),
};

const chillCat: TemplateArt = {
  id: 'when-you',
  name: 'When You…',
  description:
    'One big picture: Miso the cat lounges contentedly in a plush armchair in a cosy room, eyes half closed with a smug little smile, a mug on the side table. The classic "When you…" setup at the top and an optional punchline at the bottom, for small victories and smug satisfaction.',
  keywords: ['when you', 'satisfied', 'smug', 'relaxed', 'chill', 'cozy', 'victory', 'content', 'cat', 'armchair'],
  boxes: [
    { id: 'top', caption: 'When you finish all your tasks before lunch', ...TOP_BOX, h: 360 },
    { id: 'bottom', caption: '', ...BOTTOM_BOX },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, '#E8E2FF') +
        rect(0, 1420, 1080, 500, '#C9B38F') +
        rect(0, 1412, 1080, 16, C.ink) +
        ellipse(540, 1560, 460, 90, '#FF9EAA', OUTLINE) +
        ellipse(540, 1560, 340, 56, '#FFB8C2') +
        `<rect x="760" y="520" width="220" height="260" rx="12" fill="${C.wood}" ${OUTLINE}/>` +
        `<rect x="784" y="544" width="172" height="212" rx="6" fill="${C.sky}"/>` +
        path('M784 756L840 660L890 720L920 690L956 756Z', C.grassDark) +
        circle(920, 590, 18, '#FFE08A') +
        `<path d="M140 520L140 760" stroke="${C.ink}" stroke-width="8"/>` +
        path('M90 520L190 520L220 440L60 440Z', C.amber, OUTLINE) +
        `<rect x="230" y="860" width="620" height="560" rx="90" fill="${C.teal}" ${OUTLINE}/>` +
        place(
          540,
          960,
          0.95,
          cat({
            eyes: 'lidded',
            mouth: 'w',
            front: tube('M-110 200L-40 250', C.orange, 34) + tube('M110 200L40 250', C.orange, 34),
          }),
        ) +
        `<rect x="150" y="1150" width="160" height="330" rx="70" fill="${C.teal}" ${OUTLINE}/>` +
        `<rect x="770" y="1150" width="160" height="330" rx="70" fill="${C.teal}" ${OUTLINE}/>` +
        `<rect x="270" y="1290" width="540" height="170" rx="50" fill="${C.tealDark}" ${OUTLINE}/>` +
        `<path d="M300 1380Q540 1320 780 1380L780 1460L300 1460Z" fill="${C.lilac}" ${OUTLINE}/>` +
        `<rect x="930" y="1220" width="120" height="30" rx="8" fill="${C.wood}" ${OUTLINE}/>` +
        `<path d="M990 1250L990 1420" stroke="${C.ink}" stroke-width="14"/>` +
        mug(950, 1120, C.coral),
    ),
};

const sideEye: TemplateArt = {
  id: 'side-eye',
  name: 'Suspicious Side-Eye',
  description:
    "Bolt the robot stands stiffly, screen eyes half-closed and glancing sideways, mouth a flat line: deep suspicion or judgement. The thing that seems off goes at the top, the robot's silent judgement (or who is judging) at the bottom.",
  keywords: ['side eye', 'suspicious', 'judging', 'doubt', 'skeptical', 'sus', 'robot', 'distrust', 'hmm', 'stare'],
  boxes: [
    { id: 'top', caption: 'When someone says the meeting will be short', ...TOP_BOX, h: 380 },
    { id: 'bottom', caption: '', ...BOTTOM_BOX, y: 1620, h: 260 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#mint)') +
        Array.from(
          { length: 12 },
          (_, i) =>
            `<path d="M${i * 180 - 600} 1920L${i * 180 + 400} 0" stroke="white" stroke-width="50" opacity="0.18"/>`,
        ).join('') +
        ellipse(540, 1620, 360, 50, C.ink, 'opacity="0.15"') +
        place(540, 880, 1.65, robot({ eyes: 'side', mouth: 'flat', light: C.coral })),
      linearGradient('mint', ['#CFF5E7', '#9FE3D2']),
    ),
};

export const singleScenes: TemplateArt[] = [changeMyMind, thisIsFine, isThisA, surprisedCat, chillCat, sideEye];
