import { ChevronRight, Download, RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { buttonClasses } from '../../components/ui/button-variants';
import { useAppTitle } from '../config/use-document-title';
import { formatErrorLog, getErrorDetails, type ErrorDetails } from './error-details';
import { NotFoundPage } from './not-found-page';

function downloadErrorLog(details: ErrorDetails): void {
  const text = formatErrorLog(details, { url: window.location.href, userAgent: navigator.userAgent, time: new Date() });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `error-log-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A collapsed section: the native disclosure, since this page is in every route's first download. */
function Section({ title, body, testId }: { title: string; body: string; testId: string }) {
  return (
    <details className="group rounded-xl border border-line" data-testid={testId}>
      <summary className="focus-ring flex w-full cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 text-left text-sm font-medium text-fg select-none hover:bg-surface-tertiary [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 text-fg-tertiary transition-transform group-open:rotate-90" aria-hidden />
        {title}
      </summary>
      <pre className="scrollbar-thin max-h-72 overflow-auto border-t border-line px-4 py-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-fg-secondary">
        {body}
      </pre>
    </details>
  );
}

/**
 * The router's error element (SPEC 2) for what crashed: message, status, stack, details, refresh,
 * download log. A 404 raised by the router is no crash and gets the not-found page.
 */
export function ErrorPage() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage isStandalone /> : <CrashPage error={error} />;
}

function CrashPage({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const details = getErrorDetails(error);
  const appTitle = useAppTitle();

  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface px-5 py-12 text-fg" data-testid="error-page">
      <div className="w-full max-w-xl">
        <span className="flex size-12 items-center justify-center rounded-full bg-danger-soft">
          <TriangleAlert className="size-6 text-danger" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight">
          {t('error_title')}
        </h1>
        <p className="mt-2 text-[15px] leading-relaxed text-fg-secondary">
          {t('error_description')}
        </p>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-surface-tertiary px-4 py-3 text-sm">
          {details.status !== null ? (
            <>
              <dt className="text-fg-tertiary">{t('error_status')}</dt>
              <dd className="font-mono" data-testid="error-status">
                {details.status}
              </dd>
            </>
          ) : null}
          <dt className="text-fg-tertiary">{t('error_message')}</dt>
          <dd className="font-mono break-words" data-testid="error-message">
            {details.message}
          </dd>
        </dl>
        <div className="mt-4 flex flex-col gap-2">
          {details.stack ? <Section title={t('error_stack')} body={details.stack} testId="error-stack" /> : null}
          {details.details && details.details !== details.message ? (
            <Section title={t('error_details')} body={details.details} testId="error-details" />
          ) : null}
        </div>
        <div className="mt-6 flex flex-wrap gap-2">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw className="size-4" aria-hidden />
            {t('error_refresh')}
          </Button>
          <Button variant="outline" onClick={() => downloadErrorLog(details)}>
            <Download className="size-4" aria-hidden />
            {t('error_download_log')}
          </Button>
          <Link to="/" className={buttonClasses('ghost', 'md')} reloadDocument>
            {t('back_home', { appTitle })}
          </Link>
        </div>
      </div>
    </main>
  );
}
