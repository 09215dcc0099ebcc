import { memeVideoFileName } from '@confab/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast-store';
import { track } from '../../../lib/analytics';
import { saveBlob } from '../../files/download-file';
import { fetchVideoBlob } from './video-fetch';

/**
 * Saves the video as `<prefix><timestamp>.mp4` (SPEC 1, 9) from a plain GET of its URL (SPEC 7),
 * the same request that plays it; SPEC 8's "Error downloading file" toast when it fails.
 */
export function useVideoDownload(url: string | null, shareId: string | undefined) {
  const { t } = useTranslation('meme-media');
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    if (!url) return;
    setIsDownloading(true);
    try {
      saveBlob(await fetchVideoBlob(url, shareId), memeVideoFileName());
      track('meme_downloaded', { type: 'video' });
    } catch {
      showToast({ message: t('video.download_error'), status: 'error' });
    } finally {
      setIsDownloading(false);
    }
  };
  return { download, isDownloading };
}
