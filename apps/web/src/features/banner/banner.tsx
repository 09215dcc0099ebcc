import { Megaphone, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { useAuthStore } from '../auth/auth-store';
import { useBanner, type Banner as BannerData } from './use-banner';

const BannerMarkdown = lazy(() => import('./banner-markdown'));

type Dismissals = Record<string, string>;

/** What a dismissal remembers: this banner as it is now. An edit changes `updatedAt`, so it shows again. */
const versionOf = (banner: BannerData) => `${banner.bannerId}@${banner.updatedAt}`;

/**
 * The administrator's announcement (SPEC 2), over the chat and the sign-in pages. Dismissing it
 * hides this version of it for this user in this browser (kept per user id, so someone else
 * signing in on the same browser still sees it); a persistable banner cannot be dismissed.
 */
export function Banner() {
  const { t } = useTranslation('common');
  const { data: banner } = useBanner();
  const userKey = useAuthStore((s) => s.user?.id ?? 'visitor');
  const [dismissals, setDismissals] = useState(() => readStorage<Dismissals>(STORAGE_KEYS.dismissedBanner, {}));
  if (!banner) return null;
  const isDismissible = !banner.persistable;
  if (isDismissible && dismissals[userKey] === versionOf(banner)) return null;
  const dismiss = () => {
    // Re-read: another tab may have dismissed for another user meanwhile.
    const next = { ...readStorage<Dismissals>(STORAGE_KEYS.dismissedBanner, {}), [userKey]: versionOf(banner) };
    writeStorage(STORAGE_KEYS.dismissedBanner, next);
    setDismissals(next);
  };
  return (
    <div
      className="relative flex min-h-10 shrink-0 items-center justify-center gap-2.5 bg-accent px-12 py-2 text-center text-sm font-medium text-on-accent"
      role="region"
      aria-label={t('announcement')}
      data-testid="banner"
      data-banner-id={banner.bannerId}
    >
      <Megaphone className="hidden size-4 shrink-0 opacity-90 sm:block" aria-hidden />
      <Suspense fallback={<p className="min-w-0 whitespace-pre-line">{banner.message}</p>}>
        <BannerMarkdown text={banner.message} className="line-clamp-3 break-words" />
      </Suspense>
      {isDismissible ? (
        <button
          type="button"
          onClick={dismiss}
          className="focus-ring absolute top-1/2 right-2.5 flex size-7 -translate-y-1/2 items-center justify-center rounded-md hover:bg-black/10"
          aria-label={t('dismiss')}
          data-testid="banner-dismiss"
        >
          <X className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
