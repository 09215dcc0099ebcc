import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store';
import { downloadFile } from './download-file';

/** Downloads a stored file under its name, with SPEC 8's "download error" toast on failure. */
export function useFileDownload(downloadPath: string | null, filename: string) {
  const { t } = useTranslation('files');
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    if (!downloadPath) return;
    setIsDownloading(true);
    try {
      await downloadFile(downloadPath, filename);
    } catch {
      showToast({ message: t('download_error'), status: 'error' });
    } finally {
      setIsDownloading(false);
    }
  };
  return { download, isDownloading };
}
