import type { MessageAttachment } from '@confab/shared';
import { CircleAlert, SquareTerminal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../components/ui/spinner';
import { cn } from '../../../../lib/cn';
import { CodeRunOutput } from '../../../code-run/code-run-output';
import type { CodeRunRecord } from '../../../code-run/code-run-result';
import { setChatPreference, useChatPreferences } from '../../../settings/chat-preferences';
import { CodeBlockFrame } from '../../markdown/code-block-frame';
import { HighlightedCode } from '../../markdown/highlighted-code';
import type { ToolCall } from '../../stream/tool-call-events';
import { readExecuteCodeArgs } from './execute-code-args';
import { getToolCallStatus } from './tool-call-status';

/** LibreChat's language short names as highlight.js (and the code block's label) name them. */
const FENCE_NAMES: Readonly<Record<string, string>> = {
  py: 'python',
  js: 'javascript',
  ts: 'typescript',
  rs: 'rust',
  f90: 'fortran',
};

/**
 * An agent's execute_code call (issue 37), as LibreChat's code interpreter shows one: what it is
 * doing ("Running Python…", "Ran Python"), the code as the model writes it, then what the run
 * printed and the figures and files it made (this call's attachments, live from the stream and
 * kept with the reply). The code folds to its header as the user last chose (LibreChat's
 * `showAnalysisCode`); the output stays.
 */
export function ExecuteCodeCall({
  call,
  isSubmitting,
  attachments,
}: {
  call: ToolCall;
  isSubmitting: boolean;
  /** The reply's attachments; those of this call show under it. */
  attachments?: readonly MessageAttachment[] | undefined;
}) {
  const { t } = useTranslation('code-run');
  const isCodeShown = useChatPreferences((s) => s.showAnalysisCode);
  const { lang, code } = readExecuteCodeArgs(call.args);
  const status = getToolCallStatus(call, isSubmitting);
  const isRunning = status === 'running';
  const language = t(`languages.${lang || 'code'}`, { defaultValue: lang });
  const title =
    status === 'running'
      ? t('call.running', { language })
      : status === 'error'
        ? t(call.output === undefined ? 'call.unfinished' : 'call.failed', { language })
        : t('call.done', { language });
  const files = attachments?.filter((file) => file.toolCallId === call.id) ?? [];
  const runs: CodeRunRecord[] =
    call.output !== undefined || files.length ? [{ messageId: call.id, result: call.output, attachments: files }] : [];
  const output = runs.length || isRunning ? <CodeRunOutput runs={runs} isRunning={isRunning && !runs.length} /> : null;
  const fenceName = FENCE_NAMES[lang] ?? lang;

  return (
    <div
      className="my-3 max-w-3xl [&_.code-block]:my-0"
      data-testid="tool-call"
      data-tool={call.name}
      data-status={status}
    >
      <p
        className="mb-2 flex min-w-0 items-center gap-2 text-sm font-medium text-fg-secondary"
        data-testid="execute-code-title"
      >
        {isRunning ? (
          <Spinner className="size-4 text-accent" />
        ) : status === 'error' ? (
          <CircleAlert className="size-4 shrink-0 text-danger" aria-hidden />
        ) : (
          <SquareTerminal className="size-4 shrink-0 text-fg-tertiary" aria-hidden />
        )}
        <span className={cn('truncate', isRunning && 'animate-pulse')}>{title}</span>
      </p>
      {code ? (
        <CodeBlockFrame
          language={fenceName || null}
          code={code}
          footer={output}
          fold={{ isOpen: isCodeShown, onToggle: () => setChatPreference('showAnalysisCode', !isCodeShown) }}
        >
          <HighlightedCode language={fenceName} code={code} />
        </CodeBlockFrame>
      ) : output ? (
        // Output without code (a call stored without its arguments): the output's own box.
        <div className="overflow-hidden rounded-xl border border-line bg-[var(--code-bg)] [&>section]:border-t-0">
          {output}
        </div>
      ) : null}
    </div>
  );
}
