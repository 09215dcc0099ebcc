import { VIDEO_TIMING } from './meme-video-timing.js';

/** A scene as ffmpeg sees it: its picture's input, and each caption's input, place and start time. */
export interface GraphScene {
  seconds: number;
  pictureInput: number;
  captions: { input: number; x: number; y: number; startsAt: number }[];
}

export interface GraphOptions {
  width: number;
  height: number;
  fps: number;
}

/**
 * The ffmpeg filter graph of a meme video; its output pad is `[out]`. Per scene: the picture
 * (contained on black at 1080×1920) slowly zooms in and drifts, left or right by turns, scaled to
 * the video's size (zoompan makes all its frames from one decoded image, the cheapest motion);
 * each caption, a single image repeated in memory, fades in at its start time and stays to the
 * end; scenes are joined through a short fade to and from black. Captions are laid over the
 * moving picture, so they stay exactly where the still meme has them.
 */
export function buildFilterGraph(scenes: readonly GraphScene[], { width, height, fps }: GraphOptions): string {
  const chains: string[] = [];
  scenes.forEach((scene, i) => {
    const frames = frameCount(scene.seconds, fps);
    const drift = i % 2 === 0 ? 0.25 : -0.25;
    const { zoomBy, captionFade, sceneFade } = VIDEO_TIMING;
    chains.push(
      `[${scene.pictureInput}:v]zoompan=z='1+${zoomBy}*on/${frames}'` +
        `:x='(iw-iw/zoom)*(0.5+${drift}*on/${frames})':y='(ih-ih/zoom)*(0.5-0.15*on/${frames})'` +
        `:d=${frames}:s=${width}x${height}:fps=${fps},setsar=1,format=yuv420p[s${i}p0]`,
    );
    scene.captions.forEach((caption, k) => {
      const start = caption.startsAt.toFixed(2);
      chains.push(
        `[${caption.input}:v]format=rgba,loop=loop=${frames - 1}:size=1:start=0,setpts=N/(${fps}*TB),` +
          `fade=t=in:st=${start}:d=${captionFade}:alpha=1[s${i}c${k}]`,
        `[s${i}p${k}][s${i}c${k}]overlay=x=${caption.x}:y=${caption.y}:enable='gte(t,${start})'[s${i}p${k + 1}]`,
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

/** Whole frames in a scene: its length rounded to the frame rate, at least one. */
export const frameCount = (seconds: number, fps: number): number => Math.max(1, Math.round(seconds * fps));
