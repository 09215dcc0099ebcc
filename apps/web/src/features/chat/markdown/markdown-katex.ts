import 'katex/dist/katex.min.css';
import rehypeKatex from 'rehype-katex';
import type { RehypePlugin } from './markdown-extras';

/** KaTeX with its stylesheet (and so its fonts): a chunk of its own, fetched for the first math. */
export const katexPlugin: RehypePlugin = [rehypeKatex, { throwOnError: false, strict: false }];
