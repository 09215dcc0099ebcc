import { useChatPreferences } from '../../settings/chat-preferences';
import type * as MarkdownModule from './markdown';

type MarkdownRenderer = typeof MarkdownModule;

let loaded: MarkdownRenderer | null = null;
let loading: Promise<MarkdownRenderer> | null = null;

/**
 * The markdown renderer's chunk (react-markdown's parts, GFM, math syntax), fetched once. A failed
 * fetch may be tried again (the next call starts over); reload-on-stale-chunk.ts reports it.
 */
export function loadMarkdownRenderer(): Promise<MarkdownRenderer> {
  loading ??= import('./markdown').then(
    (renderer) => (loaded = renderer),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The renderer once its chunk has arrived, else null (lazy-markdown.tsx then waits for it). */
export function loadedMarkdownRenderer(): MarkdownRenderer | null {
  return loaded;
}

/**
 * Whether `texts` can be shown formatted at once: the renderer and the extras they use (KaTeX,
 * highlight.js) are loaded. Asking starts the extras' loads. No text needs nothing.
 */
export function isMarkdownReadyFor(texts: readonly string[]): boolean {
  const renderer = loaded;
  const isMath = useChatPreferences.getState().LaTeXParsing;
  return (
    texts.length === 0 || (renderer !== null && texts.every((text) => !renderer.pendingExtraFor(text, { isMath })))
  );
}

/**
 * Loads what `texts` need to show formatted. Resolves when that is there, or when a load failed:
 * the rows then show and their text waits (or fails) on its own, as any other row's would.
 */
export async function loadMarkdownFor(texts: readonly string[]): Promise<void> {
  if (texts.length === 0) return;
  try {
    const { pendingExtraFor } = await loadMarkdownRenderer();
    for (;;) {
      const isMath = useChatPreferences.getState().LaTeXParsing;
      const pending = texts.map((text) => pendingExtraFor(text, { isMath })).find((extra) => extra !== null);
      if (!pending) return;
      await pending;
    }
  } catch {
    // Shown as typed rather than held behind a skeleton for good.
  }
}
