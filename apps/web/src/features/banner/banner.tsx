import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { useBanner } from './use-banner';

/** The administrator's announcement; dismissing it hides that banner (by id) for good. */
export function Banner() {
  const { t } = useTranslation('common');
  const { data: banner } = useBanner();
  const [dismissedId, setDismissedId] = useState(() => readStorage<string | null>(STORAGE_KEYS.dismissedBanner, null));
  if (!banner || banner.bannerId === dismissedId) return null;
  const dismiss = () => {
    writeStorage(STORAGE_KEYS.dismissedBanner, banner.bannerId);
    setDismissedId(banner.bannerId);
  };
  return (
    <div className="relative flex min-h-10 items-center justify-center bg-accent px-12 py-2 text-center text-sm font-medium text-on-accent" role="region" aria-label="Announcement">
      <p className="line-clamp-2">{banner.message}</p>
      <button
        type="button"
        onClick={dismiss}
        className="focus-ring absolute top-1/2 right-3 flex size-7 -translate-y-1/2 items-center justify-center rounded-md hover:bg-black/10"
        aria-label={t('dismiss')}
      >
        <X className="size-4" />
      </button>
    </div>
  );
}
