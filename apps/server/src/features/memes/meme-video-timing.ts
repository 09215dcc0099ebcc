/** When things happen in a meme video's scene, in seconds from the scene's start. */
export const VIDEO_TIMING = {
  /** The first caption shows this long after its scene starts, once the picture has been seen. */
  firstCaptionAt: 0.3,
  /** The last caption stays at least this long before the scene ends, so it can be read. */
  lastCaptionHold: 1.5,
  /** A caption fades in over this long. */
  captionFade: 0.4,
  /** Scenes cross through black: the end of one fades out and the start of the next fades in. */
  sceneFade: 0.25,
  /** How far a scene zooms in, over its whole length (1 = none). */
  zoomBy: 0.12,
} as const;

/**
 * The start times of a scene's captions: one after another, in the order given, the first at
 * `firstCaptionAt` and each next one a step later, the last leaving `lastCaptionHold` to read it.
 * A scene too short to stagger shows them all at once.
 *
 * @example captionStartTimes(3, 5) // [0.3, 1.37, 2.43]
 */
export function captionStartTimes(count: number, sceneSeconds: number): number[] {
  const { firstCaptionAt, lastCaptionHold } = VIDEO_TIMING;
  const span = Math.max(0, sceneSeconds - firstCaptionAt - lastCaptionHold);
  const step = count > 1 ? span / count : 0;
  return Array.from({ length: count }, (_, i) => round2(Math.min(firstCaptionAt + i * step, sceneSeconds)));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** When one caption shows: from `startsAt`, until `endsAt` or, without one, to its scene's end. */
export interface CaptionWindow {
  startsAt: number;
  endsAt?: number | undefined;
}

/**
 * Each caption's window in a scene of `sceneSeconds`. A box with `start` or `end` (issue 39's
 * timed captions) shows in its own window, from `start` (else the scene's start) to `end` (else
 * the scene's end); the others keep appearing one after another (captionStartTimes), in order.
 *
 * @example captionTimes([{ start: 1, end: 2 }, {}], 5) // [{ startsAt: 1, endsAt: 2 }, { startsAt: 0.3 }]
 */
export function captionTimes(
  boxes: readonly ({ start?: number | undefined; end?: number | undefined } | undefined)[],
  sceneSeconds: number,
): CaptionWindow[] {
  const isTimed = (box: (typeof boxes)[number]) => box?.start !== undefined || box?.end !== undefined;
  const staggered = captionStartTimes(boxes.filter((box) => !isTimed(box)).length, sceneSeconds);
  let next = 0;
  return boxes.map((box) => {
    if (!box || !isTimed(box)) return { startsAt: staggered[next++] ?? 0 };
    const startsAt = round2(Math.min(box.start ?? 0, sceneSeconds));
    return box.end === undefined ? { startsAt } : { startsAt, endsAt: round2(Math.min(box.end, sceneSeconds)) };
  });
}

/**
 * Which captions a still of the scene shows (its poster): those on screen at the first moment
 * the most of them are, so timed captions that follow one another are not drawn over each other,
 * and captions that appear one after another (and stay) are all there, as in the still meme.
 * Indexes into `boxes`; none for a scene without captions.
 *
 * @example posterCaptions([{ start: 0, end: 1 }, { start: 1 }, {}], 3) // [0, 2]
 */
export function posterCaptions(
  boxes: readonly ({ start?: number | undefined; end?: number | undefined } | undefined)[],
  sceneSeconds: number,
): number[] {
  const windows = captionTimes(boxes, sceneSeconds);
  const shownAt = (moment: number) =>
    windows.flatMap(({ startsAt, endsAt }, k) =>
      startsAt <= moment && moment < (endsAt ?? Number.POSITIVE_INFINITY) ? [k] : [],
    );
  let best: number[] = [];
  for (const moment of [...new Set(windows.map((w) => w.startsAt))].sort((a, b) => a - b)) {
    const shown = shownAt(moment);
    if (shown.length > best.length) best = shown;
  }
  return best;
}
