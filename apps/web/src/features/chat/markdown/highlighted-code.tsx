import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { useEffect, useMemo, useState } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { cn } from '../../../lib/cn';
import type { highlightCode } from './markdown-highlight';

type Highlight = typeof highlightCode;

let loaded: Highlight | null = null;
let loading: Promise<Highlight> | null = null;

/** highlight.js, from the chunk the markdown renderer uses (fetched once, on first need). */
function loadHighlight(): Promise<Highlight> {
  loading ??= import('./markdown-highlight').then(
    (module) => (loaded = module.highlightCode),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Code that is not in markdown (an execute_code call's input), coloured as fenced code is; plain
 * until highlight.js has loaded, or for a language it does not know. Goes inside a `<pre>`.
 */
export function HighlightedCode({ language, code }: { language: string; code: string }) {
  const [highlight, setHighlight] = useState<Highlight | null>(() => loaded);
  useEffect(() => {
    if (highlight) return;
    let isCurrent = true;
    loadHighlight().then(
      (fn) => isCurrent && setHighlight(() => fn),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [highlight]);
  const body = useMemo(() => {
    const tree = highlight?.(language, code);
    return tree ? toJsxRuntime(tree, { Fragment, jsx, jsxs }) : code;
  }, [highlight, language, code]);
  return <code className={cn('font-mono', language && `hljs language-${language}`)}>{body}</code>;
}
