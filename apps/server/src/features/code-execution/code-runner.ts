import type { Readable } from 'node:stream';
import type { CodeLanguage } from '@confab/shared';

/**
 * Issue 37: one contract for where code runs: the local sandbox (platform/sandbox) by default, or
 * LibreChat's Code Interpreter API when LIBRECHAT_CODE_API_KEY / LIBRECHAT_CODE_BASEURL say so.
 * The Run button (POST /api/agents/tools/execute_code/call) and the agents' execute_code tool
 * both call a CodeRunner, never the sandbox or the remote service directly.
 */

/** LibreChat's code languages (@confab/shared); the local sandbox runs py, js and ts. */
export type { CodeLanguage } from '@confab/shared';

export interface CodeRunFileIn {
  /** The user's file id (files table), for produced-file bookkeeping. */
  fileId: string;
  /** The plain name it gets in the working folder. */
  name: string;
  read: () => Promise<Readable>;
}

export interface CodeRunRequest {
  userId: string;
  /** Runs of one conversation share a working folder (its state and files) for a while. */
  conversationId: string;
  lang: CodeLanguage;
  code: string;
  files?: CodeRunFileIn[];
  /** The user's own key when the remote service is set to user_provided. */
  userApiKey?: string;
  /** Arguments after the program (LibreChat's execute_code `args`). */
  args?: string[];
  signal?: AbortSignal;
}

export interface CodeRunProducedFile {
  name: string;
  size: number;
  mime: string;
  read: () => Promise<Readable>;
}

export interface CodeRunResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  /** The limit that stopped the run, in words for the user ("wall time", "memory"...). */
  killedBy?: string;
  aborted?: boolean;
  files: CodeRunProducedFile[];
}

export interface CodeRunnerStatus {
  available: boolean;
  /** Why code cannot run, for an administrator. */
  reason?: string;
  /** Remote with user_provided: each user must install their key first. */
  requiresUserKey: boolean;
  languages: CodeLanguage[];
  /** How long a conversation's files stay in its working folder after a run (produced files' expiresAt). */
  filesTtlMs?: number;
}

/**
 * A run that could not start or finish for a reason the user is told (SPEC 8 code run failure):
 * 'unavailable' (no sandbox, language off, service down), 'key_required' (user_provided and no
 * key, or the service refused it), 'failed' (anything else). Other errors are the server's.
 */
export class CodeRunError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'key_required' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'CodeRunError';
  }
}

export interface CodeRunner {
  status(): Promise<CodeRunnerStatus>;
  run(request: CodeRunRequest): Promise<CodeRunResult>;
}
