import type Sharp from 'sharp';

let sharpModule: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded by the first picture processed rather than at start: libvips holds memory that a
 * server nobody has sent an image to need not keep. Every caller (uploads, avatars, memes) goes
 * through here, so the process-wide setting below holds for all of them.
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a new temporary file read once: libvips' operation cache would only keep
    // file handles and pixels of files already deleted.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}
