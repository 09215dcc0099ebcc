import { VIDEO_TIMING } from './meme-video-timing.js';

/**
 * A scene as ffmpeg sees it: its picture's input (a still that pans and zooms, or a clip the user
 * brought, already cut by the input's own -ss/-t), and each caption's input, place and window:
 * a caption without `endsAt` stays to the scene's end.
 */
export interface GraphScene {
  seconds: number;
  pictureInput: number;
  isClip?: boolean | undefined;
  /** The modern layout's white caption bar at the top, in the video's pixels (absent or 0: none). */
  barHeight?: number | undefined;
  captions: { input: number; x: number; y: number; startsAt: number; endsAt?: number | undefined }[];
}

export interface GraphOptions {
  width: number;
  height: number;
  fps: number;
}

/**
 * The ffmpeg filter graph of a meme video; its output pad is `[out]`. Per scene: the picture
 * (contained on black at 1080×1920) slowly zooms in and drifts, left or right by turns, scaled to
 * the video's size (zoompan makes all its frames from one decoded image, the cheapest motion), or
 * a clip plays contained in the frame; each caption, a single image repeated in memory, fades in
 * at its start time and stays to the end (a timed one fades out at its end and is gone after);
 * scenes are joined through a short fade to and from black. Captions are laid over the moving
 * picture, so they stay exactly where the still meme has them.
 */
export function buildFilterGraph(scenes: readonly GraphScene[], { width, height, fps }: GraphOptions): string {
  const chains: string[] = [];
  scenes.forEach((scene, i) => {
    const frames = frameCount(scene.seconds, fps);
    const drift = i % 2 === 0 ? 0.25 : -0.25;
    const { zoomBy, captionFade, sceneFade } = VIDEO_TIMING;
    const bar = Math.max(0, Math.min(height, Math.round(scene.barHeight ?? 0)));
    // The bar stays still over the moving picture, as the captions in it do. Drawn once the frame
    // is yuv420p: drawbox writes video-range white, which on a JPEG's full-range frame is grey.
    const drawBar = bar > 0 ? `,drawbox=x=0:y=0:w=iw:h=${bar}:color=white:t=fill` : '';
    chains.push(
      scene.isClip
        ? clipChain(scene.pictureInput, frames, { width, height, fps }, bar) + `${drawBar}[s${i}p0]`
        : `[${scene.pictureInput}:v]zoompan=z='1+${zoomBy}*on/${frames}'` +
            `:x='(iw-iw/zoom)*(0.5+${drift}*on/${frames})':y='(ih-ih/zoom)*(0.5-0.15*on/${frames})'` +
            `:d=${frames}:s=${width}x${height}:fps=${fps},setsar=1,format=yuv420p${drawBar}[s${i}p0]`,
    );
    scene.captions.forEach((caption, k) => {
      const start = caption.startsAt.toFixed(2);
      const fades = [`fade=t=in:st=${start}:d=${captionFade}:alpha=1`];
      let enable = `gte(t,${start})`;
      if (caption.endsAt !== undefined) {
        // A timed caption fades out over the end of its window and is not drawn after it.
        const fadeOut = Math.min(captionFade, Math.max(0, caption.endsAt - caption.startsAt) / 2);
        fades.push(`fade=t=out:st=${(caption.endsAt - fadeOut).toFixed(2)}:d=${fadeOut.toFixed(2)}:alpha=1`);
        enable = `between(t,${start},${caption.endsAt.toFixed(2)})`;
      }
      chains.push(
        `[${caption.input}:v]format=rgba,loop=loop=${frames - 1}:size=1:start=0,setpts=N/(${fps}*TB),` +
          `${fades.join(',')}[s${i}c${k}]`,
        `[s${i}p${k}][s${i}c${k}]overlay=x=${caption.x}:y=${caption.y}:enable='${enable}'[s${i}p${k + 1}]`,
      );
    });
    const fades = [
      ...(i > 0 ? [`fade=t=in:st=0:d=${sceneFade}`] : []),
      ...(i < scenes.length - 1 ? [`fade=t=out:st=${(frames / fps - sceneFade).toFixed(2)}:d=${sceneFade}`] : []),
    ];
    chains.push(`[s${i}p${scene.captions.length}]${[...fades, 'format=yuv420p'].join(',')}[s${i}]`);
  });
  const joined = scenes.map((_, i) => `[s${i}]`).join('');
  chains.push(scenes.length > 1 ? `${joined}concat=n=${scenes.length}:v=1:a=0[out]` : `${joined}null[out]`);
  return chains.join(';');
}

/**
 * A clip scene's picture: resampled to the frame rate, contained in the 9:16 frame on black (under
 * a bar of `bar` px: in the room below it, right under it, as pictureRect places a still), held
 * on its last frame should the cut come up a frame short, and exactly `frames` long.
 */
function clipChain(input: number, frames: number, { width, height, fps }: GraphOptions, bar = 0): string {
  const top = bar > 0 ? String(bar) : '(oh-ih)/2';
  return (
    `[${input}:v]fps=${fps},scale=${width}:${Math.max(2, height - bar)}:force_original_aspect_ratio=decrease,` +
    `pad=${width}:${height}:(ow-iw)/2:${top}:color=black,setsar=1,format=yuv420p,` +
    `tpad=stop_mode=clone:stop=${frames},trim=end_frame=${frames},setpts=PTS-STARTPTS`
  );
}

/** Whole frames in a scene: its length rounded to the frame rate, at least one. */
export const frameCount = (seconds: number, fps: number): number => Math.max(1, Math.round(seconds * fps));
