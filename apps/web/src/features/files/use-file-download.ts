import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store';
import { downloadFile } from './download-file';

/**
 * A download the user starts: busy while `save` runs, and `errorMessage` as an error toast when it
 * fails (SPEC 8: "download error" for files and meme images, "Error downloading file" for videos).
 */
export function useDownloadAction(save: () => Promise<void>, errorMessage: string) {
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    try {
      await save();
    } catch {
      showToast({ message: errorMessage, status: 'error' });
    } finally {
      setIsDownloading(false);
    }
  };
  return { download, isDownloading };
}

/** Downloads a stored file under its name, with SPEC 8's "download error" toast on failure. */
export function useFileDownload(downloadPath: string | null, filename: string) {
  const { t } = useTranslation('files');
  return useDownloadAction(async () => {
    if (downloadPath) await downloadFile(downloadPath, filename);
  }, t('download_error'));
}
