import { memeImageFileName, withJpegDescription } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { track } from '../../lib/analytics';
import { saveBlob } from '../files/download-file';
import { useDownloadAction } from '../files/use-file-download';
import { renderMemeJpeg, type MemeScene } from './meme-canvas-paint';

/**
 * Downloads the meme as a 1080×1920 JPEG named with a timestamp (SPEC 1, 9), drawn afresh from
 * its scene so the file never depends on the size it is shown at; SPEC 8's "download error"
 * toast when the canvas cannot be encoded. Issue 39: its alt text goes into the JPEG's metadata.
 */
export function useMemeImageDownload(scene: MemeScene, altText?: string) {
  const { t } = useTranslation('memes');
  return useDownloadAction(async () => {
    const jpeg = await renderMemeJpeg(scene);
    const described = altText
      ? new Blob([withJpegDescription(new Uint8Array(await jpeg.arrayBuffer()), altText)], { type: 'image/jpeg' })
      : jpeg;
    saveBlob(described, memeImageFileName());
    track('meme_downloaded', { type: 'image' });
  }, t('download_error'));
}
