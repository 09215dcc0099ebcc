import { captionLegibilityAt, MEME_IMAGE } from '@confab/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolCall } from '../chat/stream/tool-call-events';
import type { ToolCallStatus } from '../chat/messages/tools/tool-call-status';
import { paintFailedImage, paintMeme, type MemeScene } from './meme-canvas-paint';
import { readMemeImageOutput } from './meme-image-args';
import { chooseMemeSource } from './meme-source';
import { useMemePicture } from './use-meme-picture';
import { useDisplayWidth } from './use-display-width';
import { useThrottledDraft } from './use-throttled-draft';

/** What an image slot shows (SPEC 8's placeholders), besides the canvas. */
export type MemeImagePhase = 'waiting-data' | 'loading-image' | 'failed' | 'ready';

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * Draws a `create_meme_image` call on a canvas as its arguments stream: the captions on black as
 * soon as they are complete, the picture under them once it is named and loaded, and once more
 * when the call ends; "Failed to load image" on a 400×300 canvas when the picture cannot load.
 * Captions keep a legible size for the width the canvas is shown at (the expanded view and the
 * download draw the full layout); `overflow` is SPEC 5's answer either way.
 */
export function useMemeDrawing(call: ToolCall, status: ToolCallStatus) {
  const { t } = useTranslation('memes');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const isFinal = status !== 'running';
  const draft = useThrottledDraft(call.args, isFinal);
  const output = useMemo(() => readMemeImageOutput(call.output), [call.output]);
  const source = chooseMemeSource(draft.imageUrlString, output, isFinal);
  const picture = useMemePicture(source);
  const [overflow, setOverflow] = useState<string[]>([]);
  /** The smallest caption as shown, in CSS px (null before the first draw or without captions). */
  const [smallestCaptionCssPx, setSmallestCaptionCssPx] = useState<number | null>(null);
  // Shown in a grid slot a few hundred px wide: captions keep a legible size there (MEME_UI.slotCaption).
  const displayWidth = useDisplayWidth(canvasRef);

  const phase: MemeImagePhase =
    source.kind === 'waiting-data'
      ? 'waiting-data'
      : source.kind === 'unavailable' || picture.status === 'error'
        ? 'failed'
        : picture.status === 'loaded'
          ? 'ready'
          : 'loading-image';
  const image = picture.status === 'loaded' ? picture.image : undefined;
  const scene = useMemo<MemeScene>(
    () => ({
      image: image ? { source: image, width: image.naturalWidth, height: image.naturalHeight } : undefined,
      boxes: draft.boxes,
      language: draft.language,
      layout: draft.layout,
      barHeight: draft.barHeight,
    }),
    [image, draft],
  );
  const failedText = t('placeholder.failed_image');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    if (phase === 'failed') {
      paintFailedImage(canvas, failedText, {
        background: cssColor('--surface-tertiary', '#ececec'),
        text: cssColor('--fg-secondary', '#5d5d5d'),
      });
      setOverflow([]);
      return;
    }
    let isCurrent = true;
    const legibility = displayWidth > 0 ? captionLegibilityAt(displayWidth) : undefined;
    void paintMeme(canvas, scene, () => isCurrent, legibility).then((drawn) => {
      if (!drawn) return;
      const ids = drawn.overflow;
      setOverflow((current) => (current.join('\n') === ids.join('\n') ? current : ids));
      const shown = drawn.smallestFontPx === null ? null : (drawn.smallestFontPx * displayWidth) / MEME_IMAGE.width;
      setSmallestCaptionCssPx(displayWidth > 0 ? shown : null);
    });
    return () => {
      isCurrent = false;
    };
  }, [scene, phase, failedText, displayWidth]);

  return { canvasRef, phase, scene, overflow, output, smallestCaptionCssPx };
}
