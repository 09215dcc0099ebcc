import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './markdown';
import { loadedMarkdownRenderer, loadMarkdownRenderer } from './markdown-loader';
import { PlainText } from './plain-text';

/**
 * The markdown renderer (react-markdown, KaTeX, highlight.js) is the heaviest part of the app:
 * it loads in its own chunk, fetched as soon as this module is evaluated (or the chat's route is
 * entered), so sign-in pages do not wait for it. The chat holds a conversation's rows until it
 * has arrived (use-markdown-ready.ts); elsewhere, until it arrives, text shows as typed.
 */
const LazyMarkdownImpl = lazy(async () => ({ default: (await loadMarkdownRenderer()).Markdown }));
void loadMarkdownRenderer().catch(() => undefined);

/**
 * While the renderer or an extra loads: the text formatted with what has loaded (code in its box
 * uncoloured, math as a placeholder of about its size), or, before the renderer, as typed.
 */
function Provisional(props: MarkdownProps) {
  const renderer = loadedMarkdownRenderer();
  if (!renderer) return <PlainText content={props.content} className={props.className} />;
  return <renderer.Markdown {...props} isProvisional />;
}

export function Markdown(props: MarkdownProps) {
  // Once loaded, the renderer is used directly: `lazy` would suspend for one more task on a
  // component's first use, and the first rows would paint their stand-in.
  const Impl = loadedMarkdownRenderer()?.Markdown ?? LazyMarkdownImpl;
  return (
    <Suspense fallback={<Provisional {...props} />}>
      <Impl {...props} />
    </Suspense>
  );
}
