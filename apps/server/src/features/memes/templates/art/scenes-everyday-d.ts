import { blob, cat, robot } from './characters.js';
import { card, digits, line, speechBubble } from './everyday-kit.js';
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

/** Everyday scenes on screens and maps: a phone, a chat, a chart, a forecast, a park map. */

/** Text as a phone shows it: dark, sans-serif, no outline. */
const SCREEN_TEXT = { font: 'sans', fontColor: C.ink, outlineWidth: 0 } as const;

function bell(cx: number, cy: number): string {
  return (
    path(
      `M${cx - 24} ${cy + 16}Q${cx - 24} ${cy - 28} ${cx} ${cy - 28}Q${cx + 24} ${cy - 28} ${cx + 24} ${cy + 16}L${cx + 30} ${cy + 22}L${cx - 30} ${cy + 22}Z`,
      'white',
    ) + circle(cx, cy + 30, 8, 'white')
  );
}

function notification(y: number, h: number, icon: string, faded: boolean): string {
  return (
    `<rect x="220" y="${y}" width="640" height="${h}" rx="40" fill="white" opacity="${faded ? 0.55 : 0.95}"/>` +
    card(250, y + 30, 90, 90, icon, 24) +
    rect(370, y + 40, 200, 18, '#9AA3B2', 'rx="9"') +
    rect(760, y + 40, 70, 18, '#C9CED6', 'rx="9"') +
    (faded ? rect(370, y + 80, 420, 18, '#C9CED6', 'rx="9"') : '')
  );
}

const phoneNotification: TemplateArt = {
  id: 'phone-notification',
  name: 'The Notification',
  description:
    "A big phone held in Miso the cat's paws shows its lock screen: a large clock reading 07:30 over a sunset wallpaper, one bright notification banner with a red bell icon, and two faded older ones below. Put the unwelcome (or welcome) message in the notification and who is reading it at the top.",
  keywords: ['notification', 'phone', 'message', 'alert', 'reminder', 'lock screen', 'screen time', 'text', 'news'],
  boxes: [
    { id: 'top', caption: 'Me, who only picked up my phone to check the time', x: 60, y: 40, w: 960, h: 240 },
    {
      id: 'message',
      caption: 'Your screen time was up 40% last week',
      x: 360,
      y: 830,
      w: 470,
      h: 200,
      align: 'left',
      ...SCREEN_TEXT,
    },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#room)') +
        [
          [120, 420, 80],
          [960, 520, 110],
          [80, 1300, 120],
          [1000, 1500, 90],
        ]
          .map(([x, y, r]) => circle(x ?? 0, y ?? 0, r ?? 0, 'white', 'opacity="0.25"'))
          .join('') +
        card(170, 300, 740, 1640, '#2B2D42', 96) +
        `<rect x="200" y="330" width="680" height="1580" rx="70" fill="url(#wallpaper)"/>` +
        circle(540, 1240, 200, '#FFD166', 'opacity="0.7"') +
        path('M200 1300Q400 1180 560 1280T880 1240L880 1910L200 1910Z', '#7E5BC4', 'opacity="0.8"') +
        card(470, 352, 140, 40, '#111322', 20) +
        digits('07:30', 308, 470, 160, 'white') +
        rect(440, 670, 200, 22, 'white', 'rx="11" opacity="0.8"') +
        notification(760, 300, C.red, false) +
        bell(295, 835) +
        notification(1090, 180, C.teal, true) +
        notification(1300, 180, C.violet, true) +
        rect(440, 1860, 200, 14, 'white', 'rx="7" opacity="0.8"') +
        tube('M20 1960L170 1700', C.orange, 80) +
        tube('M1060 1960L910 1700', C.orange, 80) +
        circle(180, 1690, 62, C.orange, OUTLINE) +
        circle(900, 1690, 62, C.orange, OUTLINE) +
        circle(196, 1650, 12, C.pink) +
        circle(884, 1650, 12, C.pink),
      linearGradient('room', ['#FFD3B8', '#C9B8FF']) + linearGradient('wallpaper', ['#FF9E7A', '#5B3E96']),
    ),
};

const CHAT = [
  { side: 'left', y: 250, caption: 'Are you on your way?' },
  { side: 'right', y: 600, caption: 'Yes! Leaving now' },
  { side: 'left', y: 950, caption: "It's been an hour" },
  { side: 'right', y: 1300, caption: 'Leaving now now' },
] as const;
const BUBBLE = { w: 640, h: 290 };

const chatConversation: TemplateArt = {
  id: 'chat-conversation',
  name: 'The Chat',
  description:
    'A messaging app conversation: Bolt the robot (left, white bubbles) and Miso the cat (right, mint bubbles) trade four messages, with "typing…" dots at the end and a message box at the bottom. Write a four-line exchange, alternating left and right, whose last line is the punchline.',
  keywords: ['chat', 'conversation', 'text', 'messages', 'texting', 'dialogue', 'group chat', 'reply', 'dm', 'typing'],
  boxes: CHAT.map((msg, i) => ({
    id: `message-${i + 1}`,
    caption: msg.caption,
    x: (msg.side === 'left' ? 180 : 260) + 30,
    y: msg.y + 26,
    w: BUBBLE.w - 60,
    h: BUBBLE.h - 52,
    ...SCREEN_TEXT,
  })),
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, '#E7F3EF') +
        Array.from({ length: 40 }, (_, i) =>
          sparkle((i % 5) * 230 + 60 + (Math.floor(i / 5) % 2) * 110, Math.floor(i / 5) * 240 + 240, 16, '#CFE6DE'),
        ).join('') +
        rect(0, 0, 1080, 200, C.tealDark) +
        line('M70 100L40 100M56 80L36 100L56 120', 'white', 10) +
        circle(170, 100, 60, C.steel, `stroke="white" stroke-width="6"`) +
        place(170, 106, 0.22, robot({ headOnly: true, eyes: 'happy', mouth: 'smile' })) +
        rect(260, 70, 260, 28, 'white', 'rx="14"') +
        rect(260, 116, 160, 20, 'white', 'rx="10" opacity="0.6"') +
        CHAT.map((msg) => {
          const left = msg.side === 'left';
          const x = left ? 180 : 260;
          const tail = left ? x - 30 : x + BUBBLE.w + 30;
          return speechBubble(x, msg.y, BUBBLE.w, BUBBLE.h, tail, msg.y + BUBBLE.h + 10, left ? 'white' : '#BDF2E0');
        }).join('') +
        CHAT.map((msg) =>
          msg.side === 'left'
            ? place(88, msg.y + BUBBLE.h - 10, 0.4, robot({ headOnly: true, eyes: 'open', mouth: 'smile' }))
            : place(996, msg.y + BUBBLE.h - 10, 0.4, cat({ headOnly: true, eyes: 'happy', mouth: 'w' })),
        ).join('') +
        speechBubble(180, 1650, 220, 100, 150, 1760, 'white') +
        [240, 290, 340].map((x, i) => circle(x, 1700, 14, '#9AA3B2', `opacity="${0.5 + i * 0.2}"`)).join('') +
        rect(0, 1800, 1080, 120, 'white') +
        rect(0, 1796, 1080, 8, C.grey) +
        card(40, 1822, 860, 76, '#F1F3F8', 38) +
        circle(985, 1860, 46, C.tealDark, OUTLINE) +
        path('M965 1840L1010 1860L965 1880L972 1860Z', 'white'),
    ),
};

/** The chart's line: a steady climb to the peak, then a plunge below the axis. */
const CLIMB = [
  [100, 1400],
  [190, 1330],
  [250, 1370],
  [330, 1190],
  [400, 1240],
  [470, 980],
  [530, 1030],
  [620, 560],
] as const;
const PLUNGE = [
  [620, 560],
  [680, 720],
  [730, 650],
  [820, 1230],
  [870, 1170],
  [960, 1520],
] as const;
const polyline = (pts: readonly (readonly [number, number])[]) =>
  pts.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join('');

const chartPeak: TemplateArt = {
  id: 'chart-peak',
  name: 'Up, Then Down',
  description:
    'A glowing chart on a dark dashboard: a green line climbs steadily to a starred peak, then plunges in red right through the bottom axis. Bolt the robot, wide-eyed and sweating, watches from the bottom corner. Title the chart at the top, label the peak (the high point) and the crash (what ended it).',
  keywords: ['chart', 'graph', 'stocks', 'stonks', 'crash', 'peak', 'growth', 'decline', 'numbers', 'data', 'trend'],
  boxes: [
    { id: 'title', caption: 'My motivation this week', x: 60, y: 40, w: 960, h: 220 },
    { id: 'peak', caption: 'Bought a planner', x: 100, y: 320, w: 470, h: 200 },
    { id: 'crash', caption: 'Had to actually use it', x: 540, y: 1580, w: 500, h: 300 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#dash)') +
        Array.from({ length: 10 }, (_, i) => line(`M100 ${360 + i * 110}L1000 ${360 + i * 110}`, '#3A4470', 3)).join(
          '',
        ) +
        Array.from({ length: 9 }, (_, i) => line(`M${100 + i * 112} 360L${100 + i * 112} 1460`, '#3A4470', 3)).join(
          '',
        ) +
        path(`${polyline(CLIMB)}L620 1460L100 1460Z`, 'url(#climbFill)') +
        line(polyline(CLIMB), '#5BE38B', 18) +
        line(polyline(PLUNGE), C.coral, 18) +
        line('M960 1520L990 1600M950 1580L990 1600L1010 1560', C.coral, 14) +
        line('M100 360L100 1460L1000 1460', '#C9D3F0', 10) +
        CLIMB.map(([x, y]) => circle(x, y, 12, '#5BE38B', OUTLINE)).join('') +
        circle(620, 560, 90, 'url(#peakGlow)') +
        star(620, 540, 46, C.amber, OUTLINE) +
        sparkle(700, 470, 20) +
        sparkle(540, 450, 14) +
        place(250, 1760, 0.78, robot({ headOnly: true, eyes: 'wide', mouth: 'open', sweat: true })),
      linearGradient('dash', ['#1E2240', '#2B2D5C']) +
        '<linearGradient id="climbFill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5BE38B" stop-opacity="0.45"/><stop offset="1" stop-color="#5BE38B" stop-opacity="0"/></linearGradient>' +
        radialGradient('peakGlow', ['#FFE9A6', '#FFE9A6'], [0.7, 0]),
    ),
};

function sun(cx: number, cy: number): string {
  return rays(cx, cy, 12, 130, '#FFD166', 0.9) + circle(cx, cy, 70, '#FFC94D', OUTLINE);
}

function rainCloud(cx: number, cy: number, fill: string): string {
  const drops = [-60, 0, 60]
    .map((dx, i) => line(`M${cx + dx} ${cy + 70 + (i % 2) * 20}l-14 40`, '#3D7FE0', 10))
    .join('');
  return drops + cloud(cx, cy, 0.8, fill, true);
}

function stormCloud(cx: number, cy: number): string {
  return (
    path(
      `M${cx + 10} ${cy + 30}L${cx - 40} ${cy + 140}L${cx} ${cy + 140}L${cx - 30} ${cy + 240}L${cx + 60} ${cy + 110}L${cx + 16} ${cy + 110}L${cx + 50} ${cy + 30}Z`,
      C.amber,
      OUTLINE,
    ) + cloud(cx, cy, 1.05, '#7C859A', true)
  );
}

const weatherForecast: TemplateArt = {
  id: 'weather-forecast',
  name: 'The Forecast',
  description:
    'A TV weather report: Bo the blob in a bow tie stands before a bright map of sea and green land, pointing at a dark storm cloud with lightning; a sun and a rain cloud sit over other regions, a red LIVE tag in the corner, and a lower-third news banner runs along the bottom. Headline at the top, label the storm (the trouble ahead), and put the forecast itself in the banner.',
  keywords: ['weather', 'forecast', 'storm', 'prediction', 'news', 'tv', 'report', 'chance of', 'incoming', 'warning'],
  boxes: [
    { id: 'headline', caption: 'Weekend forecast', x: 60, y: 40, w: 960, h: 220 },
    { id: 'storm', caption: 'My inbox', x: 580, y: 780, w: 460, h: 170 },
    {
      id: 'banner',
      caption: '100% chance of meetings that could have been emails',
      x: 170,
      y: 1600,
      w: 860,
      h: 200,
      ...DARK_CAPTION,
    },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#sea)') +
        path('M-20 360Q200 300 380 400T640 520Q700 640 560 700T300 820Q140 760-20 820Z', '#9ED98A', OUTLINE) +
        path('M700 980Q820 900 960 940T1100 1000L1100 1500L640 1500Q560 1300 700 980Z', '#9ED98A', OUTLINE) +
        path('M-20 1000Q160 940 300 1040T380 1300L-20 1400Z', '#B9E4A5', OUTLINE) +
        line('M40 520Q300 480 500 560', 'white', 4, 'stroke-dasharray="10 14" opacity="0.6"') +
        sun(220, 500) +
        rainCloud(320, 860, 'white') +
        stormCloud(820, 1060) +
        card(830, 290, 200, 70, 'white', 35) +
        circle(870, 325, 18, C.red) +
        rect(900, 312, 100, 26, C.ink, 'rx="13"') +
        place(
          260,
          1320,
          0.82,
          blob({
            eyes: 'happy',
            mouth: 'grin',
            arms:
              tube('M-150 110L-205 210', C.teal, 26) +
              tube('M150 60L330-120', C.teal, 26) +
              circle(338, -130, 24, C.teal, OUTLINE),
            front: path('M-60 190L0 220L60 190L60 250L0 220L-60 250Z', C.red, OUTLINE),
          }),
        ) +
        rect(0, 1580, 1080, 240, 'white') +
        rect(0, 1580, 150, 240, C.red) +
        rect(0, 1820, 1080, 100, C.ink) +
        rect(40, 1850, 600, 36, '#5A6080', 'rx="18"') +
        rect(0, 1572, 1080, 12, C.ink) +
        place(75, 1700, 0.8, sun(0, 0)),
      linearGradient('sea', ['#6FC3F0', '#3E8FD1']),
    ),
};

function tree(x: number, y: number, r: number): string {
  return circle(x, y, r, C.grassDark, OUTLINE) + circle(x - r * 0.3, y - r * 0.3, r * 0.35, C.grass);
}

function mapPin(x: number, y: number): string {
  return (
    ellipse(x, y + 6, 30, 10, C.ink, 'opacity="0.25"') +
    path(
      `M${x} ${y}Q${x - 60} ${y - 80} ${x - 60} ${y - 120}A60 60 0 1 1 ${x + 60} ${y - 120}Q${x + 60} ${y - 80} ${x} ${y}Z`,
      C.red,
      OUTLINE,
    ) +
    circle(x, y - 120, 24, 'white')
  );
}

const youAreHere: TemplateArt = {
  id: 'you-are-here',
  name: 'You Are Here',
  description:
    'A wooden park map sign: green paths twist around a lake and trees, with a red "you are here" pin in the bottom-left corner and a gold star — the destination — far away in the top-right, joined by a long looping dotted route. Miso the cat stands below, sweating and glancing at it in confusion. Title at the top, label the pin (where you are) and the star (where you want to be).',
  keywords: ['you are here', 'map', 'lost', 'destination', 'goal', 'journey', 'directions', 'far away', 'progress'],
  boxes: [
    { id: 'title', caption: 'Me on day one in a new office', x: 60, y: 30, w: 960, h: 210 },
    { id: 'here', caption: 'Me', x: 290, y: 1190, w: 420, h: 190 },
    { id: 'goal', caption: 'The coffee machine', x: 380, y: 320, w: 420, h: 190 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#sky)') +
        path('M0 1500Q540 1420 1080 1500L1080 1920L0 1920Z', C.grass) +
        rect(160, 1400, 50, 360, C.woodDark, OUTLINE) +
        rect(870, 1400, 50, 360, C.woodDark, OUTLINE) +
        card(70, 260, 940, 1180, C.wood, 30) +
        card(100, 290, 880, 1120, '#CDEBB5', 14) +
        path('M560 700Q700 620 820 700T860 900Q760 1000 620 940T560 700Z', '#8FD0F2', OUTLINE) +
        line('M130 1320Q400 1300 420 1100T200 900Q120 700 380 640T760 560Q940 520 900 420', '#F3E3C3', 40) +
        line('M420 1100Q700 1150 900 1060M200 900Q420 860 520 980M760 560Q600 460 420 440', '#F3E3C3', 30) +
        line(
          'M230 1260Q400 1240 400 1100T200 920Q140 720 380 660T760 580Q930 540 860 430',
          C.red,
          10,
          'stroke-dasharray="4 26"',
        ) +
        [
          [170, 380, 50],
          [300, 470, 40],
          [940, 1200, 50],
          [780, 1300, 44],
          [520, 1300, 40],
          [160, 700, 44],
          [960, 760, 40],
        ]
          .map(([x, y, r]) => tree(x ?? 0, y ?? 0, r ?? 0))
          .join('') +
        card(620, 1040, 120, 90, C.coral, 12) +
        path('M610 1044L680 990L750 1044Z', C.red, OUTLINE) +
        mapPin(230, 1290) +
        star(880, 420, 60, C.gold, OUTLINE) +
        sparkle(950, 340, 22) +
        place(560, 1640, 0.6, cat({ eyes: 'side', mouth: 'frown', sweat: true })),
      linearGradient('sky', ['#8FD0F2', '#E4F6FF']),
    ),
};

export const everydayScenesD: TemplateArt[] = [
  phoneNotification,
  chatConversation,
  chartPeak,
  weatherForecast,
  youAreHere,
];
