import { BarChart3, Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../config/use-document-title';
import { DailyChart } from './daily-chart';
import { formatDay } from './format';
import { ModelBars } from './model-bars';
import { EventCounts, TopUsersTable, ViolationsList } from './usage-lists';
import { UsageRangePicker } from './usage-range-picker';
import { UsageTiles } from './usage-tiles';
import { downloadUsageCsv, rangeDays, useUsageRangeChoice, useUsageReport } from './use-usage-report';

function Card({ title, hint, children, testId, className }: { title: string; hint?: string; children: ReactNode; testId?: string; className?: string }) {
  return (
    <section className={cn('flex min-w-0 flex-col rounded-2xl border border-line bg-surface p-4 sm:p-5', className)} data-testid={testId}>
      <header className="mb-3">
        <h2 className="text-[15px] font-semibold text-fg">{title}</h2>
        {hint ? <p className="mt-0.5 text-xs text-fg-tertiary">{hint}</p> : null}
      </header>
      {children}
    </section>
  );
}

/**
 * Admin → Usage (issue 40): a range of UTC days with its headline figures, messages and active
 * users per day, tokens and credits per model, the most active users, analytics events and
 * violations, and the whole report as a CSV.
 */
export function AdminUsagePage() {
  const { t, i18n } = useTranslation('admin-usage');
  useDocumentTitle(t('title'));
  const locale = i18n.language;
  const [choice, setChoice] = useUsageRangeChoice();
  const range = rangeDays(choice);
  const report = useUsageReport(range);
  const [isDownloading, setDownloading] = useState(false);
  const data = report.data;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadUsageCsv(range);
    } catch (error) {
      showToast({ message: t('csv_failed', { reason: error instanceof Error ? error.message : '' }), status: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const isEmpty = data !== undefined && data.totals.messages === 0 && data.totals.replies === 0;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6 sm:pt-8" data-testid="admin-usage-page">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-xl font-semibold tracking-tight text-fg">{t('title')}</h1>
          <p className="mt-1 max-w-xl text-sm text-fg-secondary">{t('description')}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void download()} isLoading={isDownloading} disabled={!data} data-testid="usage-download-csv" className="self-start">
          {isDownloading ? null : <Download className="size-4" aria-hidden />}
          {t('download_csv')}
        </Button>
      </header>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <UsageRangePicker choice={choice} onChange={setChoice} />
        {data ? (
          <p className="text-xs text-fg-tertiary" data-testid="usage-range-text">
            {t('range_text', { from: formatDay(data.range.from, locale, true), to: formatDay(data.range.to, locale, true), count: data.range.days })}
          </p>
        ) : null}
      </div>

      {report.isPending ? (
        <div className="flex flex-col gap-4" aria-busy aria-label={t('loading')}>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="h-[104px] animate-pulse rounded-2xl bg-surface-tertiary/70" />
            ))}
          </div>
          <div className="h-72 animate-pulse rounded-2xl bg-surface-tertiary/70" />
        </div>
      ) : report.isError && !data ? (
        <div className="flex flex-col items-center rounded-2xl border border-line py-12 text-center" role="alert">
          <p className="text-[15px] text-fg-secondary">{t('load_failed', { reason: report.error.message })}</p>
          <Button variant="outline" className="mt-4" onClick={() => void report.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : data ? (
        <div className={cn('flex flex-col gap-4 transition-opacity', report.isPlaceholderData && 'opacity-60')} aria-busy={report.isPlaceholderData || undefined}>
          <UsageTiles report={data} />

          <Card title={t('daily_title')} hint={isEmpty ? undefined : t('daily_hint')} testId="usage-daily-card">
            {isEmpty ? (
              <div className="flex flex-col items-center py-10 text-center" data-testid="usage-empty">
                <span className="flex size-11 items-center justify-center rounded-full bg-surface-tertiary">
                  <BarChart3 className="size-5 text-fg-tertiary" aria-hidden />
                </span>
                <p className="mt-3 text-[15px] font-medium text-fg">{t('empty_title')}</p>
                <p className="mt-1 max-w-sm text-sm text-fg-secondary">{t('empty_body')}</p>
              </div>
            ) : (
              <>
                <div className="mb-2 flex gap-4 text-xs text-fg-secondary" aria-hidden>
                  <span className="flex items-center gap-1.5">
                    <span className="size-2.5 rounded-sm bg-accent" />
                    {t('legend_messages')}
                  </span>
                  <span className="flex items-center gap-1.5">
                    <span className="h-0.5 w-3 rounded-full bg-sky-500 dark:bg-sky-400" />
                    {t('legend_active_users')}
                  </span>
                </div>
                <DailyChart days={data.daily} />
              </>
            )}
          </Card>

          <div className="grid gap-4 lg:grid-cols-2">
            <Card title={t('models_title')} hint={data.balanceEnabled ? t('models_hint') : t('models_hint_no_balance')} testId="usage-models-card">
              {data.models.length === 0 ? <p className="py-6 text-center text-sm text-fg-tertiary">{t('models_empty')}</p> : <ModelBars models={data.models} showCredits={data.balanceEnabled} />}
            </Card>
            <Card title={t('users_title')} hint={t('users_hint')} testId="usage-users-card">
              <TopUsersTable users={data.topUsers} showCredits={data.balanceEnabled} />
            </Card>
            <Card title={t('events_title')} hint={t('events_hint')} testId="usage-events-card">
              <EventCounts events={data.events} />
            </Card>
            <Card title={t('violations_title')} hint={t('violations_hint')} testId="usage-violations-card">
              <ViolationsList violations={data.violations} />
            </Card>
          </div>
        </div>
      ) : null}
    </div>
  );
}
