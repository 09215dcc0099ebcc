import { MEME_UI } from '@confab/shared';
import { useEffect, useRef, useState } from 'react';
import { readMemeImageDraft, type MemeImageDraft } from './meme-image-args';

function sameDraft(a: MemeImageDraft, b: MemeImageDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The call's arguments as a draft, re-read at most every 500 ms while they stream (SPEC 9's
 * canvas redraw interval; the partial parse and the redraw it causes stay off most frames), and
 * at once when the call ends.
 */
export function useThrottledDraft(args: string, isFinal: boolean): MemeImageDraft {
  const [draft, setDraft] = useState(() => readMemeImageDraft(args));
  const lastReadAt = useRef(0);
  const latestArgs = useRef(args);
  latestArgs.current = args;

  useEffect(() => {
    const read = () => {
      lastReadAt.current = Date.now();
      const next = readMemeImageDraft(latestArgs.current);
      setDraft((current) => (sameDraft(current, next) ? current : next));
    };
    const wait = isFinal ? 0 : lastReadAt.current + MEME_UI.canvasRedrawMs - Date.now();
    if (wait <= 0) {
      read();
      return;
    }
    const timer = setTimeout(read, wait);
    return () => clearTimeout(timer);
  }, [args, isFinal]);

  return draft;
}
