import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { CODE_LANGUAGES } from '@confab/shared';
import { CodeBlockFrame } from '../chat/markdown/code-block-frame';
import { codeBlockIndex } from './code-block-index';
import { CODE_KEY_SPEC, type CodeToolAuth } from './code-run-api';
import { useCanRunCode, useCodeRuns, useCodeToolAuth } from './code-run-queries';
import { codeRunKey } from './code-run-result';
import type { CodeRunScope } from './code-run-scope';
import { CodeKeyButton, RunCodeButton } from './run-code-button';
import { CodeRunOutput } from './code-run-output';
import { DEFAULT_RUNNABLE_LANGUAGES, runnableLanguage, toCodeLanguage, type CodeLanguage } from './runnable-language';
import { useRunCode } from './use-run-code';

const ToolKeyDialog = lazy(async () => ({ default: (await import('../tool-keys/tool-key-dialog')).ToolKeyDialog }));

/** Every language LibreChat's Code Interpreter API runs: what a user_provided (remote) server offers. */
const REMOTE_LANGUAGES: readonly CodeLanguage[] = CODE_LANGUAGES;

/** The languages the server runs: as it says, else the remote service's when it is one, else the sandbox's. */
function languagesOf(auth: CodeToolAuth | undefined): readonly string[] {
  if (auth?.languages) return auth.languages;
  return auth?.message === 'user_provided' ? REMOTE_LANGUAGES : DEFAULT_RUNNABLE_LANGUAGES;
}

/**
 * A code block of a reply that may run (SPEC 4, Code tool): with RUN_CODE USE and a language the
 * server runs, Run sits beside Copy once the reply has finished; its runs (kept by the server with
 * the message, LibreChat's tool calls) show under the code, after a reload too.
 */
export function RunnableCodeBlock({
  scope,
  language,
  code,
  children,
}: {
  scope: CodeRunScope;
  language: string | null;
  code: string;
  children: ReactNode;
}) {
  const canRun = useCanRunCode();
  const isCodeLike = toCodeLanguage(language) !== null;
  const { data: auth } = useCodeToolAuth(canRun && isCodeLike);
  const lang = runnableLanguage(language, languagesOf(auth));
  const blockIndex = useMemo(
    () => (isCodeLike ? codeBlockIndex(scope.partText, code) : -1),
    [isCodeLike, scope.partText, code],
  );
  const isRunnable = !!lang && blockIndex !== -1 && !scope.isStreaming;
  const allRuns = useCodeRuns(scope.conversationId, isCodeLike && blockIndex !== -1 && !scope.isStreaming);
  const runs = allRuns?.get(codeRunKey({ messageId: scope.messageId, partIndex: scope.partIndex, blockIndex }));
  const runner = useRunCode(auth);
  const isKeyInstalled = auth?.message === 'user_provided' && auth.authenticated;

  const actions =
    canRun && isRunnable && lang ? (
      <>
        {isKeyInstalled ? <CodeKeyButton onOpen={runner.openKeyDialog} /> : null}
        <RunCodeButton
          isRunning={runner.isRunning}
          onRun={() =>
            runner.run({
              messageId: scope.messageId,
              conversationId: scope.conversationId,
              partIndex: scope.partIndex,
              blockIndex,
              lang,
              code,
            })
          }
        />
      </>
    ) : null;
  const hasOutput = !!runs?.length || runner.isRunning;

  return (
    <>
      <CodeBlockFrame
        language={language}
        code={code}
        actions={actions}
        footer={hasOutput ? <CodeRunOutput runs={runs ?? []} isRunning={runner.isRunning} /> : null}
      >
        {children}
      </CodeBlockFrame>
      {runner.keyDialog.isOpen ? (
        <Suspense fallback={null}>
          <ToolKeyDialog
            spec={CODE_KEY_SPEC}
            isOpen
            onOpenChange={runner.setKeyDialogOpen}
            isInstalled={!!isKeyInstalled}
            notice={runner.keyDialog.notice}
            willRun={!!runner.keyDialog.pending}
            onInstalled={runner.onKeyInstalled}
          />
        </Suspense>
      ) : null}
    </>
  );
}
