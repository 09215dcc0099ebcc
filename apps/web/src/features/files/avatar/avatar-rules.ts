import { FILE_ERROR_MESSAGES, inferFileType, isSafeInlineImage, mbToBytes } from '@confab/shared';

export type AvatarProblem = { kind: 'not_image' } | { kind: 'too_large'; message: string };

/**
 * SPEC 9: an avatar is a raster image of at most the avatar size limit (2 MB by default), with
 * SPEC 5's size message when larger.
 */
export function checkAvatarFile(file: { name: string; size: number; type: string }, limitMb: number): AvatarProblem | null {
  const type = inferFileType(file.name, file.type) ?? '';
  if (!isSafeInlineImage(type)) return { kind: 'not_image' };
  if (file.size > mbToBytes(limitMb)) return { kind: 'too_large', message: FILE_ERROR_MESSAGES.avatarSize(limitMb) };
  return null;
}
