import type * as Canvas from '@napi-rs/canvas';

let canvasModule: Promise<typeof Canvas> | undefined;

/**
 * @napi-rs/canvas, loaded by the first meme drawn rather than at start: Skia holds about 20 MB
 * that a server whose users never make a meme need not keep.
 */
export function loadCanvas(): Promise<typeof Canvas> {
  canvasModule ??= import('@napi-rs/canvas');
  return canvasModule;
}
