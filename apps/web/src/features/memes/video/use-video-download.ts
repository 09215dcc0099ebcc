import { memeVideoFileName } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics';
import { saveBlob } from '../../files/download-file';
import { useDownloadAction } from '../../files/use-file-download';
import { fetchVideoBlob } from './video-fetch';
import { videoFormatOf } from './video-url';

/**
 * Saves the video as `<prefix><timestamp>.mp4` (SPEC 1, 9; `.gif` or `.webp` for those formats) from a plain GET of its URL (SPEC 7),
 * the same request that plays it; SPEC 8's "Error downloading file" toast when it fails.
 */
export function useVideoDownload(url: string | null, shareId: string | undefined) {
  const { t } = useTranslation('meme-media');
  return useDownloadAction(async () => {
    if (!url) return;
    saveBlob(await fetchVideoBlob(url, shareId), memeVideoFileName().replace(/\.mp4$/, `.${videoFormatOf(url)}`));
    track('meme_downloaded', { type: 'video' });
  }, t('video.download_error'));
}
