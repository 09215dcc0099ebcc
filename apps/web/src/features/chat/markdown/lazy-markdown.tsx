import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './markdown';
import { PlainText } from './plain-text';

/**
 * The markdown renderer (react-markdown, KaTeX, highlight.js) is the heaviest part of the app:
 * it loads in its own chunk, fetched as soon as this module is evaluated, so sign-in pages do
 * not wait for it. Until it arrives, text shows as typed.
 */
const loadMarkdown = () => import('./markdown');
const LazyMarkdownImpl = lazy(async () => ({ default: (await loadMarkdown()).Markdown }));
void loadMarkdown();

export function Markdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<PlainText content={props.content} className={props.className} />}>
      <LazyMarkdownImpl {...props} />
    </Suspense>
  );
}
