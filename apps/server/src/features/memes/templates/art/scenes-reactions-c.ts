import { blob, cat, robot } from './characters.js';
import {
  BOTTOM_BOX,
  EYES,
  TOP_BOX,
  angerMark,
  brow,
  drop,
  fadeGradient,
  impactLines,
  puff,
  rolledEye,
  shadow,
} from './reaction-kit.js';
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
  svgDocument,
  tube,
} from './svg-kit.js';
import { DARK_CAPTION, type TemplateArt } from './template-art.js';

/** Reactions, part three: hiding, sulking, fuming, beaming with pride and rolling eyes. */

function leaf(x: number, y: number, angle: number, scale: number, fill: string): string {
  return rotate(
    angle,
    x,
    y,
    place(
      x,
      y,
      scale,
      path('M0 0C-100-30-130-180-34-240C6-262 60-262 96-226C176-146 104-30 0 0Z', fill, OUTLINE) +
        `<path d="M0-6Q16-120 34-226M10-80L-60-120M18-130L-40-190M16-60L80-110M26-140L80-190" fill="none" stroke="${C.ink}" stroke-width="6" stroke-linecap="round" opacity="0.45"/>`,
    ),
  );
}

const hidingPlant: TemplateArt = {
  id: 'hiding-behind-plant',
  name: 'Hiding Behind the Plant',
  description:
    'In a quiet office corner, Bo the blob hides behind a big leafy potted plant, only half of it peeking out, one nervous eye glancing sideways and a drop of sweat on its brow, hands clutching a leaf. For avoiding someone or something: what you are hiding from at the top, who is hiding at the bottom.',
  keywords: [
    'hiding',
    'avoiding',
    'peeking',
    'shy',
    'introvert',
    'awkward',
    'nervous',
    'lurking',
    'escape',
    'blob',
    'social anxiety',
  ],
  boxes: [
    { id: 'from', caption: 'When a coworker walks by with "a quick question"', ...TOP_BOX, ...DARK_CAPTION },
    { id: 'who', caption: '', ...BOTTOM_BOX, y: 1620, h: 260 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#office)') +
        rect(0, 1180, 1080, 320, '#B9DCC4') +
        rect(0, 1176, 1080, 10, C.ink, 'opacity="0.6"') +
        circle(180, 560, 90, 'white', OUTLINE) +
        `<path d="M180 560L180 500M180 560L220 590" stroke="${C.ink}" stroke-width="10" stroke-linecap="round"/>` +
        `<rect x="720" y="470" width="230" height="170" rx="10" fill="${C.woodDark}" ${OUTLINE}/>` +
        rect(740, 490, 190, 130, C.skyLight) +
        path('M740 620L800 560L850 600L880 570L930 620Z', C.grass) +
        rect(0, 1500, 1080, 420, '#C9B38F') +
        rect(0, 1494, 1080, 12, C.ink) +
        shadow(660, 1560, 260, 0.25) +
        place(
          440,
          1080,
          1,
          blob({ eyes: 'side', mouth: 'flat', sweat: true, arms: tube('M-150 110L-205 210', C.teal, 26) }),
          true,
        ) +
        `<path d="M700 1380Q680 1100 600 880M700 1380Q720 1040 840 820M700 1380Q650 1220 540 1240M700 1380Q780 1200 960 1120" fill="none" stroke="${C.grassDark}" stroke-width="16" stroke-linecap="round"/>` +
        leaf(600, 880, -20, 1.2, C.grassDark) +
        leaf(840, 820, 25, 1.25, C.grass) +
        leaf(960, 1130, 70, 1.05, C.grassDark) +
        leaf(560, 1200, -10, 1.25, C.grass) +
        leaf(720, 1060, 10, 1.2, C.grassDark) +
        leaf(600, 1420, -40, 0.95, C.grass) +
        circle(470, 980, 26, C.teal, OUTLINE) +
        circle(468, 1170, 26, C.teal, OUTLINE) +
        path('M550 1360L850 1360L820 1560L580 1560Z', C.coral, OUTLINE) +
        `<rect x="530" y="1340" width="340" height="50" rx="14" fill="${C.orangeDark}" ${OUTLINE}/>`,
      linearGradient('office', ['#EAF7EE', '#D2EEDC']),
    ),
};

const sadRain: TemplateArt = {
  id: 'sad-in-the-rain',
  name: 'Sad in the Rain',
  description:
    'On a rainy night street, Miso the cat sits alone on the kerb under a street lamp, soaked, with worried eyebrows, drooping tired eyes, a tear on its cheek and a frown, rain streaking down and a puddle reflecting the lamp light; windows glow in the buildings behind. For gloom and self-pity: what went wrong at the top, how it feels at the bottom.',
  keywords: [
    'sad',
    'rain',
    'lonely',
    'depressed',
    'gloomy',
    'heartbroken',
    'melancholy',
    'crying',
    'bad day',
    'alone',
    'cat',
    'monday',
  ],
  boxes: [
    { id: 'what', caption: 'When you finally go outside and the weather app lied', ...TOP_BOX },
    { id: 'how', caption: '', ...BOTTOM_BOX, y: 1620, h: 260 },
  ],
  draw: () => {
    const rain = Array.from({ length: 70 }, (_, i) => {
      const x = (i * 137) % 1140;
      const y = (i * 263) % 1900;
      return `<path d="M${x} ${y}l-18 60"/>`;
    }).join('');
    const windows = [
      [90, 520],
      [190, 640],
      [820, 460],
      [920, 600],
      [820, 760],
      [560, 420],
    ]
      .map(([x, y]) => rect(x ?? 0, y ?? 0, 56, 74, '#FFD37A', 'rx="6" opacity="0.85"'))
      .join('');
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#night)') +
        path('M0 420L300 420L300 1400L0 1400Z', '#26304F') +
        path('M760 380L1080 380L1080 1400L760 1400Z', '#26304F') +
        path('M470 360L700 360L700 1400L470 1400Z', '#2C3760') +
        windows +
        rect(0, 1400, 1080, 520, '#394566') +
        `<rect x="0" y="1390" width="1080" height="40" fill="#5A6785" ${OUTLINE}/>` +
        ellipse(300, 1700, 260, 60, '#5A6E9C', 'opacity="0.8"') +
        ellipse(300, 1700, 120, 24, '#FFD37A', 'opacity="0.35"') +
        path('M230 520L370 520L820 1400L-200 1400Z', 'url(#lampLight)') +
        `<rect x="186" y="460" width="28" height="960" fill="#4B5469" ${OUTLINE}/>` +
        `<path d="M200 470Q200 400 280 400L300 400" fill="none" stroke="${C.ink}" stroke-width="30" stroke-linecap="round"/>` +
        path('M250 400L350 400L330 470L270 470Z', '#4B5469', OUTLINE) +
        ellipse(300, 474, 38, 12, '#FFE9A6', OUTLINE) +
        circle(300, 480, 60, 'url(#bulb)') +
        shadow(600, 1412, 200, 0.35) +
        place(
          600,
          1025,
          1,
          cat({
            eyes: 'tired',
            mouth: 'frown',
            front:
              brow(-104, -52, -30, -80, C.ink, 10) +
              brow(30, -80, 104, -52, C.ink, 10) +
              drop(-92, 28, 0.9) +
              `<path d="M-150-80l20 10M150-90l-16 14M-40-150l4 20M50-148l-4 20" stroke="${C.sky}" stroke-width="7" stroke-linecap="round"/>`,
          }),
        ) +
        `<g stroke="#C9D6F2" stroke-width="6" stroke-linecap="round" opacity="0.55">${rain}</g>`,
      linearGradient('night', ['#1B2440', '#33406A']) +
        fadeGradient('lampLight', '#FFE9A6', 0.4, 0.04) +
        radialGradient('bulb', ['#FFF3B0', '#FFF3B0'], [0.7, 0]),
    );
  },
};

const angrySteam: TemplateArt = {
  id: 'angry-steam',
  name: 'Fuming',
  description:
    'Bolt the robot is furious: his head flushes red from the top, glowing eyebrows slant down, teeth clenched, steam blasts out of both ears and an anger mark throbs on his head, fists shaking, against a hot red-orange burst. For rage and frustration: what made you angry at the top, who is fuming at the bottom.',
  keywords: [
    'angry',
    'furious',
    'rage',
    'mad',
    'steaming',
    'fuming',
    'frustrated',
    'annoyed',
    'triggered',
    'robot',
    'grr',
  ],
  boxes: [
    { id: 'cause', caption: 'When someone says "just restart it" and it works', ...TOP_BOX },
    { id: 'who', caption: '', ...BOTTOM_BOX, y: 1620, h: 260 },
  ],
  draw: () => {
    const steam = (side: 1 | -1) =>
      puff(540 + side * 250, 1000, 40, 'white', 0.95) +
      puff(540 + side * 330, 880, 56, 'white', 0.9) +
      puff(540 + side * 370, 730, 72, 'white', 0.85);
    const [ex, ey] = EYES.robot;
    const glow = C.glow;
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#heat)') +
        rays(540, 1050, 26, 1400, '#FFB86B', 0.35) +
        circle(540, 1050, 560, 'url(#core)') +
        shadow(540, 1590, 260, 0.35) +
        steam(-1) +
        steam(1) +
        place(
          540,
          1060,
          1.2,
          robot({
            eyes: 'open',
            mouth: 'flat',
            light: C.red,
            front:
              `<rect x="-140" y="-112" width="280" height="214" rx="52" fill="url(#flush)"/>` +
              `<path d="M${ex - 36} ${ey - 58}L${ex + 30} ${ey - 34}M${-ex + 36} ${ey - 58}L${-ex - 30} ${ey - 34}" stroke="${glow}" stroke-width="14" stroke-linecap="round"/>` +
              `<rect x="-42" y="26" width="84" height="34" rx="8" fill="${glow}"/>` +
              `<path d="M-42 43L42 43M-20 26L-20 60M0 26L0 60M20 26L20 60" stroke="${C.screen}" stroke-width="5"/>` +
              angerMark(108, -150, 1.1),
          }),
        ) +
        impactLines(336, 1428, 50, 90, [150, 180, 210], 10) +
        impactLines(744, 1428, 50, 90, [-30, 0, 30], 10),
      linearGradient('heat', ['#FF7A45', '#B3202C']) +
        radialGradient('core', ['#FFD27A', '#FFD27A'], [0.6, 0]) +
        fadeGradient('flush', C.red, 0.75, 0),
    );
  },
};

const proudParent: TemplateArt = {
  id: 'proud-parent',
  name: 'Proud Presentation',
  description:
    'On a rocky cliff at sunrise, Miso the cat, beaming with tears of joy, holds a tiny delighted Bo the blob high above its head in a glowing halo of light, presenting it to the world, with the sun and sunbeams behind. For pride in something small: who is proud at the top, what they are presenting next to the little one, optional text at the bottom.',
  keywords: [
    'proud',
    'proud parent',
    'presenting',
    'behold',
    'achievement',
    'my baby',
    'look what i made',
    'pride',
    'sunrise',
    'cat',
    'wholesome',
  ],
  boxes: [
    { id: 'proud', caption: 'Me showing everyone', ...TOP_BOX, h: 280 },
    { id: 'thing', caption: 'The shelf I built all by myself', x: 650, y: 420, w: 390, h: 300 },
    { id: 'bottom', caption: '', ...BOTTOM_BOX, y: 1620, h: 260 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#dawn)') +
        rays(540, 1200, 30, 1600, '#FFF3C4', 0.35) +
        circle(540, 1200, 250, '#FFE08A') +
        circle(540, 1200, 320, 'url(#sunGlow)') +
        path('M0 1240Q260 1150 520 1230T1080 1200L1080 1920L0 1920Z', '#B07BAC') +
        path('M0 1330Q300 1270 640 1340T1080 1310L1080 1920L0 1920Z', '#8A5A8C') +
        path('M-20 1450L180 1390L640 1370Q780 1380 760 1460L700 1560L620 1920L-20 1920Z', '#7C6A64', OUTLINE) +
        path(
          'M60 1500L300 1460L520 1470',
          'none',
          `stroke="${C.ink}" stroke-width="8" opacity="0.35" stroke-linecap="round"`,
        ) +
        circle(450, 690, 190, 'url(#halo)') +
        sparkle(290, 560, 30) +
        sparkle(610, 520, 24) +
        sparkle(320, 820, 18) +
        place(
          450,
          982,
          1,
          cat({
            eyes: 'happy',
            mouth: 'grin',
            back:
              tube('M-110 170L-160-40L-100-240', C.orange, 34) +
              tube('M110 170L160-40L100-240', C.orange, 34) +
              place(
                0,
                -330,
                0.42,
                blob({
                  eyes: 'happy',
                  mouth: 'open',
                  arms: tube('M-150 60L-230-80', C.teal, 26) + tube('M150 60L230-80', C.teal, 26),
                }),
              ),
            front:
              circle(-96, -252, 36, C.orange, OUTLINE) +
              circle(96, -252, 36, C.orange, OUTLINE) +
              drop(-100, 30, 0.8) +
              drop(100, 30, 0.8),
          }),
        ),
      linearGradient('dawn', ['#FF9E7A', '#FFE3B0']) +
        radialGradient('sunGlow', ['#FFF3C4', '#FFF3C4'], [0.7, 0]) +
        radialGradient('halo', ['#FFFFFF', '#FFFFFF'], [0.8, 0]),
    ),
};

const eyeRoll: TemplateArt = {
  id: 'eye-roll',
  name: 'Eye Roll',
  description:
    'Bo the blob rolls its eyes all the way up, arms crossed and mouth a flat line, letting out a sigh, with curved arrows above its head tracing the roll, on a pale yellow background. For annoyance and "here we go again": what someone said at the top, the reaction at the bottom.',
  keywords: [
    'eye roll',
    'annoyed',
    'whatever',
    'ugh',
    'unimpressed',
    'sarcastic',
    'here we go again',
    'bored',
    'fed up',
    'blob',
    'sigh',
  ],
  boxes: [
    { id: 'said', caption: '"Let\'s circle back on this offline"', ...TOP_BOX, ...DARK_CAPTION },
    { id: 'reaction', caption: '', ...BOTTOM_BOX, y: 1620, h: 260, ...DARK_CAPTION },
  ],
  draw: () => {
    const [ex, ey] = EYES.blob;
    const arrow = (cx: number, flip: 1 | -1) =>
      `<path d="M${cx - 70 * flip} 700A80 60 0 1 ${flip === 1 ? 1 : 0} ${cx + 70 * flip} 690" fill="none" stroke="${C.violet}" stroke-width="14" stroke-linecap="round"/>` +
      path(
        `M${cx + 70 * flip} 690l${-34 * flip} -8l${20 * flip} 36Z`,
        C.violet,
        `stroke="${C.violet}" stroke-width="8" stroke-linejoin="round"`,
      );
    return svgDocument(
      rect(0, 0, 1080, 1920, 'url(#lemon)') +
        circle(540, 1080, 500, 'url(#soft)') +
        arrow(470, -1) +
        arrow(610, 1) +
        shadow(540, 1500, 240, 0.2) +
        place(
          540,
          1080,
          1.15,
          blob({
            eyes: 'wide',
            mouth: 'flat',
            arms: '',
            front:
              rolledEye(ex, ey, 40, 46) +
              rolledEye(-ex, ey, 40, 46) +
              tube('M-165 110Q-120 220 90 176', C.teal, 26) +
              circle(96, 174, 26, C.teal, OUTLINE) +
              tube('M165 110Q120 240 -90 200', C.teal, 26) +
              circle(-96, 198, 26, C.teal, OUTLINE),
          }),
        ) +
        puff(820, 1130, 40, 'white', 0.95) +
        puff(900, 1060, 24, 'white', 0.9),
      linearGradient('lemon', ['#FFF6C9', '#FFD98A']) + radialGradient('soft', ['#FFFFFF', '#FFFFFF'], [0.6, 0]),
    );
  },
};

export const reactionScenesC: TemplateArt[] = [hidingPlant, sadRain, angrySteam, proudParent, eyeRoll];
