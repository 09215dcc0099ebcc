import 'katex/dist/katex.min.css';
import rehypeKatex from 'rehype-katex';
import type { RehypePlugin } from './markdown-extras';

/** KaTeX with its stylesheet (and so its fonts): a chunk of its own, fetched for the first math. */
export const katexPlugin: RehypePlugin = [rehypeKatex, { throwOnError: false, strict: false }];

/** Long enough for the fonts on a slow line; a formula never waits longer for them. */
const FONT_WAIT_MS = 1500;

/**
 * The two faces most formulas are set in, fetched before the first formula shows: set in a
 * fallback font first, it reflowed when they arrived (issue 35). Rarer faces (large operators,
 * script) still swap in when used.
 */
export async function loadKatexFonts(): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  const faces = ['1em KaTeX_Main', 'italic 1em KaTeX_Math'].map((face) => document.fonts.load(face).catch(() => []));
  await Promise.race([Promise.all(faces), new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}
