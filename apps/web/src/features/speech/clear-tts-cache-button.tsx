import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { clearTtsCache } from './read-aloud';

/** Settings → Data (SPEC 2): clears the browser's cache of read-aloud audio. */
export function ClearTtsCacheButton() {
  const { t } = useTranslation('speech');
  const [isClearing, setIsClearing] = useState(false);
  const clear = async () => {
    setIsClearing(true);
    try {
      const hadAudio = await clearTtsCache();
      showToast({ message: hadAudio ? t('clear_cache.done') : t('clear_cache.empty'), status: 'success' });
    } catch {
      showToast({ message: t('error_audio_process'), status: 'error' });
    } finally {
      setIsClearing(false);
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void clear()}
      disabled={isClearing}
      data-testid="clear-tts-cache"
    >
      {t('clear_cache.button')}
    </Button>
  );
}
