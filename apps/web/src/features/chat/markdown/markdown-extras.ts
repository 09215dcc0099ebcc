import type { Options } from 'react-markdown';

export type RehypePlugin = NonNullable<Options['rehypePlugins']>[number];

/**
 * KaTeX and highlight.js are most of the markdown renderer's weight; each loads the first time a
 * text needs it (issue 26). The tests are supersets of what the plugins act on: remark-math only
 * reads `$` delimiters (preprocessMarkdown makes them from `\(` and `\[`), rehype-katex also
 * renders ```math fences, and the highlighter (no detection) only colours fenced code with a
 * language. A loaded plugin is applied to every later text, which leaves texts without math or
 * fences unchanged, so a render never depends on what happened to load first.
 */
const MATH_PATTERN = /\$|\\\[|\\\(|^[ \t]*(?:`{3,}|~{3,})[ \t]*math/m;
const FENCE_PATTERN = /```|~~~/;

interface Extra {
  /** KaTeX: not needed, nor applied, with LaTeX parsing off. */
  isMath: boolean;
  pattern: RegExp;
  load: () => Promise<RehypePlugin>;
  plugin?: RehypePlugin;
  loading?: Promise<void>;
}

// The order the renderer has always applied them in.
const extras: Extra[] = [
  {
    isMath: true,
    pattern: MATH_PATTERN,
    load: async () => {
      const katex = await import('./markdown-katex');
      await katex.loadKatexFonts();
      return katex.katexPlugin;
    },
  },
  { isMath: false, pattern: FENCE_PATTERN, load: async () => (await import('./markdown-highlight')).highlightPlugin },
];

function startLoading(extra: Extra): Promise<void> {
  extra.loading ??= extra.load().then((plugin) => {
    extra.plugin = plugin;
  });
  return extra.loading;
}

/** Whether math is rendered (the `LaTeXParsing` preference); on unless said. */
interface MathOption {
  isMath?: boolean;
}

/**
 * The load still missing for `text`, or null when it can render now. The promise is kept per
 * plugin, so React's `use` sees the same one on every render until it settles.
 */
export function pendingExtraFor(text: string, { isMath = true }: MathOption = {}): Promise<void> | null {
  const missing = extras.find((extra) => !extra.plugin && (isMath || !extra.isMath) && extra.pattern.test(text));
  return missing ? startLoading(missing) : null;
}

/** The rehype plugins loaded so far, in their fixed order (without KaTeX when math is off). */
export function loadedRehypePlugins({ isMath = true }: MathOption = {}): RehypePlugin[] {
  return extras.flatMap((extra) => (extra.plugin && (isMath || !extra.isMath) ? [extra.plugin] : []));
}

/** Which extras have loaded ("10": KaTeX, not highlight.js): a rendered tree is kept per state. */
export function loadedExtrasKey(): string {
  return extras.map((extra) => (extra.plugin ? '1' : '0')).join('');
}

/** Loads every extra (tests render synchronously, without Suspense). */
export async function loadAllMarkdownExtras(): Promise<void> {
  await Promise.all(extras.map(startLoading));
}
