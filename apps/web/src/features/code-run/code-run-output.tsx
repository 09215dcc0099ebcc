import { Check, ChevronLeft, ChevronRight, CircleAlert, Copy, OctagonX, SquareTerminal } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useCopyToClipboard } from '../chat/hooks/use-copy-to-clipboard';
import { CodeRunFigure, CodeRunFileChip } from './code-run-files';
import {
  isAttachmentExpired,
  outputText,
  parseCodeRunResult,
  splitAttachments,
  type CodeRunRecord,
} from './code-run-result';

const headerButton =
  'focus-ring flex items-center gap-1 rounded-md px-1.5 py-1 transition-colors hover:bg-surface-hover hover:text-fg disabled:pointer-events-none disabled:opacity-40';
const stream =
  'scrollbar-thin max-h-80 overflow-auto font-mono text-[13px] leading-relaxed break-words whitespace-pre-wrap';

/**
 * The runs of one code block under it (SPEC 4, Code tool): what the program printed, its errors
 * (in red), the limit that stopped it, the figures it drew and the files it wrote. The last run
 * shows; earlier ones are a step back (LibreChat's result switcher). While a run is in progress the
 * previous output stays, dimmed.
 */
export function CodeRunOutput({ runs, isRunning }: { runs: readonly CodeRunRecord[]; isRunning: boolean }) {
  const { t } = useTranslation('code-run');
  // null: follow the newest run (a new one shows as soon as it lands).
  const [picked, setPicked] = useState<number | null>(null);
  const index = picked !== null && picked < runs.length ? picked : runs.length - 1;
  const run = runs[index];
  const output = useMemo(() => parseCodeRunResult(run?.result), [run]);
  const { isCopied, copy } = useCopyToClipboard();
  // Expiry is judged when the output renders; a page left open re-renders on the next run or reload.
  const now = Date.now();
  const split = useMemo(() => splitAttachments(run?.attachments), [run]);
  // An expired figure is a chip that says so, as other expired files are: no empty frame.
  const images = split.images.filter((file) => !isAttachmentExpired(file, now));
  const others = [...split.images.filter((file) => isAttachmentExpired(file, now)), ...split.others];
  if (!run && !isRunning) return null;

  const text = outputText(output);
  const isEmpty = !!run && !text && images.length === 0 && others.length === 0;
  const hasFailed = !!output.error || !!output.stderr;
  const go = (to: number) => setPicked(to === runs.length - 1 ? null : to);

  return (
    <section
      className="border-t border-line"
      aria-label={t('output')}
      aria-busy={isRunning}
      data-testid="code-run-output"
      data-state={isRunning ? 'running' : output.stop ? 'stopped' : hasFailed ? 'error' : 'done'}
    >
      <div className="flex h-9 items-center gap-2 bg-[var(--code-header-bg)] ps-4 pe-2 text-xs text-fg-secondary select-none">
        <span className="flex min-w-0 flex-1 items-center gap-1.5 font-medium">
          {isRunning ? <Spinner className="size-3.5" /> : <SquareTerminal className="size-3.5 shrink-0" aria-hidden />}
          <span className="truncate" role="status">
            {isRunning ? t('running') : t('output')}
          </span>
        </span>
        {runs.length > 1 ? (
          <nav className="flex items-center" aria-label={t('runs')}>
            <button
              type="button"
              className={headerButton}
              onClick={() => go(index - 1)}
              disabled={index === 0}
              aria-label={t('previous_run')}
            >
              <ChevronLeft className="size-3.5 rtl:rotate-180" aria-hidden />
            </button>
            <span className="min-w-[3ch] text-center tabular-nums" data-testid="code-run-position">
              {index + 1}/{runs.length}
            </span>
            <button
              type="button"
              className={headerButton}
              onClick={() => go(index + 1)}
              disabled={index === runs.length - 1}
              aria-label={t('next_run')}
            >
              <ChevronRight className="size-3.5 rtl:rotate-180" aria-hidden />
            </button>
          </nav>
        ) : null}
        {text ? (
          <button
            type="button"
            className={cn(headerButton, 'font-medium')}
            onClick={() => copy(text)}
            aria-label={isCopied ? t('copied') : t('copy_output')}
            data-testid="copy-code-output"
          >
            {isCopied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
            <span className="max-sm:sr-only">{isCopied ? t('copied') : t('copy')}</span>
          </button>
        ) : null}
      </div>
      <div
        dir="ltr"
        className={cn('flex flex-col gap-3 p-4 transition-opacity', isRunning && run && 'opacity-50')}
        data-testid="code-run-body"
      >
        {!run ? <div className="h-4 w-40 animate-pulse rounded bg-surface-hover" aria-hidden /> : null}
        {output.error ? (
          <p className="flex gap-2 text-[13px] text-danger" data-testid="code-run-error">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">{output.error}</span>
          </p>
        ) : null}
        {output.stdout ? (
          <pre className={cn(stream, 'text-fg')} data-testid="code-run-stdout">
            {output.stdout}
          </pre>
        ) : null}
        {output.stderr ? (
          <pre
            className={cn(stream, '-mx-1 rounded-lg bg-danger-soft px-3 py-2 text-danger')}
            aria-label={t('errors_output')}
            data-testid="code-run-stderr"
          >
            {output.stderr}
          </pre>
        ) : null}
        {output.stop ? (
          <p
            className="flex items-center gap-2 self-start rounded-lg border border-amber-500/30 bg-amber-500/10 px-2.5 py-1.5 text-[13px] font-medium text-amber-800 dark:text-amber-300"
            data-testid="code-run-stop"
          >
            <OctagonX className="size-4 shrink-0" aria-hidden />
            {output.stop.limit
              ? t('stopped_by', { limit: t(`limits.${output.stop.limit.replace(/ /g, '_')}`) })
              : output.stop.text}
          </p>
        ) : null}
        {isEmpty ? <p className="text-[13px] text-fg-tertiary italic">{t('no_output')}</p> : null}
        {images.length ? (
          <div className="flex flex-wrap gap-3">
            {images.map((file) => (
              <CodeRunFigure key={file.file_id} file={file} />
            ))}
          </div>
        ) : null}
        {others.length ? (
          <div className="flex flex-wrap gap-2" aria-label={t('files')} role="group">
            {others.map((file) => (
              <CodeRunFileChip key={file.file_id} file={file} now={now} />
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}
