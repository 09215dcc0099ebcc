import { blob, cat } from './characters.js';
import {
  C,
  OUTLINE,
  circle,
  cloud,
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
import { DARK_CAPTION, type TemplateArt } from './template-art.js';

/** Templates split into stacked panels: two rows compared, or a scene told in two beats. */

const divider = (y: number) => rect(0, y - 8, 1080, 16, C.ink);

function badge(cx: number, cy: number, isYes: boolean): string {
  const mark = isYes
    ? `M${cx - 26} ${cy + 2}L${cx - 6} ${cy + 22}L${cx + 28} ${cy - 20}`
    : `M${cx - 20} ${cy - 20}L${cx + 20} ${cy + 20}M${cx + 20} ${cy - 20}L${cx - 20} ${cy + 20}`;
  return (
    circle(cx, cy, 58, isYes ? C.tealDark : C.red, OUTLINE) +
    `<path d="${mark}" fill="none" stroke="white" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

const paw = (x: number, y: number, r: number) =>
  circle(x, y, r, C.orange, OUTLINE) +
  ellipse(x, y + r * 0.2, r * 0.42, r * 0.32, C.pink) +
  circle(x - r * 0.42, y - r * 0.42, r * 0.15, C.pink) +
  circle(x, y - r * 0.55, r * 0.15, C.pink) +
  circle(x + r * 0.42, y - r * 0.42, r * 0.15, C.pink);

const captionCard = (y: number) =>
  `<rect x="540" y="${y}" width="500" height="760" rx="44" fill="white" opacity="0.6"/>`;

const nopeYep: TemplateArt = {
  id: 'nope-yep',
  name: 'Nope / Yep',
  description:
    'Two stacked rows with Miso the cat. Top row: the cat turns away with a paw up, refusing (red cross badge). Bottom row: the cat grins and points, approving (green check badge). Caption boxes on the right of each row: the rejected option on top, the preferred one below.',
  keywords: ['nope', 'yep', 'prefer', 'reject', 'approve', 'choice', 'better option', 'drake', 'no', 'yes', 'versus'],
  boxes: [
    { id: 'nope', caption: 'Doing it the hard way', x: 560, y: 140, w: 460, h: 720, ...DARK_CAPTION },
    { id: 'yep', caption: 'Asking the meme maker', x: 560, y: 1100, w: 460, h: 720, ...DARK_CAPTION },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 960, '#FFE1DA') +
        rect(0, 960, 1080, 960, '#D6F5E6') +
        captionCard(100) +
        captionCard(1060) +
        rotate(
          -10,
          280,
          500,
          place(
            270,
            470,
            1.05,
            cat({ eyes: 'closed', mouth: 'frown', front: tube('M110 180L200 40', C.orange, 34) + paw(215, 0, 56) }),
          ),
        ) +
        rotate(
          6,
          280,
          1430,
          place(
            270,
            1430,
            1.05,
            cat({ eyes: 'happy', mouth: 'grin', front: tube('M110 190L240 120', C.orange, 34) + paw(250, 110, 46) }),
          ),
        ) +
        badge(100, 100, false) +
        badge(100, 1060, true) +
        divider(960),
    ),
};

function buttonDome(cx: number, cy: number): string {
  return (
    ellipse(cx, cy + 56, 160, 62, '#4B5469', OUTLINE) +
    `<path d="M${cx - 118} ${cy}L${cx - 118} ${cy + 50}A118 44 0 0 0 ${cx + 118} ${cy + 50}L${cx + 118} ${cy}Z" fill="#B3202C" ${OUTLINE}/>` +
    ellipse(cx, cy, 118, 44, C.red, OUTLINE) +
    ellipse(cx - 38, cy - 10, 40, 12, 'white', 'opacity="0.45"')
  );
}

function labelCard(cx: number, angle: number): string {
  return rotate(
    angle,
    cx,
    290,
    `<rect x="${cx - 220}" y="160" width="440" height="260" rx="26" fill="white" ${OUTLINE}/>` +
      `<rect x="${cx - 60}" y="140" width="120" height="40" fill="${C.amber}" opacity="0.85" transform="rotate(${-angle * 1.5} ${cx} 160)"/>`,
  );
}

const twoButtons: TemplateArt = {
  id: 'two-buttons',
  name: 'Two Buttons',
  description:
    'A control panel with two big red buttons, each under a paper label, and below it Bo the blob sweating with a hand to its brow, unable to choose. Put the two tempting options on the labels and who is torn between them at the bottom.',
  keywords: ['two buttons', 'buttons', 'choice', 'dilemma', 'decision', 'torn', 'sweating', 'cant decide', 'options'],
  boxes: [
    { id: 'left', caption: 'Sleep early', x: 100, y: 180, w: 400, h: 220, rotation: -5, ...DARK_CAPTION },
    { id: 'right', caption: 'One more episode', x: 580, y: 180, w: 400, h: 220, rotation: 5, ...DARK_CAPTION },
    { id: 'chooser', caption: 'Me at midnight', x: 60, y: 1720, w: 960, h: 180 },
  ],
  draw: () =>
    svgDocument(
      rect(0, 0, 1080, 1920, 'url(#wall)') +
        labelCard(300, -5) +
        labelCard(780, 5) +
        `<path d="M300 440L300 500M780 440L780 500" stroke="${C.ink}" stroke-width="10" stroke-linecap="round" stroke-dasharray="2 22"/>` +
        `<rect x="30" y="540" width="1020" height="380" rx="48" fill="${C.steelDark}" ${OUTLINE}/>` +
        `<rect x="70" y="575" width="940" height="300" rx="34" fill="${C.steel}" ${OUTLINE}/>` +
        circle(110, 610, 10, C.ink) +
        circle(970, 610, 10, C.ink) +
        circle(110, 840, 10, C.ink) +
        circle(970, 840, 10, C.ink) +
        buttonDome(300, 680) +
        buttonDome(780, 680) +
        place(
          540,
          1300,
          1.15,
          blob({
            eyes: 'wide',
            mouth: 'w',
            sweat: true,
            arms: tube('M-150 110L-200 200', C.teal, 26) + tube('M150 90L200-10L150-100', C.teal, 26),
          }),
        ),
      linearGradient('wall', ['#FFF4E0', '#FFE2B8']),
    ),
};

const beforeAfter: TemplateArt = {
  id: 'before-after',
  name: 'Before / After',
  description:
    'A split in two halves with Bo the blob. Top half, "before": grey and rainy, Bo slumped with tired eyes under a rain cloud. Bottom half, "after": sunny with sunbeams, Bo in sunglasses cheering with arms up. Caption the situation before at the top, and what changed it (or the result) in the box at the top of the lower half.',
  keywords: ['before', 'after', 'transformation', 'change', 'coffee', 'glow up', 'improvement', 'then', 'now', 'mood'],
  boxes: [
    { id: 'before', caption: 'Before coffee', x: 60, y: 30, w: 960, h: 170 },
    { id: 'after', caption: 'After coffee', x: 60, y: 1000, w: 960, h: 200 },
  ],
  draw: () => {
    const drops = [380, 470, 560, 650, 720]
      .map(
        (x, i) =>
          `<path d="M${x} ${390 + (i % 2) * 40}l-14 40" stroke="${C.sky}" stroke-width="10" stroke-linecap="round"/>`,
      )
      .join('');
    return svgDocument(
      rect(0, 0, 1080, 960, 'url(#gloom)') +
        rect(0, 840, 1080, 120, '#8E9AAF') +
        cloud(540, 340, 1.1, '#8A94A8', true) +
        drops +
        place(
          540,
          590,
          0.9,
          blob({
            eyes: 'tired',
            mouth: 'frown',
            color: '#6DB5AB',
            arms: tube('M-150 110L-175 250', '#6DB5AB', 26) + tube('M150 110L175 250', '#6DB5AB', 26),
          }),
        ) +
        rect(0, 960, 1080, 960, 'url(#sunny)') +
        `<g clip-path="url(#lower)">${rays(540, 1540, 24, 900, 'white', 0.35)}</g>` +
        rect(0, 1820, 1080, 100, '#F4A259') +
        place(
          540,
          1500,
          0.9,
          blob({
            glasses: true,
            mouth: 'grin',
            arms: tube('M-150 80L-240-60', C.teal, 26) + tube('M150 80L240-60', C.teal, 26),
          }),
        ) +
        sparkle(250, 1330, 40) +
        sparkle(840, 1290, 52) +
        sparkle(900, 1600, 30) +
        divider(960),
      linearGradient('gloom', ['#A6B1C4', '#C7CFDC']) +
        linearGradient('sunny', ['#FFE9A6', '#FFC94D']) +
        '<clipPath id="lower"><rect x="0" y="960" width="1080" height="960"/></clipPath>',
    );
  },
};

function bedroom(top: number, isAwake: boolean): string {
  const moon = path(`M900 ${top + 190}a60 60 0 1 0 50 90a48 48 0 1 1-50-90Z`, '#FFE9A6');
  const stars = sparkle(760, top + 180, 14, '#FFE9A6') + sparkle(820, top + 330, 10, '#FFE9A6');
  return (
    rect(0, top, 1080, 960, 'url(#night)') +
    `<rect x="700" y="${top + 120}" width="300" height="320" rx="20" fill="#2E3672" ${OUTLINE}/>` +
    moon +
    stars +
    `<path d="M850 ${top + 120}L850 ${top + 440}M700 ${top + 280}L1000 ${top + 280}" stroke="${C.ink}" stroke-width="10"/>` +
    `<rect x="40" y="${top + 560}" width="120" height="400" rx="24" fill="${C.woodDark}" ${OUTLINE}/>` +
    ellipse(320, top + 700, 200, 80, 'white', OUTLINE) +
    rotate(
      -8,
      320,
      top + 620,
      place(
        320,
        top + 620,
        0.72,
        cat({ headOnly: true, eyes: isAwake ? 'wide' : 'closed', mouth: isAwake ? 'flat' : 'smile' }),
      ),
    ) +
    `<path d="M150 ${top + 960}L150 ${top + 760}Q400 ${top + 700} 640 ${top + 740}Q900 ${top + 720} 1080 ${top + 770}L1080 ${top + 960}Z" fill="${C.lilac}" ${OUTLINE}/>` +
    `<path d="M260 ${top + 800}Q500 ${top + 760} 760 ${top + 800}" fill="none" stroke="${C.violet}" stroke-width="8" stroke-linecap="round" opacity="0.5"/>`
  );
}

const brainAtNight: TemplateArt = {
  id: 'brain-at-night',
  name: 'Brain at Night',
  description:
    'Two panels in a dark bedroom. Top: Miso the cat tucked in bed, eyes closed, ready to sleep. Bottom: the same cat wide awake, staring, with a big empty speech bubble: the brain\'s intrusive late-night thought. Caption the top with "me trying to sleep" (or similar) and put the thought in the bubble.',
  keywords: ['brain', 'night', 'sleep', 'insomnia', 'overthinking', 'intrusive thought', 'cringe', 'memory', 'bedtime'],
  boxes: [
    { id: 'sleep', caption: 'Me, finally ready to sleep', x: 60, y: 60, w: 600, h: 260 },
    {
      id: 'thought',
      caption: 'My brain: remember that thing you said in 2014?',
      x: 130,
      y: 1050,
      w: 820,
      h: 320,
      ...DARK_CAPTION,
    },
  ],
  draw: () =>
    svgDocument(
      bedroom(0, false) +
        sparkle(500, 470, 22, '#FFE9A6') +
        sparkle(560, 420, 14, '#FFE9A6') +
        bedroom(960, true) +
        `<rect x="80" y="1010" width="920" height="400" rx="60" fill="white" ${OUTLINE}/>` +
        path('M360 1402L330 1500L450 1402Z', 'white') +
        `<path d="M360 1410L330 1500L450 1410" fill="none" ${OUTLINE}/>` +
        divider(960),
      linearGradient('night', ['#3A3F7A', '#1E2240']),
    ),
};

export const panelScenes: TemplateArt[] = [nopeYep, twoButtons, beforeAfter, brainAtNight];
