import {
  sandboxSessionId,
  SandboxUnavailableError,
  SANDBOX_LANGUAGES,
  type Sandbox,
  type SandboxLanguage,
  type SandboxLimitName,
} from '../../platform/sandbox/index.js';
import {
  CodeRunError,
  type CodeLanguage,
  type CodeRunner,
  type CodeRunnerStatus,
  type CodeRunRequest,
  type CodeRunResult,
} from './code-runner.js';

/** The sandbox's limit names in the words the user reads ("stopped: memory limit"). */
const LIMIT_WORDS: Record<SandboxLimitName, string> = {
  'wall-time': 'wall time',
  memory: 'memory',
  processes: 'processes',
  output: 'output size',
  'file-size': 'file size',
};

const isSandboxLanguage = (lang: CodeLanguage): lang is SandboxLanguage =>
  (SANDBOX_LANGUAGES as readonly string[]).includes(lang);

/**
 * The default CodeRunner (issue 37): the local sandbox on this server. Each user's conversation
 * has its own working folder (sandboxSessionId), kept between runs for the sandbox's session time.
 */
export function createLocalCodeRunner(
  sandbox: Sandbox,
  options: { sessionTtlMs: number },
): CodeRunner & {
  readonly sessionTtlMs: number;
} {
  return {
    sessionTtlMs: options.sessionTtlMs,
    async status(): Promise<CodeRunnerStatus> {
      const status = await sandbox.status();
      return {
        available: status.available,
        ...(status.reason ? { reason: status.reason } : {}),
        requiresUserKey: false,
        languages: status.languages,
        filesTtlMs: options.sessionTtlMs,
      };
    },
    async run(request: CodeRunRequest): Promise<CodeRunResult> {
      if (!isSandboxLanguage(request.lang)) {
        throw new CodeRunError('unavailable', `${request.lang} does not run on this server`);
      }
      const sessionId = sandboxSessionId(request.userId, request.conversationId);
      const files = await Promise.all(
        (request.files ?? []).map(async (file) => ({ name: file.name, data: await file.read() })),
      );
      const result = await sandbox
        .runCode({
          lang: request.lang,
          code: request.code,
          sessionId,
          files,
          ...(request.args?.length ? { args: request.args } : {}),
          ...(request.signal ? { signal: request.signal } : {}),
        })
        .catch((error: unknown) => {
          if (error instanceof SandboxUnavailableError) throw new CodeRunError('unavailable', error.message);
          throw error;
        });
      return {
        stdout: result.stdout,
        stderr: result.stderr,
        exitCode: result.exitCode,
        ...(result.killedBy ? { killedBy: LIMIT_WORDS[result.killedBy] } : {}),
        ...(result.aborted ? { aborted: true } : {}),
        files: result.files.map((file) => ({
          name: file.name,
          size: file.size,
          mime: file.mime,
          read: () => sandbox.openFile(sessionId, file.path),
        })),
      };
    },
  };
}
