import { useEffect, useState } from 'react';
import { isMarkdownReadyFor, loadMarkdownFor } from './markdown-loader';

/**
 * Whether the rows of a conversation may paint: the markdown renderer and the extras that
 * `texts` (the rows shown first) use have loaded, so no frame shows their table pipes, code fences
 * or `$` as typed before they reflow (issue 35). Asking starts the loads. `texts` is null while the
 * messages load. Once true for `sessionKey` it stays true: a reply that brings the first formula
 * to an open chat never turns it back into a skeleton.
 */
export function useMarkdownReady(sessionKey: string, texts: readonly string[] | null): boolean {
  const [readyKey, setReadyKey] = useState<string | null>(null);
  const isReadyNow = texts !== null && isMarkdownReadyFor(texts);
  const isReady = readyKey === sessionKey || isReadyNow;

  useEffect(() => {
    if (readyKey === sessionKey) return;
    if (isReadyNow) {
      setReadyKey(sessionKey);
      return;
    }
    if (!texts) return;
    let isCurrent = true;
    void loadMarkdownFor(texts).then(() => {
      if (isCurrent) setReadyKey(sessionKey);
    });
    return () => {
      isCurrent = false;
    };
  }, [readyKey, sessionKey, isReadyNow, texts]);

  return isReady;
}
