/**
 * The stickers' drawings (issue 39): the project's own art, hand-written SVG on a 256×256 view
 * box, each with a dark outline so it reads on any picture. Rasterized by the server (sharp) to
 * the PNG both renderers draw; nothing here loads anything (no text, no external references).
 */

const OUTLINE = 'stroke="#1b1b1f" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"';

const svg = (body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">${body}</svg>`;

/** A round face with its features drawn over it. */
const face = (fill: string, features: string): string =>
  svg(`<circle cx="128" cy="128" r="110" fill="${fill}" ${OUTLINE}/>${features}`);

export const STICKER_ART: Record<string, string> = {
  heart: svg(
    `<path d="M128 222 C60 170 22 132 22 88 C22 54 48 30 80 30 C102 30 118 42 128 60 C138 42 154 30 176 30 C208 30 234 54 234 88 C234 132 196 170 128 222 Z" fill="#e8344e" ${OUTLINE}/>` +
      `<path d="M64 72 C70 58 82 52 94 52" fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round" opacity="0.7"/>`,
  ),
  star: svg(
    `<path d="M128 16 L158 92 L240 96 L176 148 L198 230 L128 184 L58 230 L80 148 L16 96 L98 92 Z" fill="#ffc928" ${OUTLINE}/>`,
  ),
  fire: svg(
    `<path d="M128 240 C72 240 40 204 40 158 C40 110 82 90 88 40 C118 62 132 88 130 118 C146 104 154 86 152 66 C196 98 216 130 216 164 C216 208 184 240 128 240 Z" fill="#ff7a1a" ${OUTLINE}/>` +
      `<path d="M128 232 C102 232 86 214 86 192 C86 164 112 152 118 126 C144 146 170 166 170 194 C170 216 154 232 128 232 Z" fill="#ffd43b"/>`,
  ),
  laughing: face(
    '#ffcc33',
    `<path d="M66 100 Q84 78 102 100 M154 100 Q172 78 190 100" fill="none" ${OUTLINE}/>` +
      `<path d="M62 134 L194 134 Q190 206 128 206 Q66 206 62 134 Z" fill="#7a1f2b" ${OUTLINE}/>` +
      `<path d="M84 176 Q128 156 172 176 Q156 200 128 200 Q100 200 84 176 Z" fill="#ff6b81"/>` +
      `<path d="M40 108 Q22 140 36 156 Q52 160 52 138 Z M216 108 Q234 140 220 156 Q204 160 204 138 Z" fill="#4cb8f5" stroke="#1b1b1f" stroke-width="6" stroke-linejoin="round"/>`,
  ),
  'thumbs-up': svg(
    `<path d="M34 118 H78 V228 H34 Z" fill="#3d7be0" ${OUTLINE}/>` +
      `<path d="M78 118 L118 58 C124 44 132 30 146 34 C160 38 160 56 154 74 L146 104 H206 C222 104 232 118 228 134 L212 208 C208 222 198 228 184 228 H78 Z" fill="#ffcc33" ${OUTLINE}/>`,
  ),
  sunglasses: face(
    '#ffcc33',
    `<path d="M36 96 H220 L214 112 H204 Q200 150 168 150 Q140 150 136 116 H120 Q116 150 88 150 Q56 150 52 112 H42 Z" fill="#1b1b1f" ${OUTLINE}/>` +
      `<path d="M74 110 L92 110 M160 110 L178 110" stroke="#ffffff" stroke-width="8" stroke-linecap="round" opacity="0.6"/>` +
      `<path d="M90 182 Q128 206 170 178" fill="none" ${OUTLINE}/>`,
  ),
  'speech-bubble': svg(
    `<path d="M40 36 H216 Q240 36 240 60 V152 Q240 176 216 176 H112 L62 226 L72 176 H40 Q16 176 16 152 V60 Q16 36 40 36 Z" fill="#ffffff" ${OUTLINE}/>` +
      `<circle cx="82" cy="106" r="12" fill="#1b1b1f"/><circle cx="128" cy="106" r="12" fill="#1b1b1f"/><circle cx="174" cy="106" r="12" fill="#1b1b1f"/>`,
  ),
  'thought-bubble': svg(
    `<path d="M70 150 C34 150 22 116 44 96 C30 66 60 38 90 50 C104 24 150 22 164 48 C196 34 230 62 216 92 C244 110 230 152 196 150 C186 172 150 178 134 160 C116 176 82 172 70 150 Z" fill="#ffffff" ${OUTLINE}/>` +
      `<circle cx="72" cy="192" r="16" fill="#ffffff" ${OUTLINE}/><circle cx="42" cy="228" r="9" fill="#ffffff" stroke="#1b1b1f" stroke-width="8"/>`,
  ),
  arrow: svg(`<path d="M20 102 H150 V46 L238 128 L150 210 V154 H20 Z" fill="#ff3b3b" ${OUTLINE}/>`),
  sparkles: svg(
    `<path d="M104 24 Q114 96 184 110 Q114 124 104 200 Q94 124 24 110 Q94 96 104 24 Z" fill="#ffd43b" ${OUTLINE}/>` +
      `<path d="M194 140 Q199 176 232 182 Q199 188 194 226 Q189 188 156 182 Q189 176 194 140 Z" fill="#ffe98a" stroke="#1b1b1f" stroke-width="8" stroke-linejoin="round"/>` +
      `<path d="M196 22 Q200 48 222 52 Q200 56 196 82 Q192 56 170 52 Q192 48 196 22 Z" fill="#ffe98a" stroke="#1b1b1f" stroke-width="8" stroke-linejoin="round"/>`,
  ),
  crown: svg(
    `<path d="M28 200 L18 72 L78 120 L128 40 L178 120 L238 72 L228 200 Z" fill="#ffc928" ${OUTLINE}/>` +
      `<path d="M28 200 H228 V230 H28 Z" fill="#e0a100" ${OUTLINE}/>` +
      `<circle cx="128" cy="158" r="16" fill="#e8344e" stroke="#1b1b1f" stroke-width="8"/><circle cx="72" cy="166" r="11" fill="#3d7be0" stroke="#1b1b1f" stroke-width="7"/><circle cx="184" cy="166" r="11" fill="#2fb36b" stroke="#1b1b1f" stroke-width="7"/>`,
  ),
  lightning: svg(`<path d="M150 14 L44 146 H118 L96 242 L214 100 H138 Z" fill="#ffd43b" ${OUTLINE}/>`),
  skull: svg(
    `<path d="M128 20 C66 20 30 62 30 112 C30 146 46 168 70 178 V222 H186 V178 C210 168 226 146 226 112 C226 62 190 20 128 20 Z" fill="#f4f1ea" ${OUTLINE}/>` +
      `<ellipse cx="88" cy="118" rx="26" ry="28" fill="#1b1b1f"/><ellipse cx="168" cy="118" rx="26" ry="28" fill="#1b1b1f"/>` +
      `<path d="M128 150 L114 176 H142 Z" fill="#1b1b1f"/><path d="M104 198 V222 M128 198 V222 M152 198 V222" stroke="#1b1b1f" stroke-width="8"/>`,
  ),
  eyes: svg(
    `<ellipse cx="78" cy="128" rx="56" ry="84" fill="#ffffff" ${OUTLINE}/><ellipse cx="178" cy="128" rx="56" ry="84" fill="#ffffff" ${OUTLINE}/>` +
      `<circle cx="100" cy="146" r="26" fill="#1b1b1f"/><circle cx="200" cy="146" r="26" fill="#1b1b1f"/>` +
      `<circle cx="108" cy="138" r="7" fill="#ffffff"/><circle cx="208" cy="138" r="7" fill="#ffffff"/>`,
  ),
};
