import {
  memeAltText,
  memeVideoArgsSchema,
  memeVideoOutputAltText,
  type CaptionBox,
  type MemeImageOutput,
} from '@confab/shared';

/**
 * A meme image's alt text: the one the server made (in the tool's output, also in the stored
 * JPEG), or, for a meme made before alt texts or still streaming, one built from its captions.
 */
export function memeImageAltText(output: MemeImageOutput | null, boxes: readonly CaptionBox[]): string {
  return output?.alt_text ?? memeAltText({ captionsBoxes: boxes });
}

/** The file id in a meme video's own URL (`/api/memes/videos/<fileId>.<ext>`), or null for another video. */
export function memeVideoFileId(url: string | null): string | null {
  return url ? (/^\/api\/memes\/videos\/([A-Za-z0-9_-]+)\.[a-z0-9]+$/.exec(url)?.[1] ?? null) : null;
}

/**
 * A meme video's alt text: the one the server made (in the tool's output), or, for a video made
 * before alt texts or still rendering, one built from its scenes as the call's arguments name them.
 */
export function memeVideoAltText(args: string, output?: string): string {
  const made = memeVideoOutputAltText(output);
  if (made) return made;
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    parsed = undefined;
  }
  const video = memeVideoArgsSchema.safeParse(parsed);
  return memeAltText(video.success ? video.data.scenes : [{}]);
}
