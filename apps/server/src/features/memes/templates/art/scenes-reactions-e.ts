import { blob, cat, robot } from './characters.js';
import { BOTTOM_BOX, TOP_BOX, brow, fadeGradient, heart, impactLines, shadow } from './reaction-kit.js';
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
  sparkle,
  svgDocument,
  tube,
} from './svg-kit.js';
import { DARK_CAPTION, type TemplateArt } from './template-art.js';

/** Reactions, part five: smugness, weary shrugs, hugs, being left on read, and scheming. */

function ghost(): string {
  return (
    path(
      'M-70 64L-70-20Q-70-100 0-100Q70-100 70-20L70 64Q52 44 35 64Q18 84 0 64Q-18 44-35 64Q-52 84-70 64Z',
      'white',
      OUTLINE,
    ) +
    tube('M62 0L110-40', 'white', 22) +
    ellipse(-24, -30, 10, 15, C.ink) +
    ellipse(24, -30, 10, 15, C.ink) +
    ellipse(-42, 0, 12, 7, C.pink) +
    ellipse(42, 0, 12, 7, C.pink) +
    `<path d="M-12 4Q0 16 12 4" fill="none" stroke="${C.ink}" stroke-width="6" stroke-linecap="round"/>`
  );
}

function phone(x: number, y: number): string {
  return (
    `<rect x="${x}" y="${y}" width="210" height="380" rx="34" fill="${C.ink}"/>` +
    `<rect x="${x + 14}" y="${y + 20}" width="182" height="340" rx="22" fill="#F4F7FF"/>` +
    rect(x + 14, y + 20, 182, 50, '#DCE3F5', 'rx="22"') +
    circle(x + 44, y + 45, 14, C.lilac) +
    `<rect x="${x + 70}" y="${y + 100}" width="112" height="56" rx="20" fill="${C.coral}"/>` +
    `<path d="M${x + 130} ${y + 170}l8 8l14-14M${x + 146} ${y + 170}l8 8l14-14" fill="none" stroke="${C.tealDark}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M${x + 80} ${y + 120}L${x + 170} ${y + 120}M${x + 80} ${y + 138}L${x + 140} ${y + 138}" stroke="white" stroke-width="7" stroke-linecap="round"/>`
  );
}

const ghosted: TemplateArt = {
  id: 'ghosted',
  name: 'Ghosted',
  description:
    'Late at night, Bo the blob sits staring sideways at a phone propped on a little table, worried brows and a small frown, waiting for a reply: the screen shows one message sent and read, and nothing back, while a cheerful little ghost floats away out of the open window, waving goodbye. For being left on read: the message you sent at the top, how long you have waited at the bottom.',
  keywords: [
    'ghosted',
    'left on read',
    'no reply',
    'waiting',
    'texting',
    'ignored',
    'seen',
    'dating',
    'phone',
    'lonely',
    'blob',
    'message',
  ],
  boxes: [
    { id: 'sent', caption: 'Me after sending "haha" with one "ha" too many', ...TOP_BOX },
    { id: 'waiting', caption: '', ...BOTTOM_BOX, y: 1620, h: 260 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#room)') +
        `<rect x="600" y="410" width="400" height="360" rx="20" fill="#141432" ${OUTLINE}/>` +
        path('M930 480a44 44 0 1 0 36 66a34 34 0 1 1-36-66Z', '#FFE9A6') +
        sparkle(680, 470, 12, '#FFE9A6') +
        sparkle(720, 700, 9, '#FFE9A6') +
        `<path d="M800 410L800 770M600 590L1000 590" stroke="${C.woodDark}" stroke-width="14"/>` +
        `<path d="M720 1060Q620 900 760 820T860 600" fill="none" stroke="white" stroke-width="8" stroke-dasharray="4 26" stroke-linecap="round" opacity="0.7"/>` +
        place(890, 550, 1.25, ghost()) +
        circle(190, 560, 86, 'white', OUTLINE) +
        `<path d="M190 560L190 500M190 560L236 586" stroke="${C.ink}" stroke-width="10" stroke-linecap="round"/>` +
        rect(0, 1450, 1080, 470, '#2C2656') +
        rect(0, 1444, 1080, 12, C.ink) +
        circle(780, 1140, 380, 'url(#phoneGlow)') +
        `<path d="M640 1460L640 1300M920 1460L920 1300" stroke="${C.ink}" stroke-width="20" stroke-linecap="round"/>` +
        `<rect x="580" y="1270" width="400" height="44" rx="14" fill="${C.wood}" ${OUTLINE}/>` +
        phone(670, 890) +
        shadow(360, 1540, 200, 0.35) +
        place(
          360,
          1180,
          1,
          blob({
            eyes: 'open',
            mouth: 'frown',
            color: '#35B8A6',
            front:
              [-54, 54]
                .map(
                  (x) =>
                    ellipse(x, 0, 30, 36, C.paper, OUTLINE) +
                    circle(x + 14, 4, 15, C.ink) +
                    circle(x + 19, -2, 5, C.paper),
                )
                .join('') +
              brow(-92, -50, -26, -66) +
              brow(26, -66, 92, -50),
          }),
        ),
      linearGradient('room', ['#3B2F6B', '#1F1A3D']) + radialGradient('phoneGlow', ['#BDEBFF', '#BDEBFF'], [0.45, 0]),
    ),
};

function bat(x: number, y: number, s: number): string {
  return place(
    x,
    y,
    s,
    path(
      'M0 0Q-24-26-64-14Q-50 0-56 16Q-38 8-28 22Q-14 10 0 18Q14 10 28 22Q38 8 56 16Q50 0 64-14Q24-26 0 0Z',
      '#141026',
    ) +
      path('M-8-4L-12-20L-2-8L2-8L12-20L8-4Z', '#141026') +
      circle(-5, 2, 3, C.amber) +
      circle(5, 2, 3, C.amber),
  );
}

function crystalBall(cx: number, cy: number): string {
  return (
    circle(cx, cy, 300, 'url(#orbGlow)') +
    path(
      `M${cx - 110} ${cy + 150}L${cx + 110} ${cy + 150}L${cx + 80} ${cy + 90}L${cx - 80} ${cy + 90}Z`,
      C.woodDark,
      OUTLINE,
    ) +
    circle(cx, cy, 110, 'url(#orb)', OUTLINE) +
    ellipse(cx - 40, cy - 46, 30, 18, 'white', `opacity="0.7" transform="rotate(-30 ${cx - 40} ${cy - 46})"`) +
    sparkle(cx + 30, cy + 20, 22) +
    sparkle(cx - 20, cy + 50, 12)
  );
}

const evilPlan: TemplateArt = {
  id: 'evil-plan',
  name: 'Evil Plan',
  description:
    'In a dark purple lair lit from below by a glowing crystal ball, Miso the cat leans in with narrowed eyes, sharply slanted eyebrows and a wide wicked grin, rubbing its paws together, lightning flashing in the window behind. For a mischievous scheme: the plan at the top, who is plotting at the bottom.',
  keywords: [
    'evil plan',
    'scheming',
    'mischievous',
    'villain',
    'plotting',
    'sneaky',
    'muahaha',
    'devious',
    'master plan',
    'cat',
    'revenge',
  ],
  boxes: [
    { id: 'plan', caption: 'Me planning to leave work exactly at 5:00', ...TOP_BOX },
    { id: 'who', caption: '', ...BOTTOM_BOX, y: 1620, h: 260 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#lair)') +
        `<path d="M120 420L120 760Q260 820 400 760L400 420Q260 360 120 420Z" fill="#3A2A6E" ${OUTLINE}/>` +
        path('M280 440L220 580L270 580L200 720L330 540L280 540L330 440Z', '#FFE9A6') +
        bat(800, 470, 2) +
        bat(950, 600, 1.5) +
        bat(680, 640, 1.2) +
        place(
          540,
          1010,
          1.3,
          cat({
            eyes: 'lidded',
            mouth: 'grin',
            front:
              brow(-120, -84, -30, -46, C.ink, 12) +
              brow(30, -46, 120, -84, C.ink, 12) +
              tube('M-110 200L-40 240', C.orange, 34) +
              tube('M110 200L40 230', C.orange, 34) +
              circle(-30, 238, 36, C.orange, OUTLINE) +
              circle(30, 226, 36, C.orange, OUTLINE),
          }),
        ) +
        impactLines(540, 1308, 70, 110, [-160, -130, -50, -20], 9) +
        rect(0, 1460, 1080, 460, 'url(#table)') +
        `<rect x="-10" y="1440" width="1100" height="40" rx="10" fill="#5A3A66" ${OUTLINE}/>` +
        crystalBall(540, 1330) +
        rect(0, 600, 1080, 900, 'url(#underlight)'),
      linearGradient('lair', ['#2A1B4E', '#4A2A7A']) +
        linearGradient('table', ['#3B2452', '#22152F']) +
        radialGradient('orb', ['#CFFFF6', '#3CC8B4']) +
        radialGradient('orbGlow', ['#7CF7E4', '#7CF7E4'], [0.55, 0]) +
        fadeGradient('underlight', C.glow, 0, 0.22),
    ),
};

const smugGrin: TemplateArt = {
  id: 'smug-grin',
  name: 'Smug Grin',
  description:
    'A close-up of Miso the cat looking terribly pleased with itself: half-closed eyes, one eyebrow raised, a sly one-sided smirk and a paw stroking its chin, glowing on a violet-to-pink background with sparkles. For smug satisfaction and being right: the thing you got away with (or predicted) at the top, optional text at the bottom.',
  keywords: [
    'smug',
    'smirk',
    'self satisfied',
    'told you so',
    'sly',
    'confident',
    'proud',
    'gloating',
    'i was right',
    'cat',
    'mischievous',
  ],
  boxes: [
    { id: 'top', caption: 'When you said "it\'s probably DNS" and it was DNS', ...TOP_BOX, h: 360 },
    { id: 'bottom', caption: '', ...BOTTOM_BOX, y: 1640, h: 250 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#smug)') +
        shadow(540, 1690, 320, 0.2) +
        circle(540, 1000, 600, 'url(#smugGlow)') +
        sparkle(180, 560, 44) +
        sparkle(900, 520, 34) +
        sparkle(960, 1360, 40) +
        sparkle(130, 1330, 26) +
        sparkle(820, 1480, 20, C.amber) +
        place(
          540,
          950,
          1.85,
          cat({
            eyes: 'lidded',
            mouth: 'flat',
            front:
              ellipse(0, 57, 40, 12, C.orange) +
              `<path d="M-38 50Q8 76 50 38M50 38q10-2 12 8" fill="none" stroke="${C.ink}" stroke-width="8" stroke-linecap="round"/>` +
              brow(-104, -64, -28, -72, C.ink, 10) +
              brow(26, -96, 100, -82, C.ink, 10) +
              tube('M118 200Q170 230 90 186', C.orange, 34) +
              circle(76, 176, 40, C.orange, OUTLINE) +
              `<path d="M52 160q-6 16 2 30M74 152q-6 16 2 30M96 152q-6 16 2 30" fill="none" stroke="${C.ink}" stroke-width="5" stroke-linecap="round"/>`,
          }),
        ),
      linearGradient('smug', ['#7B5CD6', '#FF9EC0']) + radialGradient('smugGlow', ['#FFF1FA', '#FFF1FA'], [0.55, 0]),
    ),
};

function chartBoard(): string {
  return (
    `<rect x="600" y="400" width="420" height="300" rx="16" fill="white" ${OUTLINE}/>` +
    `<path d="M650 440L650 660L990 660" fill="none" stroke="${C.ink}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M660 480L740 520L800 500L870 580L960 630" fill="none" stroke="${C.coral}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>` +
    circle(960, 630, 30, 'none', `stroke="${C.violet}" stroke-width="8"`) +
    `<path d="M700 760L700 700M920 760L920 700" stroke="${C.ink}" stroke-width="10"/>`
  );
}

const notSurprised: TemplateArt = {
  id: 'not-surprised',
  name: 'Disappointed, Not Surprised',
  description:
    'Bolt the robot shrugs with both palms up, eyes half-closed and mouth a flat line, utterly unsurprised, in front of a whiteboard chart whose line goes down exactly as predicted (the end circled). For the outcome everyone saw coming: what happened at the top, the weary reaction at the bottom.',
  keywords: [
    'disappointed',
    'not surprised',
    'shrug',
    'called it',
    'predictable',
    'as expected',
    'meh',
    'resigned',
    'whatever',
    'robot',
    'typical',
  ],
  boxes: [
    { id: 'what', caption: 'The "quick 5 minute call" ran for an hour', ...TOP_BOX, ...DARK_CAPTION },
    { id: 'reaction', caption: 'Shocked. Truly.', ...BOTTOM_BOX, y: 1620, h: 260, ...DARK_CAPTION },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#meh)') +
        rect(0, 1480, 1080, 440, '#A7A1C2') +
        rect(0, 1474, 1080, 12, C.ink) +
        chartBoard() +
        `<rect x="70" y="470" width="180" height="230" rx="12" fill="${C.skyLight}" ${OUTLINE}/>` +
        `<path d="M160 470L160 700M70 585L250 585" stroke="${C.ink}" stroke-width="8"/>` +
        `<path d="M100 520l16 40M190 510l16 40M120 620l16 40M210 630l16 40" stroke="${C.steelDark}" stroke-width="6" stroke-linecap="round"/>` +
        shadow(540, 1590, 260, 0.25) +
        place(
          540,
          1060,
          1.2,
          robot({
            eyes: 'lidded',
            mouth: 'flat',
            light: C.amber,
            arms:
              tube('M-120 175L-250 190L-290 90', C.steelDark, 28) +
              tube('M120 175L250 190L290 90', C.steelDark, 28) +
              path('M-336 80Q-290 120-244 80', C.steel, OUTLINE) +
              path('M244 80Q290 120 336 80', C.steel, OUTLINE),
          }),
        ) +
        `<path d="M140 1080q-10-30 10-50M160 1160q-20-40 10-70M940 1080q10-30-10-50M920 1160q20-40-10-70" fill="none" stroke="${C.ink}" stroke-width="8" stroke-linecap="round" opacity="0.5"/>`,
      linearGradient('meh', ['#E4E1F0', '#C5C0DB']),
    ),
};

const bigHug: TemplateArt = {
  id: 'big-hug',
  name: 'Big Hug',
  description:
    'Miso the cat and Bo the blob wrap each other in a warm, squeezing hug, eyes closed and smiling, with hearts and sparkles floating above them on a soft pink background. For affection, support and reunions: the occasion at the top, and who is hugging whom in the two boxes at the bottom.',
  keywords: [
    'hug',
    'love',
    'friends',
    'support',
    'wholesome',
    'reunion',
    'comfort',
    'best friend',
    'cuddle',
    'cat',
    'blob',
    'bff',
  ],
  boxes: [
    {
      id: 'occasion',
      caption: 'Finding the one other person who also wants to leave the party early',
      ...TOP_BOX,
      h: 340,
      ...DARK_CAPTION,
    },
    { id: 'left', caption: 'Me', x: 40, y: 1620, w: 480, h: 240, ...DARK_CAPTION },
    { id: 'right', caption: 'Them', x: 560, y: 1620, w: 480, h: 240, ...DARK_CAPTION },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#blush)') +
        circle(540, 1100, 560, 'url(#warmGlow)') +
        heart(540, 560, 150) +
        heart(330, 640, 70, C.pink) +
        heart(770, 620, 84, C.pink) +
        heart(200, 860, 50, C.coral) +
        heart(900, 840, 56, C.coral) +
        sparkle(420, 470, 24) +
        sparkle(680, 450, 30) +
        shadow(540, 1560, 380, 0.2) +
        place(690, 1150, 1, blob({ eyes: 'happy', mouth: 'smile', arms: '' }), true) +
        place(400, 1130, 1, cat({ eyes: 'closed', mouth: 'smile' })) +
        tube('M500 1330Q640 1400 770 1300', C.orange, 34) +
        circle(780, 1296, 34, C.orange, OUTLINE) +
        tube('M830 1250Q620 1350 360 1290', C.teal, 26) +
        circle(350, 1290, 30, C.teal, OUTLINE),
      linearGradient('blush', ['#FFD6E0', '#FFB3C6']) + radialGradient('warmGlow', ['#FFF4F7', '#FFF4F7'], [0.8, 0]),
    ),
};

export const reactionScenesE: TemplateArt[] = [smugGrin, notSurprised, bigHug, ghosted, evilPlan];
