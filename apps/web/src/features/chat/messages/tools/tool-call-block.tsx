import { CircleAlert, CircleCheck, ChevronRight, ExternalLink, ShieldAlert, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../components/ui/spinner';
import { cn } from '../../../../lib/cn';
import type { ToolCall } from '../../stream/tool-call-events';
import {
  formatToolText,
  getSignInDomain,
  getSignInUrl,
  getToolCallStatus,
  parseToolName,
  type ToolCallStatus,
} from './tool-call-status';

function StatusIcon({ status, label }: { status: ToolCallStatus; label: string }) {
  if (status === 'running') return <Spinner className="size-4 text-accent" label={label} />;
  if (status === 'error') return <CircleAlert className="size-4 text-danger" aria-hidden />;
  return <CircleCheck className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />;
}

function ToolText({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <div className="min-w-0">
      <div className="mb-1 text-[11px] font-semibold tracking-wider text-fg-tertiary uppercase">{label}</div>
      <pre
        className="scrollbar-thin max-h-72 overflow-auto rounded-lg bg-surface px-3 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-fg-secondary"
        data-testid={testId}
      >
        {text}
      </pre>
    </div>
  );
}

/**
 * A tool call in a reply (SPEC 4): the tool's name (an MCP tool with its server), a spinner
 * while it runs, a check or an error when it ends; arguments and output open on demand. A call
 * waiting on the user's OAuth consent shows the sign-in link with the trusted-sites warning.
 */
export function ToolCallBlock({
  call,
  isSubmitting,
  defaultOpen = false,
}: {
  call: ToolCall;
  isSubmitting: boolean;
  /** Open with its details showing (the meme grid's details button opens it for one slot). */
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation('agents');
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const status = getToolCallStatus(call, isSubmitting);
  const { tool, server } = parseToolName(call.name);
  const signInUrl = getSignInUrl(call, status);
  const args = formatToolText(call.args);
  const output = call.output !== undefined ? formatToolText(call.output) : '';
  const title =
    status === 'running'
      ? t('tool_call.running', { tool })
      : status === 'error'
        ? call.output === undefined
          ? t('tool_call.unfinished', { tool })
          : t('tool_call.failed', { tool })
        : t('tool_call.done', { tool });
  return (
    <div className="my-2.5" data-testid="tool-call" data-status={status} data-tool={call.name}>
      <button
        type="button"
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
        className={cn(
          'focus-ring group inline-flex max-w-full items-center gap-2 rounded-xl border border-line bg-surface-secondary py-1.5 ps-2.5 pe-2 text-sm transition-colors hover:bg-surface-hover',
          status === 'error' && 'border-danger-line',
        )}
        data-testid="tool-call-toggle"
      >
        <StatusIcon status={status} label={t('tool_call.in_progress')} />
        <Wrench className="size-3.5 shrink-0 text-fg-tertiary" aria-hidden />
        <span className={cn('truncate font-medium text-fg', status === 'running' && 'animate-pulse')}>{title}</span>
        {server ? (
          <span className="truncate text-fg-tertiary" data-testid="tool-call-server">
            {t('tool_call.from_server', { server })}
          </span>
        ) : null}
        <ChevronRight
          className={cn('size-4 shrink-0 text-fg-tertiary transition-transform duration-200', isOpen && 'rotate-90')}
          aria-hidden
        />
      </button>
      {signInUrl ? (
        <div
          className="mt-2 flex max-w-xl flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm"
          data-testid="tool-call-sign-in"
        >
          <ShieldAlert className="size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
          <span className="min-w-0 flex-1 text-fg-secondary">{t('tool_call.trusted_warning')}</span>
          <a
            href={signInUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="focus-ring inline-flex items-center gap-1.5 rounded-lg bg-accent px-2.5 py-1 text-sm font-medium text-on-accent hover:bg-accent-hover"
            title={getSignInDomain(signInUrl)}
          >
            {t('tool_call.sign_in', { domain: getSignInDomain(signInUrl) })}
            <ExternalLink className="size-3.5" aria-hidden />
          </a>
        </div>
      ) : null}
      {isOpen ? (
        <div
          className="mt-2 grid max-w-3xl gap-3 rounded-xl border border-line bg-surface-secondary p-3"
          data-testid="tool-call-details"
        >
          <ToolText label={t('tool_call.arguments')} text={args || t('tool_call.no_arguments')} testId="tool-call-args" />
          {call.output !== undefined ? (
            <ToolText label={t('tool_call.output')} text={output} testId="tool-call-output" />
          ) : (
            <div className="text-xs text-fg-tertiary">
              {status === 'running' ? t('tool_call.waiting_output') : t('tool_call.no_output')}
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
