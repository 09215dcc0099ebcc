import rehypeHighlight from 'rehype-highlight';
import type { RehypePlugin } from './markdown-extras';

/** highlight.js: a chunk of its own, fetched for the first fenced code block. */
export const highlightPlugin: RehypePlugin = [rehypeHighlight, { detect: false }];
