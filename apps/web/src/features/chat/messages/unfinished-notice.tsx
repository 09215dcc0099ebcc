import { TIMING } from '@confab/shared';
import { useIsFetching } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_JOBS_KEY } from '../hooks/use-resume-active-job';

/**
 * SPEC 4: an unfinished reply that is not streaming explains itself after 250 ms. Not while
 * the page is still asking whether its generation is running (it may be about to resume).
 */
export function UnfinishedNotice() {
  const { t } = useTranslation('chat');
  const [isVisible, setIsVisible] = useState(false);
  const isCheckingJobs = useIsFetching({ queryKey: ACTIVE_JOBS_KEY }) > 0;
  useEffect(() => {
    const timer = setTimeout(() => setIsVisible(true), TIMING.unfinishedNoticeDelayMs);
    return () => clearTimeout(timer);
  }, []);
  if (!isVisible || isCheckingJobs) return null;
  return (
    <div
      className="mt-3 flex animate-fade-in gap-2 rounded-xl border border-line bg-surface-tertiary px-3.5 py-2.5 text-sm text-fg-secondary"
      data-testid="unfinished-notice"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{t('message.incomplete')}</span>
    </div>
  );
}
