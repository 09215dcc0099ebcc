import { useEffect, useState } from 'react';
import { useAuthedImage } from '../files/authed-images';
import { useMemeScope } from './meme-context';
import type { MemeSource } from './meme-source';

export type MemePicture =
  { status: 'none' } | { status: 'loading' } | { status: 'error' } | { status: 'loaded'; image: HTMLImageElement };

/**
 * Loads the picture under the captions, decoded off the main thread before it is drawn. Stored
 * images come through the token-authed blob cache (a blob URL never taints the canvas, so the
 * meme can still be downloaded), through the shared link on a shared page; templates are
 * same-origin paths.
 */
export function useMemePicture(source: MemeSource): MemePicture {
  const path = source.kind === 'url' ? source.url : null;
  const authed = useAuthedImage(path, useMemeScope().shareId);
  const src = authed.status === 'loaded' ? authed.src : null;
  const [state, setState] = useState<{ src: string; picture: MemePicture } | null>(null);

  useEffect(() => {
    if (!src) return;
    let isCurrent = true;
    const image = new Image();
    image.decoding = 'async';
    image.src = src;
    image.decode().then(
      () => isCurrent && setState({ src, picture: { status: 'loaded', image } }),
      () => isCurrent && setState({ src, picture: { status: 'error' } }),
    );
    return () => {
      isCurrent = false;
    };
  }, [src]);

  if (!path) return { status: 'none' };
  if (authed.status === 'error') return { status: 'error' };
  if (!src || state?.src !== src) return { status: 'loading' };
  return state.picture;
}
