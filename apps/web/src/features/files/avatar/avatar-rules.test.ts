import { describe, expect, it } from 'vitest';
import { checkAvatarFile } from './avatar-rules';

const MB = 1024 * 1024;

describe('checkAvatarFile', () => {
  it('takes a raster image up to the limit', () => {
    expect(checkAvatarFile({ name: 'me.png', size: 2 * MB, type: 'image/png' }, 2)).toBeNull();
    expect(checkAvatarFile({ name: 'me.JPG', size: 10, type: '' }, 2)).toBeNull();
  });

  it('refuses a larger one with the SPEC message', () => {
    expect(checkAvatarFile({ name: 'me.png', size: 2 * MB + 1, type: 'image/png' }, 2)).toEqual({
      kind: 'too_large',
      message: 'File size exceeds 2 MB.',
    });
  });

  it('refuses what is not a raster image (SVG included)', () => {
    expect(checkAvatarFile({ name: 'me.svg', size: 10, type: 'image/svg+xml' }, 2)).toEqual({ kind: 'not_image' });
    expect(checkAvatarFile({ name: 'me.pdf', size: 10, type: 'application/pdf' }, 2)).toEqual({ kind: 'not_image' });
  });
});
